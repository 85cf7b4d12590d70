import { bytesToHex } from '@nftkit/primitives';
import { keccak256 } from '../../../../crypto/keccak.js';
import { BLOCK_GAS_LIMIT } from '../../blockGasLimit.js';
import { bytesToWord, readWord, word32, writeWord } from '../../words.js';
import { DYNAMIC_GAS, STACK_IN, STACK_LIMIT, STACK_OUT, STATIC_GAS, UNSUPPORTED } from './opcodes.js';

/** One top-level call to contract code, with no value (the only kind the fast interpreter takes). */
export type FastCall = {
  code: Uint8Array;
  /** `jumpDestinations(code)`, kept with the code by the caller. */
  jumpdests: Uint8Array;
  address: Uint8Array;
  caller: Uint8Array;
  data: Uint8Array;
  gasLimit: number;
  blockNumber: bigint;
  timestamp: bigint;
  chainId: bigint;
  /** BASEFEE and GASPRICE. */
  baseFee: bigint;
  gasPrice: bigint;
  /** The contract's stored value of a slot (zero when unset), read at most once per slot. */
  slot(key: bigint): bigint;
  /** When the run must stop (`Date.now()` ms): a simulation's deadline; none for a transaction. */
  deadline?: number;
};

export type FastLog = [address: Uint8Array, topics: Uint8Array[], data: Uint8Array];

/** A run's end as the library would have given it: RETURN or STOP, REVERT, or an exceptional halt. */
export type FastOutcome = {
  /** Undefined on success, `revert`, or the library's text for the halt (`out of gas`, `invalid JUMP`, …). */
  error: string | undefined;
  returnData: Uint8Array;
  gasUsed: number;
  /** The EIP-3529 refund earned (zero unless it succeeded), before the transaction's cap. */
  gasRefund: number;
  /** Empty unless it succeeded. */
  logs: FastLog[];
  /** Slots whose value now differs from the stored one (none unless it succeeded). */
  writes: { key: bigint; value: bigint }[];
};

/**
 * Why the run was given up, with nothing written: `opcode` — it reached an opcode this interpreter leaves to the
 * library; `halt` — a halt whose cause depends on the library's order of checks (an opcode with dynamic gas short
 * of stack: its gas or its stack may be found wanting first); `deadline` — the call's deadline passed.
 */
export type GivenUp = { givenUp: 'opcode' | 'halt' | 'deadline' };

const SLOAD_COLD = 2100;
const WARM_READ = 100;
const SSTORE_SET = 20_000;
const SSTORE_RESET = 2900;
const SSTORE_SENTRY = 2300;
/** EIP-3529: clearing a slot refunds this much (SSTORE_RESET + ACCESS_LIST_STORAGE_KEY). */
const SSTORE_CLEARS = 4800;
const MAX_OFFSET = 0xffff_ffffn;
const MAX_WORD = (1n << 256n) - 1n;
const SMALL = Array.from({ length: 256 }, (_, i) => BigInt(i));
const OPCODE: GivenUp = { givenUp: 'opcode' };
const AMBIGUOUS: GivenUp = { givenUp: 'halt' };
const DEADLINE: GivenUp = { givenUp: 'deadline' };
/**
 * Jumps between two looks at the clock. Only a jump makes a run long (straight-line code ends within the code's
 * length), and a clock read per jump would cost a loop-heavy call a good share of its time.
 */
const JUMPS_PER_CLOCK_CHECK = 1024;
const INVALID = 0xfe;
const OUT_OF_GAS = 'out of gas';
const EMPTY = new Uint8Array(0);

type Slot = { original: bigint; current: bigint };

const u256 = (x: bigint) => BigInt.asUintN(256, x);
const i256 = (x: bigint) => BigInt.asIntN(256, x);
const wordBytes = (n: bigint) => (n === 0n ? 0 : Math.ceil(n.toString(16).length / 2));

function exp(base: bigint, e: bigint): bigint {
  let result = 1n;
  let b = base;
  while (e > 0n) {
    if (e & 1n) result = u256(result * b);
    e >>= 1n;
    if (e > 0n) b = u256(b * b);
  }
  return result;
}

/**
 * Runs the code of one call with no value and no calls out, on the EVM's rules as `@ethereumjs/evm` applies them for
 * Cancun: the same gas, return data, logs, slot writes and halts (the differential tests hold it to that). It stops
 * at the first thing it does not do itself (`GivenUp`), before anything is written, and the library runs the call
 * instead.
 */
export function interpret(call: FastCall): FastOutcome | GivenUp {
  // A run's stack and first memory are the module's, taken afresh only by a run inside a run (none today): allocating
  // them cost more than a small call's whole execution. Nothing a run answers points into them (returns and logs
  // are copies), the memory is zeroed before use, and stack slots above `sp` are never read.
  const reuse = !scratch.inUse;
  scratch.inUse = true;
  try {
    return run(
      call,
      reuse ? scratch.stack : new Array(STACK_LIMIT),
      reuse ? scratch.mem.fill(0) : new Uint8Array(SCRATCH_MEMORY),
    );
  } finally {
    if (reuse) scratch.inUse = false;
  }
}

const SCRATCH_MEMORY = 4096;
const scratch = {
  inUse: false,
  stack: new Array<bigint>(STACK_LIMIT),
  mem: new Uint8Array(SCRATCH_MEMORY),
  /** A PUSH's immediate, zero-padded on the left (and on the right past the code's end). */
  push: new Uint8Array(32),
};
const pushView = new DataView(scratch.push.buffer);

function run(call: FastCall, stack: bigint[], firstMemory: Uint8Array): FastOutcome | GivenUp {
  const { code, jumpdests, data } = call;
  let sp = 0;
  let gas = call.gasLimit;
  let pc = 0;
  let mem = firstMemory;
  let view = new DataView(mem.buffer);
  let memSize = 0;
  let memCost = 0;
  const slots = new Map<bigint, Slot>();
  let transient: Map<bigint, bigint> | undefined;
  const logs: FastLog[] = [];
  const deadline = call.deadline;
  let jumpsToCheck = JUMPS_PER_CLOCK_CHECK;
  /** EIP-2200 with EIP-3529's amounts; it may dip below zero on the way, never at the end. */
  let refund = 0;
  // An exceptional halt consumes all the gas and keeps nothing, as in the library.
  /** The library names where a jump failed: the code's hash, the contract, the JUMP's offset. */
  const badJump = () =>
    halt(`invalid JUMP at ${bytesToHex(keccak256(code))}/${bytesToHex(call.address).toLowerCase()}:${pc}`);
  const halt = (error: string): FastOutcome => ({
    error,
    returnData: EMPTY,
    gasUsed: call.gasLimit,
    gasRefund: 0,
    logs: [],
    writes: [],
  });
  // Made at the first ADDRESS or CALLER: most view calls use neither.
  let addressWord: bigint | undefined;
  let callerWord: bigint | undefined;

  /** Charges and makes the memory expansion to `off + size` (size > 0); false when out of gas. */
  const expand = (off: number, size: number): boolean => {
    const end = off + size;
    if (end <= memSize) return true;
    const words = Math.ceil(end / 32);
    const cost = 3 * words + Math.floor((words * words) / 512);
    if (gas < cost - memCost) return false;
    gas -= cost - memCost;
    memCost = cost;
    memSize = words * 32;
    if (memSize > mem.length) {
      const grown = new Uint8Array(Math.max(memSize, mem.length * 2));
      grown.set(mem);
      mem = grown;
      view = new DataView(mem.buffer);
    }
    return true;
  };
  /** A memory range from the stack: its start, or -1 when too large for any gas (a halt). Size 0 needs no memory. */
  const range = (off: bigint, size: bigint): number => {
    if (size === 0n) return 0;
    if (off > MAX_OFFSET || size > MAX_OFFSET) return -1;
    const o = Number(off);
    return expand(o, Number(size)) ? o : -1;
  };
  const copyGas = (size: bigint): boolean => {
    const cost = 3 * Math.ceil(Number(size) / 32);
    if (gas < cost) return false;
    gas -= cost;
    return true;
  };
  /** Copies `size` bytes of `src` from `from` (zeros past its end) to memory at `to`. */
  const copyIn = (src: Uint8Array, to: number, from: bigint, size: number) => {
    const start = from > BigInt(src.length) ? src.length : Number(from);
    const n = Math.min(size, src.length - start);
    if (n > 0) mem.set(src.subarray(start, start + n), to);
    mem.fill(0, to + Math.max(n, 0), to + size);
  };
  /** A slot's first access in this run: its stored value, the slot warm from now on (its gas is the caller's). */
  const firstAccess = (key: bigint): Slot => {
    const v = call.slot(key);
    const s = { original: v, current: v };
    slots.set(key, s);
    return s;
  };
  const loadSlot = (key: bigint): Slot | undefined => {
    const s = slots.get(key);
    if (s) {
      if (gas < WARM_READ) return undefined;
      gas -= WARM_READ;
      return s;
    }
    if (gas < SLOAD_COLD) return undefined;
    gas -= SLOAD_COLD;
    return firstAccess(key);
  };
  const done = (reverted: boolean, off: bigint, size: bigint): FastOutcome => {
    const o = range(off, size);
    if (o < 0) return halt(OUT_OF_GAS);
    const returnData = size === 0n ? EMPTY : mem.slice(o, o + Number(size));
    const writes: FastOutcome['writes'] = [];
    if (!reverted)
      for (const [key, s] of slots) if (s.current !== s.original) writes.push({ key, value: s.current });
    return {
      error: reverted ? 'revert' : undefined,
      returnData,
      gasUsed: call.gasLimit - gas,
      gasRefund: reverted ? 0 : refund,
      logs: reverted ? [] : logs,
      writes,
    };
  };

  for (;;) {
    if (pc >= code.length) return done(false, 0n, 0n);
    const op = code[pc]!;
    const cost = STATIC_GAS[op]!;
    if (cost === UNSUPPORTED) return op === INVALID ? halt('invalid opcode') : OPCODE;
    // The library checks an opcode's stack after its gas, except where its gas depends on the stack.
    if (sp < STACK_IN[op]! && DYNAMIC_GAS[op]) return AMBIGUOUS;
    if (gas < cost) return halt(OUT_OF_GAS);
    gas -= cost;
    if (sp < STACK_IN[op]!) return halt('stack underflow');
    if (sp - STACK_IN[op]! + STACK_OUT[op]! > STACK_LIMIT) return halt('stack overflow');
    switch (op) {
      case 0x00:
        return done(false, 0n, 0n);
      case 0x01:
        sp--;
        stack[sp - 1] = u256(stack[sp]! + stack[sp - 1]!);
        break;
      case 0x02:
        sp--;
        stack[sp - 1] = u256(stack[sp]! * stack[sp - 1]!);
        break;
      case 0x03:
        sp--;
        stack[sp - 1] = u256(stack[sp]! - stack[sp - 1]!);
        break;
      case 0x04: {
        sp--;
        const b = stack[sp - 1]!;
        stack[sp - 1] = b === 0n ? 0n : stack[sp]! / b;
        break;
      }
      case 0x05: {
        sp--;
        const b = stack[sp - 1]!;
        stack[sp - 1] = b === 0n ? 0n : u256(i256(stack[sp]!) / i256(b));
        break;
      }
      case 0x06: {
        sp--;
        const b = stack[sp - 1]!;
        stack[sp - 1] = b === 0n ? 0n : stack[sp]! % b;
        break;
      }
      case 0x07: {
        sp--;
        const b = stack[sp - 1]!;
        stack[sp - 1] = b === 0n ? 0n : u256(i256(stack[sp]!) % i256(b));
        break;
      }
      case 0x08: {
        sp -= 2;
        const n = stack[sp - 1]!;
        stack[sp - 1] = n === 0n ? 0n : (stack[sp + 1]! + stack[sp]!) % n;
        break;
      }
      case 0x09: {
        sp -= 2;
        const n = stack[sp - 1]!;
        stack[sp - 1] = n === 0n ? 0n : (stack[sp + 1]! * stack[sp]!) % n;
        break;
      }
      case 0x0a: {
        sp--;
        const e = stack[sp - 1]!;
        const dynamic = 50 * wordBytes(e);
        if (gas < dynamic) return halt(OUT_OF_GAS);
        gas -= dynamic;
        stack[sp - 1] = exp(stack[sp]!, e);
        break;
      }
      case 0x0b: {
        sp--;
        const k = stack[sp]!;
        const x = stack[sp - 1]!;
        if (k < 31n) {
          const bit = k * 8n + 7n;
          const mask = (1n << (bit + 1n)) - 1n;
          stack[sp - 1] = (x >> bit) & 1n ? (x | ~mask) & MAX_WORD : x & mask;
        }
        break;
      }
      case 0x10:
        sp--;
        stack[sp - 1] = stack[sp]! < stack[sp - 1]! ? 1n : 0n;
        break;
      case 0x11:
        sp--;
        stack[sp - 1] = stack[sp]! > stack[sp - 1]! ? 1n : 0n;
        break;
      case 0x12:
        sp--;
        stack[sp - 1] = i256(stack[sp]!) < i256(stack[sp - 1]!) ? 1n : 0n;
        break;
      case 0x13:
        sp--;
        stack[sp - 1] = i256(stack[sp]!) > i256(stack[sp - 1]!) ? 1n : 0n;
        break;
      case 0x14:
        sp--;
        stack[sp - 1] = stack[sp]! === stack[sp - 1]! ? 1n : 0n;
        break;
      case 0x15:
        stack[sp - 1] = stack[sp - 1]! === 0n ? 1n : 0n;
        break;
      case 0x16:
        sp--;
        stack[sp - 1] = stack[sp]! & stack[sp - 1]!;
        break;
      case 0x17:
        sp--;
        stack[sp - 1] = stack[sp]! | stack[sp - 1]!;
        break;
      case 0x18:
        sp--;
        stack[sp - 1] = stack[sp]! ^ stack[sp - 1]!;
        break;
      case 0x19:
        stack[sp - 1] = MAX_WORD ^ stack[sp - 1]!;
        break;
      case 0x1a: {
        sp--;
        const i = stack[sp]!;
        stack[sp - 1] = i < 32n ? (stack[sp - 1]! >> (248n - i * 8n)) & 0xffn : 0n;
        break;
      }
      case 0x1b: {
        sp--;
        const shift = stack[sp]!;
        stack[sp - 1] = shift >= 256n ? 0n : u256(stack[sp - 1]! << shift);
        break;
      }
      case 0x1c: {
        sp--;
        const shift = stack[sp]!;
        stack[sp - 1] = shift >= 256n ? 0n : stack[sp - 1]! >> shift;
        break;
      }
      case 0x1d: {
        sp--;
        const shift = stack[sp]!;
        const v = i256(stack[sp - 1]!);
        stack[sp - 1] = shift >= 256n ? (v < 0n ? MAX_WORD : 0n) : u256(v >> shift);
        break;
      }
      case 0x20: {
        sp--;
        const size = stack[sp - 1]!;
        const o = range(stack[sp]!, size);
        if (o < 0) return halt(OUT_OF_GAS);
        const words = 6 * Math.ceil(Number(size) / 32);
        if (gas < words) return halt(OUT_OF_GAS);
        gas -= words;
        const hash = keccak256(mem.subarray(o, o + Number(size)));
        stack[sp - 1] = readWord(new DataView(hash.buffer, hash.byteOffset, 32), 0);
        break;
      }
      case 0x30:
        addressWord ??= bytesToWord(call.address);
        stack[sp++] = addressWord;
        break;
      case 0x32:
      case 0x33:
        callerWord ??= bytesToWord(call.caller);
        stack[sp++] = callerWord;
        break;
      case 0x34:
      case 0x3d:
      case 0x41:
      case 0x44:
        // CALLVALUE (none), RETURNDATASIZE (no call made), COINBASE and PREVRANDAO (zero in the devnet's header).
        stack[sp++] = 0n;
        break;
      case 0x3a:
        stack[sp++] = call.gasPrice;
        break;
      case 0x48:
        stack[sp++] = call.baseFee;
        break;
      case 0x35: {
        const i = stack[sp - 1]!;
        if (i >= BigInt(data.length)) stack[sp - 1] = 0n;
        else {
          const start = Number(i);
          if (start + 32 <= data.length)
            stack[sp - 1] = readWord(new DataView(data.buffer, data.byteOffset + start, 32), 0);
          else {
            const padded = new Uint8Array(32);
            padded.set(data.subarray(start));
            stack[sp - 1] = readWord(new DataView(padded.buffer), 0);
          }
        }
        break;
      }
      case 0x36:
        stack[sp++] = BigInt(data.length);
        break;
      case 0x37:
      case 0x39: {
        sp -= 3;
        const size = stack[sp]!;
        const o = range(stack[sp + 2]!, size);
        if (o < 0 || !copyGas(size)) return halt(OUT_OF_GAS);
        if (size > 0n) copyIn(op === 0x37 ? data : code, o, stack[sp + 1]!, Number(size));
        break;
      }
      case 0x38:
        stack[sp++] = BigInt(code.length);
        break;
      case 0x3e:
        // There is no return data before a call: a copy of any of it is out of range (out of gas, in the library).
        sp -= 3;
        if (stack[sp + 1]! !== 0n || stack[sp]! !== 0n) return halt(OUT_OF_GAS);
        break;
      case 0x42:
        stack[sp++] = call.timestamp;
        break;
      case 0x43:
        stack[sp++] = call.blockNumber;
        break;
      case 0x45:
        stack[sp++] = BLOCK_GAS_LIMIT;
        break;
      case 0x46:
        stack[sp++] = call.chainId;
        break;
      case 0x50:
        sp--;
        break;
      case 0x51: {
        const o = range(stack[sp - 1]!, 32n);
        if (o < 0) return halt(OUT_OF_GAS);
        stack[sp - 1] = readWord(view, o);
        break;
      }
      case 0x52: {
        sp -= 2;
        const o = range(stack[sp + 1]!, 32n);
        if (o < 0) return halt(OUT_OF_GAS);
        writeWord(view, o, stack[sp]!);
        break;
      }
      case 0x53: {
        sp -= 2;
        const o = range(stack[sp + 1]!, 1n);
        if (o < 0) return halt(OUT_OF_GAS);
        mem[o] = Number(stack[sp]! & 0xffn);
        break;
      }
      case 0x54: {
        const s = loadSlot(stack[sp - 1]!);
        if (!s) return halt(OUT_OF_GAS);
        stack[sp - 1] = s.current;
        break;
      }
      case 0x55: {
        sp -= 2;
        if (gas <= SSTORE_SENTRY) return halt(OUT_OF_GAS);
        const key = stack[sp + 1]!;
        const value = stack[sp]!;
        let s = slots.get(key);
        let charge = 0;
        if (!s) {
          if (gas < SLOAD_COLD) return halt(OUT_OF_GAS);
          s = firstAccess(key);
          charge = SLOAD_COLD;
        }
        if (s.current === value) charge += WARM_READ;
        else if (s.original === s.current) charge += s.original === 0n ? SSTORE_SET : SSTORE_RESET;
        else charge += WARM_READ;
        if (gas < charge) return halt(OUT_OF_GAS);
        gas -= charge;
        if (s.current !== value) {
          if (s.original === s.current) {
            if (s.original !== 0n && value === 0n) refund += SSTORE_CLEARS;
          } else {
            if (s.original !== 0n) {
              if (s.current === 0n) refund -= SSTORE_CLEARS;
              else if (value === 0n) refund += SSTORE_CLEARS;
            }
            if (s.original === value)
              refund += s.original === 0n ? SSTORE_SET - WARM_READ : SSTORE_RESET - WARM_READ;
          }
        }
        s.current = value;
        break;
      }
      case 0x56: {
        sp--;
        const dest = stack[sp]!;
        if (dest >= BigInt(code.length) || jumpdests[Number(dest)] !== 1) return badJump();
        pc = Number(dest);
        if (--jumpsToCheck === 0) {
          if (deadline !== undefined && Date.now() >= deadline) return DEADLINE;
          jumpsToCheck = JUMPS_PER_CLOCK_CHECK;
        }
        continue;
      }
      case 0x57: {
        sp -= 2;
        if (stack[sp]! !== 0n) {
          const dest = stack[sp + 1]!;
          if (dest >= BigInt(code.length) || jumpdests[Number(dest)] !== 1) return badJump();
          pc = Number(dest);
          if (--jumpsToCheck === 0) {
            if (deadline !== undefined && Date.now() >= deadline) return DEADLINE;
            jumpsToCheck = JUMPS_PER_CLOCK_CHECK;
          }
          continue;
        }
        break;
      }
      case 0x58:
        stack[sp++] = BigInt(pc);
        break;
      case 0x59:
        stack[sp++] = BigInt(memSize);
        break;
      case 0x5a:
        stack[sp++] = BigInt(gas);
        break;
      case 0x5b:
        break;
      case 0x5c:
        stack[sp - 1] = transient?.get(stack[sp - 1]!) ?? 0n;
        break;
      case 0x5d:
        sp -= 2;
        transient ??= new Map();
        transient.set(stack[sp + 1]!, stack[sp]!);
        break;
      case 0x5e: {
        sp -= 3;
        const size = stack[sp]!;
        const dst = stack[sp + 2]!;
        const src = stack[sp + 1]!;
        // Expanding to each end in turn charges what expanding to the farther one does.
        if (range(dst, size) < 0 || range(src, size) < 0 || !copyGas(size)) return halt(OUT_OF_GAS);
        if (size > 0n) mem.copyWithin(Number(dst), Number(src), Number(src) + Number(size));
        break;
      }
      case 0x5f:
        stack[sp++] = 0n;
        break;
      case 0x60:
        stack[sp++] = SMALL[code[pc + 1] ?? 0]!;
        pc += 2;
        continue;
      case 0x61:
        stack[sp++] = BigInt(((code[pc + 1] ?? 0) << 8) | (code[pc + 2] ?? 0));
        pc += 3;
        continue;
      case 0xa0:
      case 0xa1:
      case 0xa2:
      case 0xa3:
      case 0xa4: {
        const topics = op - 0xa0;
        sp -= topics + 2;
        const size = stack[sp + topics]!;
        const o = range(stack[sp + topics + 1]!, size);
        if (o < 0) return halt(OUT_OF_GAS);
        const dynamic = 375 * topics + 8 * Number(size);
        if (gas < dynamic) return halt(OUT_OF_GAS);
        gas -= dynamic;
        const t: Uint8Array[] = [];
        for (let i = topics - 1; i >= 0; i--) t.push(word32(stack[sp + i]!));
        logs.push([call.address, t, size === 0n ? new Uint8Array(0) : mem.slice(o, o + Number(size))]);
        break;
      }
      case 0xf3:
        sp -= 2;
        return done(false, stack[sp + 1]!, stack[sp]!);
      case 0xfd:
        sp -= 2;
        return done(true, stack[sp + 1]!, stack[sp]!);
      default:
        if (op >= 0x62 && op <= 0x7f) {
          const n = op - 0x5f;
          const word = scratch.push.fill(0);
          word.set(code.subarray(pc + 1, pc + 1 + n), 32 - n);
          // Past the code's end the missing bytes are zeros on the right, as the library reads them.
          stack[sp++] = readWord(pushView, 0);
          pc += n + 1;
          continue;
        }
        if (op >= 0x80 && op <= 0x8f) {
          stack[sp] = stack[sp - (op - 0x7f)]!;
          sp++;
        } else if (op >= 0x90 && op <= 0x9f) {
          const j = sp - 1 - (op - 0x8f);
          const top = stack[sp - 1]!;
          stack[sp - 1] = stack[j]!;
          stack[j] = top;
        } else return OPCODE;
    }
    pc++;
  }
}
