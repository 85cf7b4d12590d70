/**
 * The opcodes the fast interpreter runs (Cancun), each with its static gas and the stack words it takes and
 * gives. Everything else — calls, creates, other accounts' balances and code, block hashes, blobs, SELFDESTRUCT,
 * undefined opcodes — is left to the library (`UNSUPPORTED`; INVALID, 0xfe, halts). Gas figures are the yellow paper's tiers with EIP-2929 and
 * EIP-1153; dynamic parts (memory, copies, storage, EXP, LOG) are charged where the opcode runs.
 */
export const UNSUPPORTED = -1;

/** Static gas per opcode, `UNSUPPORTED` where the fast interpreter stops. */
export const STATIC_GAS = new Int32Array(256).fill(UNSUPPORTED);
/** Words each opcode pops. */
export const STACK_IN = new Uint8Array(256);
/** Words each opcode pushes. */
export const STACK_OUT = new Uint8Array(256);

function define(ops: number[], gas: number, pops: number, pushes: number): void {
  for (const op of ops) {
    STATIC_GAS[op] = gas;
    STACK_IN[op] = pops;
    STACK_OUT[op] = pushes;
  }
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

define([0x00], 0, 0, 0); // STOP
define([0x01, 0x03], 3, 2, 1); // ADD SUB
define([0x02, 0x04, 0x05, 0x06, 0x07, 0x0b], 5, 2, 1); // MUL DIV SDIV MOD SMOD SIGNEXTEND
define([0x08, 0x09], 8, 3, 1); // ADDMOD MULMOD
define([0x0a], 10, 2, 1); // EXP (+50 per exponent byte)
define([0x10, 0x11, 0x12, 0x13, 0x14, 0x16, 0x17, 0x18, 0x1a, 0x1b, 0x1c, 0x1d], 3, 2, 1); // comparisons, bitwise, shifts
define([0x15, 0x19], 3, 1, 1); // ISZERO NOT
define([0x20], 30, 2, 1); // KECCAK256 (+6 per word, memory)
define([0x30, 0x32, 0x33, 0x34, 0x36, 0x38, 0x3a, 0x3d], 2, 0, 1); // ADDRESS ORIGIN CALLER CALLVALUE CALLDATASIZE CODESIZE GASPRICE RETURNDATASIZE
define([0x35], 3, 1, 1); // CALLDATALOAD
define([0x37, 0x39, 0x3e], 3, 3, 0); // CALLDATACOPY CODECOPY RETURNDATACOPY (+3 per word, memory)
define([0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x48], 2, 0, 1); // COINBASE TIMESTAMP NUMBER PREVRANDAO GASLIMIT CHAINID BASEFEE
define([0x50], 2, 1, 0); // POP
define([0x51], 3, 1, 1); // MLOAD
define([0x52, 0x53], 3, 2, 0); // MSTORE MSTORE8
define([0x54], 0, 1, 1); // SLOAD (100 warm, 2 100 cold)
define([0x55], 0, 2, 0); // SSTORE (EIP-2200 with EIP-2929)
define([0x56], 8, 1, 0); // JUMP
define([0x57], 10, 2, 0); // JUMPI
define([0x58, 0x59, 0x5a], 2, 0, 1); // PC MSIZE GAS
define([0x5b], 1, 0, 0); // JUMPDEST
define([0x5c], 100, 1, 1); // TLOAD
define([0x5d], 100, 2, 0); // TSTORE
define([0x5e], 3, 3, 0); // MCOPY (+3 per word, memory)
define([0x5f], 2, 0, 1); // PUSH0
define(range(0x60, 0x7f), 3, 0, 1); // PUSH1..PUSH32
for (let n = 1; n <= 16; n++) {
  define([0x7f + n], 3, n, n + 1); // DUPn
  define([0x8f + n], 3, n + 1, n + 1); // SWAPn
}
for (let n = 0; n <= 4; n++) define([0xa0 + n], 375, n + 2, 0); // LOGn (+375 per topic, 8 per byte, memory)
define([0xf3, 0xfd], 0, 2, 0); // RETURN REVERT (memory)

export const STACK_LIMIT = 1024;

/**
 * Opcodes whose gas the library works out from their stack before charging it (so a short stack may be found
 * before or after a shortage of gas, depending on the opcode's handler).
 */
export const DYNAMIC_GAS = new Uint8Array(256);
for (const op of [
  0x0a, 0x20, 0x37, 0x39, 0x3e, 0x51, 0x52, 0x53, 0x54, 0x55, 0x5e, 0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xf3, 0xfd,
])
  DYNAMIC_GAS[op] = 1;
