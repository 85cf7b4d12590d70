/**
 * Messages between the runtime and the EVM core. The EVM library is asynchronous while a dispatch is synchronous,
 * so the core runs in a V8 context of its own whose promises settle before a call into it returns (context.ts),
 * and every state access it makes is a synchronous request the runtime answers from the SQLite state, inside the
 * block's transaction (runner.ts).
 */
export type RunRequest = {
  op: 'run';
  kind: 'call' | 'create';
  caller: Uint8Array;
  to?: Uint8Array | undefined;
  data: Uint8Array;
  value: bigint;
  gasLimit: bigint;
  blockNumber: bigint;
  timestamp: bigint;
  /** The block's base fee and the transaction's gas price (BASEFEE, GASPRICE), in wei. */
  baseFee: bigint;
  gasPrice: bigint;
  /** EIP-2930: addresses (20 bytes) and their slots (32 bytes) warm from the start. */
  accessList: { address: Uint8Array; storageKeys: Uint8Array[] }[];
  /** The caller's nonce was bumped by the pallet already (a call); a create bumps it in the EVM. */
  skipNonceIncrement: boolean;
  /**
   * `local`: the core keeps the run's writes and answers its reads from a cache, asking the runtime only for what
   * it has not seen, and hands the writes over at the end (a run that reaches a native contract gives up and is run
   * again `relayed`). `relayed`: every state access is a request to the runtime, which native contracts need, as
   * they read and write the runtime's state in the middle of the run.
   */
  mode: 'local' | 'relayed';
  /** The database's version (moved by any write or rollback): the core's read cache is good while it stays. */
  version: number;
  /** What to record of the run besides its outcome (a trace, an access list); nothing when absent. */
  trace?: TraceOptions | undefined;
};

/**
 * What a traced run records, each part on its own: `structLogs` one entry per opcode step (geth's struct logger),
 * `calls` the tree of call frames (geth's `callTracer`; `callLogs` the logs each frame emitted, its `withLog`),
 * `accessList` the addresses and slots the run touched
 * (geth's access-list tracer, for `eth_createAccessList`).
 */
export type TraceOptions = {
  structLogs?: {
    stack: boolean;
    memory: boolean;
    storage: boolean;
    returnData: boolean;
    limit: number;
    maxBytes: number;
  };
  calls?: boolean;
  callLogs?: boolean;
  accessList?: boolean;
};

/** One opcode step as geth's struct logger gives it (stack words and memory words as 64 hex digits). */
export type StructLog = {
  pc: number;
  op: string;
  gas: number;
  gasCost: number;
  depth: number;
  stack?: string[];
  memory?: string[];
  storage?: Record<string, string>;
  /** The last call's return data (0x hex), when asked for and not empty. */
  returnData?: string;
};

/** A call frame as the core saw it (addresses as 20 bytes); the host turns it into geth's `callTracer` frame. */
export type TraceFrame = {
  type: string;
  from: Uint8Array;
  to: Uint8Array | undefined;
  value: bigint | undefined;
  gas: bigint;
  gasUsed: bigint;
  input: Uint8Array;
  output: Uint8Array;
  error: string | undefined;
  calls: TraceFrame[];
  /** The logs the frame itself emitted, in order (recorded when `callLogs` is asked for). */
  logs: TraceLog[];
};

/**
 * A log as `callTracer` with `withLog` gives it: `position` is how many calls its frame had made before it, `index`
 * its place among all the logs the run emitted (those of frames that later failed count too).
 */
export type TraceLog = {
  address: Uint8Array;
  topics: Uint8Array[];
  data: Uint8Array;
  position: number;
  index: number;
};

/** What a traced run recorded. */
export type RunTrace = {
  structLogs: StructLog[];
  /** The struct logs stopped short: they passed `maxBytes` (estimated as JSON). */
  overflow: boolean;
  /** The outermost frame (absent when calls were not asked for). */
  frame: TraceFrame | undefined;
  /** Addresses touched without naming a slot, and slots by address, in the order first seen. */
  touched: { addresses: Uint8Array[]; slots: { address: Uint8Array; key: Uint8Array }[] };
};

/** A local run's writes, applied by the runtime in this order when the run ends. */
export type StateWrite =
  | { op: 'putAccount'; address: Uint8Array; nonce: bigint; balance: bigint }
  | { op: 'deleteAccount'; address: Uint8Array }
  | { op: 'putCode'; address: Uint8Array; code: Uint8Array }
  | { op: 'putStorage'; address: Uint8Array; key: Uint8Array; value: Uint8Array }
  | { op: 'clearStorage'; address: Uint8Array };

export type AccountState = { nonce: bigint; balance: bigint; codeHash: Uint8Array };

export type StateRequest =
  | { op: 'getAccount'; address: Uint8Array }
  | { op: 'putAccount'; address: Uint8Array; nonce: bigint; balance: bigint }
  | { op: 'deleteAccount'; address: Uint8Array }
  | { op: 'getCode'; address: Uint8Array }
  | { op: 'putCode'; address: Uint8Array; code: Uint8Array }
  | { op: 'getStorage'; address: Uint8Array; key: Uint8Array }
  | { op: 'putStorage'; address: Uint8Array; key: Uint8Array; value: Uint8Array }
  | { op: 'clearStorage'; address: Uint8Array }
  /** BLOCKHASH of an earlier block (32 bytes; zero when unknown). */
  | { op: 'blockHash'; number: bigint }
  | { op: 'checkpoint' }
  | { op: 'commit' }
  | { op: 'revert' }
  | {
      op: 'native';
      caller: Uint8Array;
      to: Uint8Array;
      data: Uint8Array;
      value: bigint;
      isStatic: boolean;
      gasLimit: bigint;
    };

export type NativeReply = {
  ok: boolean;
  returnData: Uint8Array;
  gasUsed: bigint;
  logs: [Uint8Array, Uint8Array[], Uint8Array][];
};

export type RunResult = {
  /** The EVM's exception (`revert`, `out of gas`, …), undefined on success. */
  error: string | undefined;
  returnData: Uint8Array;
  gasUsed: bigint;
  /** The EIP-3529 refund the run earned (zero unless it succeeded), before the cap. */
  gasRefund: bigint;
  logs: [Uint8Array, Uint8Array[], Uint8Array][];
  createdAddress: Uint8Array | undefined;
  /** A local run's writes (none for a relayed run, whose writes the runtime made as they came). */
  writes: StateWrite[];
  /** A local run reached a native contract: nothing of it counts; it must be run again relayed. */
  needsRelay: boolean;
  /** The calldata of every call the run made to Hardhat's console address (`console.log`), in order. */
  consoleCalls: Uint8Array[];
  /** What the run recorded when `trace` asked for it. */
  trace?: RunTrace | undefined;
};

/** What the EVM core needs to tell native addresses apart (it imports no workspace code). */
export type CoreOptions = {
  chainId: number;
  nativeAddresses: string[];
  /** Lower-case prefixes of native addresses: collections, and tokens (a refungible token is a contract). */
  nativePrefixes: string[];
};
