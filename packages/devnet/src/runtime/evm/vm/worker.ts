import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { createCustomCommon, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, EVMError, type ExecResult } from '@ethereumjs/evm';
import { Account, Address, bytesToHex } from '@ethereumjs/util';
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
function ask<T>(req: WorkerRequest): Promise<T> {
  const seen = Atomics.load(replySignal, 0);
  port.postMessage(req);
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
  for (;;) {
    const got = receiveMessageOnPort(port);
    if (got) return Promise.resolve((got.message as { value: T }).value);
    Atomics.wait(replySignal, 0, seen, 1000);
  }
}

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

const stateManager = {
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
      return v ?? stateManager.getStorage(address, key);
    },
    clear: () => originals.clear(),
  },
  clearCaches() {},
  shallowCopy() {
    return stateManager;
  },
};

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
  };
}

port.on('message', (msg: { op: string; value?: unknown } & Partial<RunRequest>) => {
  if (msg.op === 'run') {
    run(msg as RunRequest).then(
      (result) => tell({ op: 'done', result }),
      (err: unknown) => tell({ op: 'failed', message: err instanceof Error ? err.message : String(err) }),
    );
  }
});

parentPort?.postMessage('ready');
