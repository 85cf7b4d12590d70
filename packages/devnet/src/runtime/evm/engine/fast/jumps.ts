const PUSH1 = 0x60;
const PUSH32 = 0x7f;
const JUMPDEST = 0x5b;

/** One byte per code byte: 1 where a JUMPDEST opcode is (not inside a PUSH's data), where JUMP may land. */
export function jumpDestinations(code: Uint8Array): Uint8Array {
  const valid = new Uint8Array(code.length);
  for (let pc = 0; pc < code.length; pc++) {
    const op = code[pc]!;
    if (op === JUMPDEST) valid[pc] = 1;
    else if (op >= PUSH1 && op <= PUSH32) pc += op - PUSH1 + 1;
  }
  return valid;
}
