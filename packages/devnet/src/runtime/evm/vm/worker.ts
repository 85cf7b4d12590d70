import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { createCustomCommon, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, EVMError, type ExecResult } from '@ethereumjs/evm';
import { Account, Address, bytesToHex } from '@ethereumjs/util';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { LocalState } from './localState.js';
import type {
  AccountState,
  NativeReply,
  RunRequest,
  RunResult,
  WorkerData,
  WorkerRequest,
} from './protocol.js';

// Runs in a worker thread: the EVM (@ethereumjs/evm) over a state that lives in the main thread's database.
const data = workerData as WorkerData;
const port = data.port;
const signal = new Int32Array(data.signal);
const replySignal = new Int32Array(data.replySignal);
const nativeSet = new Set(data.nativeAddresses.map((a) => a.toLowerCase()));

/**
 * Asks the main thread and blocks until it replies: the reply is taken off the port synchronously, so a state
 * read costs two thread wake-ups and no turn of this worker's event loop. The wait is in slices so that a
 * terminate (the main thread gave the call up) is not held off.
 */
function askSync<T>(req: WorkerRequest): T {
  const seen = Atomics.load(replySignal, 0);
  port.postMessage(req);
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
  for (;;) {
    const got = receiveMessageOnPort(port);
    if (got) return (got.message as { value: T }).value;
    Atomics.wait(replySignal, 0, seen, 1000);
  }
}

const ask = <T>(req: WorkerRequest): Promise<T> => Promise.resolve(askSync<T>(req));

function tell(req: WorkerRequest): void {
  port.postMessage(req);
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
}

const isNative = (a: Address) => {
  const hex = a.toString().toLowerCase();
  return nativeSet.has(hex) || data.nativePrefixes.some((p) => hex.startsWith(p));
};

/** Original values of the slots written in this transaction (EIP-2200 gas needs them). */
const originals = new Map<string, Uint8Array>();
const slotKey = (a: Address, k: Uint8Array) => `${a.toString()}:${bytesToHex(k)}`;

/** Every access a request to the main thread (a relayed run). */
const relayed = {
  async getAccount(address: Address) {
    const s = await ask<AccountState | null>({ op: 'getAccount', address: address.bytes });
    if (!s) return undefined;
    return new Account(s.nonce, s.balance, undefined, s.codeHash);
  },
  async putAccount(address: Address, account?: Account) {
    if (!account) return this.deleteAccount(address);
    await ask({ op: 'putAccount', address: address.bytes, nonce: account.nonce, balance: account.balance });
  },
  async deleteAccount(address: Address) {
    await ask({ op: 'deleteAccount', address: address.bytes });
  },
  async modifyAccountFields(address: Address, fields: { nonce?: bigint; balance?: bigint }) {
    const acc = (await this.getAccount(address)) ?? new Account();
    if (fields.nonce !== undefined) acc.nonce = fields.nonce;
    if (fields.balance !== undefined) acc.balance = fields.balance;
    await this.putAccount(address, acc);
  },
  async putCode(address: Address, code: Uint8Array) {
    await ask({ op: 'putCode', address: address.bytes, code });
  },
  async getCode(address: Address) {
    return ask<Uint8Array>({ op: 'getCode', address: address.bytes });
  },
  async getCodeSize(address: Address) {
    return (await this.getCode(address)).length;
  },
  async getStorage(address: Address, key: Uint8Array) {
    const v = await ask<Uint8Array>({ op: 'getStorage', address: address.bytes, key });
    const k = slotKey(address, key);
    if (!originals.has(k)) originals.set(k, v);
    return v;
  },
  async putStorage(address: Address, key: Uint8Array, value: Uint8Array) {
    const k = slotKey(address, key);
    if (!originals.has(k)) await this.getStorage(address, key);
    await ask({ op: 'putStorage', address: address.bytes, key, value });
  },
  async clearStorage(address: Address) {
    await ask({ op: 'clearStorage', address: address.bytes });
  },
  async checkpoint() {
    await ask({ op: 'checkpoint' });
  },
  async commit() {
    await ask({ op: 'commit' });
  },
  async revert() {
    await ask({ op: 'revert' });
  },
  async getStateRoot() {
    return new Uint8Array(32);
  },
  async setStateRoot() {},
  async hasStateRoot() {
    return true;
  },
  originalStorageCache: {
    get: async (address: Address, key: Uint8Array) => {
      const k = slotKey(address, key);
      const v = originals.get(k);
      return v ?? relayed.getStorage(address, key);
    },
    clear: () => originals.clear(),
  },
  clearCaches() {},
};

/** The run's state kept in this worker, the main thread asked only for what it has not seen (a local run). */
const localState = new LocalState(
  {
    account: (address) => askSync<AccountState | null>({ op: 'getAccount', address }),
    code: (address) => askSync<Uint8Array>({ op: 'getCode', address }),
    slot: (address, key) => askSync<Uint8Array>({ op: 'getStorage', address, key }),
  },
  (code) => keccak_256(code),
);
const local = {
  async getAccount(address: Address) {
    const s = localState.getAccount(address.bytes);
    return s ? new Account(s.nonce, s.balance, undefined, s.codeHash) : undefined;
  },
  async putAccount(address: Address, account?: Account) {
    if (account) localState.putAccount(address.bytes, account.nonce, account.balance);
    else localState.deleteAccount(address.bytes);
  },
  async deleteAccount(address: Address) {
    localState.deleteAccount(address.bytes);
  },
  async modifyAccountFields(address: Address, fields: { nonce?: bigint; balance?: bigint }) {
    const acc = localState.getAccount(address.bytes);
    localState.putAccount(
      address.bytes,
      fields.nonce ?? acc?.nonce ?? 0n,
      fields.balance ?? acc?.balance ?? 0n,
    );
  },
  async putCode(address: Address, code: Uint8Array) {
    localState.putCode(address.bytes, code);
  },
  async getCode(address: Address) {
    return localState.getCode(address.bytes);
  },
  async getCodeSize(address: Address) {
    return localState.getCode(address.bytes).length;
  },
  async getStorage(address: Address, key: Uint8Array) {
    return localState.getStorage(address.bytes, key);
  },
  async putStorage(address: Address, key: Uint8Array, value: Uint8Array) {
    localState.putStorage(address.bytes, key, value);
  },
  async clearStorage(address: Address) {
    localState.clearStorage(address.bytes);
  },
  async checkpoint() {
    localState.checkpoint();
  },
  async commit() {
    localState.commit();
  },
  async revert() {
    localState.revert();
  },
  originalStorageCache: localState.originals,
};

type Backend = typeof relayed | typeof local;
let backend: Backend = local;

/** The EVM holds one state manager for its life; each run points it at the backend of its mode. */
const stateManager = {
  getAccount: (a: Address) => backend.getAccount(a),
  putAccount: (a: Address, acc?: Account) => backend.putAccount(a, acc),
  deleteAccount: (a: Address) => backend.deleteAccount(a),
  modifyAccountFields: (a: Address, f: { nonce?: bigint; balance?: bigint }) =>
    backend.modifyAccountFields(a, f),
  putCode: (a: Address, code: Uint8Array) => backend.putCode(a, code),
  getCode: (a: Address) => backend.getCode(a),
  getCodeSize: (a: Address) => backend.getCodeSize(a),
  getStorage: (a: Address, k: Uint8Array) => backend.getStorage(a, k),
  putStorage: (a: Address, k: Uint8Array, v: Uint8Array) => backend.putStorage(a, k, v),
  clearStorage: (a: Address) => backend.clearStorage(a),
  checkpoint: () => backend.checkpoint(),
  commit: () => backend.commit(),
  revert: () => backend.revert(),
  originalStorageCache: {
    get: (a: Address, k: Uint8Array) => backend.originalStorageCache.get(a, k),
    clear: () => backend.originalStorageCache.clear(),
  },
  async getStateRoot() {
    return new Uint8Array(32);
  },
  async setStateRoot() {},
  async hasStateRoot() {
    return true;
  },
  clearCaches() {},
  shallowCopy() {
    return stateManager;
  },
};
/** A local run reached a native contract (its result no longer counts). */
let reachedNative = false;

const common = createCustomCommon({ chainId: data.chainId }, Mainnet, { hardfork: Hardfork.Cancun });
const evm = await createEVM({ common, stateManager: stateManager as never });

/** Calls to collection and helper addresses go to the runtime, with the message's own caller and value. */
type Msg = {
  codeAddress: Address;
  to?: Address;
  caller: Address;
  data: Uint8Array;
  value: bigint;
  isStatic: boolean;
  gasLimit: bigint;
  code?: unknown;
  isCompiled?: boolean;
};
const internals = evm as unknown as { _loadCode(m: Msg): Promise<void> };
const loadCode = internals._loadCode.bind(evm);
internals._loadCode = async (message: Msg) => {
  if (message.code === undefined && isNative(message.codeAddress)) {
    message.code = async (): Promise<ExecResult> => {
      if (backend === local) {
        // The runtime's state is on the main thread: this run stops counting and is run again, relayed.
        reachedNative = true;
        return {
          executionGasUsed: message.gasLimit,
          returnValue: new Uint8Array(0),
          exceptionError: new EVMError(EVMError.errorMessages.REVERT),
        };
      }
      const r = await ask<NativeReply>({
        op: 'native',
        caller: message.caller.bytes,
        to: message.codeAddress.bytes,
        data: message.data,
        value: message.value,
        isStatic: message.isStatic,
        gasLimit: message.gasLimit,
      });
      if (r.gasUsed > message.gasLimit)
        return {
          executionGasUsed: message.gasLimit,
          returnValue: new Uint8Array(0),
          exceptionError: new EVMError(EVMError.errorMessages.OUT_OF_GAS),
        };
      if (!r.ok)
        return {
          executionGasUsed: r.gasUsed,
          returnValue: r.returnData,
          exceptionError: new EVMError(EVMError.errorMessages.REVERT),
        };
      return { executionGasUsed: r.gasUsed, returnValue: r.returnData, logs: r.logs };
    };
    message.isCompiled = true;
    return;
  }
  return loadCode(message);
};

async function run(req: RunRequest): Promise<RunResult> {
  originals.clear();
  reachedNative = false;
  backend = req.mode === 'local' ? local : relayed;
  if (req.mode === 'local') localState.begin(req.version, req.seed);
  const block = {
    header: {
      number: req.blockNumber,
      coinbase: new Address(new Uint8Array(20)),
      timestamp: req.timestamp,
      difficulty: 0n,
      prevRandao: new Uint8Array(32),
      gasLimit: 30_000_000n,
      baseFeePerGas: 0n,
      slotNumber: 0n,
      getBlobGasPrice: () => undefined,
    },
  };
  const res = await evm.runCall({
    block: block as never,
    caller: new Address(req.caller),
    origin: new Address(req.caller),
    ...(req.to ? { to: new Address(req.to) } : {}),
    data: req.data,
    value: req.value,
    gasLimit: req.gasLimit,
    gasPrice: 0n,
    skipNonceIncrement: req.skipNonceIncrement,
  });
  const e = res.execResult;
  return {
    error: e.exceptionError?.error,
    returnData: e.returnValue,
    gasUsed: e.executionGasUsed,
    logs: (e.logs ?? []) as RunResult['logs'],
    createdAddress: res.createdAddress?.bytes,
    writes: req.mode === 'local' && !reachedNative ? localState.writes() : [],
    needsRelay: reachedNative,
  };
}

/**
 * Takes run requests off the port synchronously, waiting on the shared signal between them: a request wakes this
 * thread directly instead of through its event loop, which cost more than a short call itself. A run's state access
 * answers synchronously, so the run finishes in microtasks before the next wait.
 */
async function serve(): Promise<never> {
  for (;;) {
    const seen = Atomics.load(replySignal, 0);
    const got = receiveMessageOnPort(port);
    if (!got) {
      Atomics.wait(replySignal, 0, seen, 1000);
      continue;
    }
    const msg = got.message as { op: string } & Partial<RunRequest>;
    if (msg.op !== 'run') continue;
    try {
      tell({ op: 'done', result: await run(msg as RunRequest) });
    } catch (err) {
      tell({ op: 'failed', message: err instanceof Error ? err.message : String(err) });
    }
  }
}

void serve();
parentPort?.postMessage('ready');
