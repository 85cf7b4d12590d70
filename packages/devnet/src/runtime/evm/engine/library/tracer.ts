import type { RunTrace, StructLog, TraceFrame, TraceLog, TraceOptions } from './protocol.js';

/** What the library's `step` event carries (the fields read here). */
type StepEvent = {
  pc: number;
  gasLeft: bigint;
  opcode: { name: string; dynamicFee: bigint };
  stack: bigint[];
  depth: number;
  address: { bytes: Uint8Array };
  memory: Uint8Array;
  stateManager: { getStorage(address: unknown, key: Uint8Array): Promise<Uint8Array> };
};
/** What its `beforeMessage` event carries. */
type MessageEvent = {
  caller: { bytes: Uint8Array };
  to?: { bytes: Uint8Array } | undefined;
  value: bigint;
  gasLimit: bigint;
  data: Uint8Array;
  depth: number;
};
/** What its `afterMessage` event carries. */
type ResultEvent = {
  createdAddress?: { bytes: Uint8Array } | undefined;
  execResult: {
    executionGasUsed: bigint;
    returnValue: Uint8Array;
    exceptionError?: { error: string };
    /** Every log of the message and of those under it: `[address, topics, data]`. */
    logs?: [Uint8Array, Uint8Array[], Uint8Array][];
  };
};
/** The library's event emitter: listeners of two parameters are awaited (the second is their `resolve`). */
type Events = {
  on(name: string, listener: (...args: never[]) => void): void;
  off(name: string, listener: (...args: never[]) => void): void;
};

// No Buffer here: this runs inside the EVM's own V8 context.
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
function hexOf(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i++) s += HEX[b[i]!];
  return s;
}
const word = (v: bigint) => v.toString(16).padStart(64, '0');
function wordBytes(v: bigint, length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = length - 1; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

const CALLS = new Set(['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL']);
const CREATES = new Set(['CREATE', 'CREATE2']);
/** Opcodes whose stack top is an address they touch (geth's access-list tracer). */
const ADDRESS_ON_TOP = new Set(['EXTCODECOPY', 'EXTCODEHASH', 'EXTCODESIZE', 'BALANCE', 'SELFDESTRUCT']);
/** A struct log's JSON without its stack, memory and storage (an estimate, for the size bound). */
const STEP_BYTES = 90;
/** A 64-digit word in a JSON array. */
const WORD_BYTES = 67;

/**
 * Records one run for a trace, from the library's `step`, `beforeMessage` and `afterMessage` events: geth's struct
 * logger (pc, op, gas, gasCost, depth, stack, memory, storage), its call frames (`callTracer`) and the addresses and
 * slots the run touched (its access-list tracer). Attached for the run it traces only: a run without a trace emits
 * no step events, which the library skips when nobody listens.
 */
export class RunTracer {
  readonly #options: TraceOptions;
  readonly #structLogs: StructLog[] = [];
  #bytes = 0;
  #overflow = false;
  /** The storage each contract showed so far, by address (geth's struct logger keeps one per contract). */
  readonly #storage = new Map<string, Record<string, string>>();
  /** Open call frames, outermost first; the opcode that opened the next one. */
  readonly #frames: TraceFrame[] = [];
  #root: TraceFrame | undefined;
  #lastOp = '';
  /** Each open frame's return-data buffer (what RETURNDATACOPY reads): the last call it made returned it. */
  readonly #returnData: Uint8Array[] = [];
  /** Logs emitted so far in the run, those of frames that failed since included (a log's `index`). */
  #logCount = 0;
  /** For each open frame, whether a step ran in it: a frame without steps is a native contract's (or no code). */
  readonly #stepped: boolean[] = [];
  readonly #addresses = new Map<string, Uint8Array>();
  readonly #slots = new Map<string, { address: Uint8Array; key: Uint8Array }>();

  readonly #onStep = (e: StepEvent, resolve: () => void) => {
    this.#step(e).then(resolve, resolve);
  };
  readonly #onBefore = (m: MessageEvent) => this.#enter(m);
  readonly #onAfter = (r: ResultEvent) => this.#exit(r);

  constructor(options: TraceOptions) {
    this.#options = options;
  }

  attach(events: Events): void {
    events.on('step', this.#onStep);
    events.on('beforeMessage', this.#onBefore);
    events.on('afterMessage', this.#onAfter);
  }

  detach(events: Events): void {
    events.off('step', this.#onStep);
    events.off('beforeMessage', this.#onBefore);
    events.off('afterMessage', this.#onAfter);
  }

  result(): RunTrace {
    return {
      structLogs: this.#structLogs,
      overflow: this.#overflow,
      frame: this.#root,
      touched: { addresses: [...this.#addresses.values()], slots: [...this.#slots.values()] },
    };
  }

  async #step(e: StepEvent): Promise<void> {
    const op = e.opcode.name;
    this.#lastOp = op;
    const stack = e.stack;
    const top = stack.length > 0 ? stack[stack.length - 1]! : undefined;
    if (this.#options.accessList) this.#touch(op, e, stack);
    if (this.#options.callLogs) {
      this.#stepped[this.#stepped.length - 1] = true;
      if (op.startsWith('LOG')) this.#log(op, e, stack);
    }
    const logs = this.#options.structLogs;
    if (!logs || this.#overflow || this.#structLogs.length >= logs.limit) return;
    let gasCost = e.opcode.dynamicFee;
    // geth's cost of a call includes the gas it hands the callee (what is left after the call's own cost, all
    // but one 64th, at most what was asked); the library charges that gas apart.
    // Hardhat's cost of a create includes the gas it hands the init code (all but one 64th of what is left).
    const available = e.gasLeft > gasCost ? e.gasLeft - gasCost : 0n;
    const allButOne64th = available - available / 64n;
    if (CALLS.has(op) && top !== undefined) gasCost += top < allButOne64th ? top : allButOne64th;
    else if (CREATES.has(op)) gasCost += allButOne64th;
    const log: StructLog = {
      pc: e.pc,
      op,
      gas: Number(e.gasLeft),
      gasCost: Number(gasCost),
      depth: e.depth + 1,
    };
    let bytes = STEP_BYTES + op.length;
    if (logs.stack) {
      log.stack = stack.map(word);
      bytes += stack.length * WORD_BYTES;
    }
    if (logs.memory) {
      const memory: string[] = [];
      for (let i = 0; i + 32 <= e.memory.length; i += 32) memory.push(hexOf(e.memory.subarray(i, i + 32)));
      log.memory = memory;
      bytes += memory.length * WORD_BYTES;
    }
    const returnData = this.#returnData.at(-1);
    if (logs.returnData && returnData && returnData.length > 0) {
      log.returnData = `0x${hexOf(returnData)}`;
      bytes += returnData.length * 2;
    }
    if (logs.storage && (op === 'SLOAD' || op === 'SSTORE') && top !== undefined) {
      const address = hexOf(e.address.bytes);
      const key = word(top);
      let value: string;
      if (op === 'SSTORE') value = stack.length > 1 ? word(stack[stack.length - 2]!) : word(0n);
      else value = word(bytesToBig(await e.stateManager.getStorage(e.address, wordBytes(top, 32))));
      // A new object for each change: earlier steps keep the storage they showed.
      const storage = { ...this.#storage.get(address), [key]: value };
      this.#storage.set(address, storage);
      log.storage = storage;
      bytes += Object.keys(storage).length * 2 * WORD_BYTES;
    }
    this.#bytes += bytes;
    if (this.#bytes > logs.maxBytes) {
      this.#overflow = true;
      return;
    }
    this.#structLogs.push(log);
  }

  #touch(op: string, e: StepEvent, stack: bigint[]): void {
    const n = stack.length;
    if ((op === 'SLOAD' || op === 'SSTORE') && n >= 1) {
      const key = wordBytes(stack[n - 1]!, 32);
      const id = `${hexOf(e.address.bytes)}:${hexOf(key)}`;
      if (!this.#slots.has(id)) this.#slots.set(id, { address: e.address.bytes, key });
    } else if (ADDRESS_ON_TOP.has(op) && n >= 1) this.#address(stack[n - 1]!);
    else if (CALLS.has(op) && n >= 5) this.#address(stack[n - 2]!);
  }

  /**
   * A LOG about to run, kept in its frame. One that then fails (out of gas, in a static call) fails its frame, and a
   * failed frame's logs are not reported, so recording before the step is recording what the run emitted.
   */
  #log(op: string, e: StepEvent, stack: bigint[]): void {
    const frame = this.#frames.at(-1);
    const count = Number(op.slice(3));
    const n = stack.length;
    if (!frame || !(count >= 0 && count <= 4) || n < 2 + count) return;
    const offset = stack[n - 1]!;
    const size = stack[n - 2]!;
    // Memory the LOG itself expands reads as zeros; a range no gas could pay for is never recorded (the step fails).
    const data = new Uint8Array(size <= BigInt(e.memory.length) + 32n * 1024n * 1024n ? Number(size) : 0);
    if (offset < BigInt(e.memory.length))
      data.set(e.memory.subarray(Number(offset), Math.min(e.memory.length, Number(offset) + data.length)));
    const topics: Uint8Array[] = [];
    for (let i = 0; i < count; i++) topics.push(wordBytes(stack[n - 3 - i]!, 32));
    const log: TraceLog = {
      address: e.address.bytes,
      topics,
      data,
      position: frame.calls.length,
      index: this.#logCount++,
    };
    frame.logs.push(log);
  }

  #address(v: bigint): void {
    const bytes = wordBytes(v & ((1n << 160n) - 1n), 20);
    const id = hexOf(bytes);
    if (!this.#addresses.has(id)) this.#addresses.set(id, bytes);
  }

  #enter(m: MessageEvent): void {
    this.#returnData.push(new Uint8Array(0));
    if (!this.#options.calls) return;
    const parent = this.#frames.at(-1);
    const type = m.depth === 0 ? (m.to ? 'CALL' : 'CREATE') : this.#lastOp;
    const frame: TraceFrame = {
      type: CALLS.has(type) || CREATES.has(type) ? type : m.to ? 'CALL' : 'CREATE',
      from: m.caller.bytes,
      to: m.to?.bytes,
      value: type === 'STATICCALL' ? undefined : m.value,
      gas: m.gasLimit,
      gasUsed: 0n,
      // Copied: the library hands out views of memory it later reuses (every frame showed the last call's input).
      input: m.data.slice(),
      output: new Uint8Array(0),
      error: undefined,
      calls: [],
      logs: [],
    };
    if (parent) parent.calls.push(frame);
    else this.#root = frame;
    this.#frames.push(frame);
    this.#stepped.push(false);
  }

  #exit(r: ResultEvent): void {
    this.#returnData.pop();
    // A call leaves its return data to its caller; a successful create leaves none.
    const left =
      r.createdAddress && !r.execResult.exceptionError ? new Uint8Array(0) : r.execResult.returnValue;
    if (this.#returnData.length > 0) this.#returnData[this.#returnData.length - 1] = left;
    if (!this.#options.calls) return;
    const frame = this.#frames.pop();
    const stepped = this.#stepped.pop();
    if (!frame) return;
    const x = r.execResult;
    // A native contract emits its events without a LOG step: they come back with its result.
    if (this.#options.callLogs && !stepped && !x.exceptionError)
      for (const [address, topics, data] of x.logs ?? [])
        frame.logs.push({ address, topics, data, position: 0, index: this.#logCount++ });
    frame.gasUsed = x.executionGasUsed;
    if (r.createdAddress && !frame.to) frame.to = r.createdAddress.bytes;
    frame.output = x.returnValue.slice();
    frame.error = x.exceptionError?.error;
  }
}

function bytesToBig(b: Uint8Array): bigint {
  let v = 0n;
  for (let i = 0; i < b.length; i++) v = (v << 8n) | BigInt(b[i]!);
  return v;
}
