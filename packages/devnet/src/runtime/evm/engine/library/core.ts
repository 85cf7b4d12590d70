import { createCustomCommon, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, EVMError, type ExecResult } from '@ethereumjs/evm';
import { Account, Address, bytesToHex } from '@ethereumjs/util';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { BLOCK_GAS_LIMIT } from '../../blockGasLimit.js';
import { word32 } from '../../words.js';
import { LocalState } from './localState.js';
import type {
  AccountState,
  CoreOptions,
  NativeReply,
  RunRequest,
  RunResult,
  StateRequest,
} from './protocol.js';
import { ownRealm } from './realm.js';
import { RunTracer } from './tracer.js';

/** Hardhat's console address (`console.log` in Solidity is a call to it), lower-case. */
const CONSOLE_ADDRESS = '0x000000000000000000636f6e736f6c652e6c6f67';

/**
 * The EVM (@ethereumjs/evm) over the runtime's state, which it reaches only through `host.ask`, a synchronous
 * call. This module runs inside its own V8 context (library/context.ts), whose promises are settled as soon as the
 * host's call into it returns, so a run — asynchronous in the library — completes within that synchronous call.
 */
export async function createEvmCore(
  host: { ask(req: StateRequest): unknown },
  data: CoreOptions,
): Promise<(req: RunRequest) => Promise<RunResult>> {
  const nativeSet = new Set(data.nativeAddresses.map((a) => a.toLowerCase()));
  const askSync = <T>(req: StateRequest): T => ownRealm(host.ask(req)) as T;
  const ask = <T>(req: StateRequest): Promise<T> => Promise.resolve(askSync<T>(req));

  const isNative = (a: Address) => {
    const hex = a.toString().toLowerCase();
    return nativeSet.has(hex) || data.nativePrefixes.some((p) => hex.startsWith(p));
  };

  /** Original values of the slots written in this transaction (EIP-2200 gas needs them). */
  const originals = new Map<string, Uint8Array>();
  const slotKey = (a: Address, k: Uint8Array) => `${a.toString()}:${bytesToHex(k)}`;

  /** Every access a request to the runtime (a relayed run). */
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

  /** The run's state kept here, the runtime asked only for what this has not seen (a local run). */
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
  /** BLOCKHASH asks the chain (the library calls `getBlock` only for the last 256 blocks). */
  const blockchain = {
    getBlock: async (n: number) => {
      const hash = askSync<Uint8Array>({ op: 'blockHash', number: BigInt(n) });
      return { hash: () => hash };
    },
    shallowCopy: () => blockchain,
  };
  const evm = await createEVM({
    common,
    stateManager: stateManager as never,
    blockchain: blockchain as never,
  });
  speedUp(evm);

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
  /** This run's calls to the console address: their calldata (the call itself runs as to any account without code). */
  let consoleCalls: Uint8Array[] = [];
  internals._loadCode = async (message: Msg) => {
    if (message.code === undefined && message.codeAddress.toString() === CONSOLE_ADDRESS)
      consoleCalls.push(message.data);
    if (message.code === undefined && isNative(message.codeAddress)) {
      message.code = async (): Promise<ExecResult> => {
        if (backend === local) {
          // A native contract works on the runtime's own state: this run stops counting and is run again, relayed.
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
    consoleCalls = [];
    startTransaction(evm, req);
    backend = req.mode === 'local' ? local : relayed;
    if (req.mode === 'local') localState.begin(req.version);
    const block = {
      header: {
        number: req.blockNumber,
        coinbase: new Address(new Uint8Array(20)),
        timestamp: req.timestamp,
        difficulty: 0n,
        prevRandao: new Uint8Array(32),
        gasLimit: BLOCK_GAS_LIMIT,
        baseFeePerGas: req.baseFee,
        slotNumber: 0n,
        getBlobGasPrice: () => undefined,
      },
    };
    const tracer = req.trace ? new RunTracer(req.trace) : undefined;
    const events = evm.events as unknown as Parameters<RunTracer['attach']>[0];
    tracer?.attach(events);
    const res = await evm
      .runCall({
        block: block as never,
        caller: new Address(req.caller),
        origin: new Address(req.caller),
        ...(req.to ? { to: new Address(req.to) } : {}),
        data: req.data,
        value: req.value,
        gasLimit: req.gasLimit,
        gasPrice: req.gasPrice,
        skipNonceIncrement: req.skipNonceIncrement,
      })
      .finally(() => tracer?.detach(events));
    const e = res.execResult;
    return {
      error: e.exceptionError?.error,
      returnData: e.returnValue,
      gasUsed: e.executionGasUsed,
      gasRefund: e.exceptionError ? 0n : (e.gasRefund ?? 0n),
      logs: (e.logs ?? []) as RunResult['logs'],
      createdAddress: res.createdAddress?.bytes,
      writes: req.mode === 'local' && !reachedNative ? localState.writes() : [],
      needsRelay: reachedNative,
      consoleCalls,
      trace: tracer?.result(),
    };
  }

  // The request's byte arrays are the host's: rebuilt here, so the library's `instanceof` checks pass.
  return (req) => run(ownRealm(req) as RunRequest);
}

type TxScope = {
  journal: {
    cleanJournal(): void;
    addAlwaysWarmAddress(address: string): void;
    addAlwaysWarmSlot(address: string, slot: string): void;
  };
  precompiles: Map<string, unknown>;
};

const hexAddress = (bytes: Uint8Array) => bytesToHex(bytes).slice(2);

/**
 * A run is a transaction: it starts with what the library's VM gives a transaction (`runTx`), which `runCall`
 * alone does not. Its accessed addresses and slots (EIP-2929) start empty: else a slot read by any earlier
 * transaction stayed warm for the node's life (a transfer cost 4 000 gas less from the second on, and the journal
 * grew with every run). The sender, the callee, the coinbase and the precompiles are warm from the start (EIP-2929,
 * EIP-3651). Transient storage (EIP-1153) the library clears itself when the outermost call ends.
 */
function startTransaction(evm: unknown, req: RunRequest): void {
  const scope = evm as TxScope;
  scope.journal.cleanJournal();
  scope.journal.addAlwaysWarmAddress(hexAddress(req.caller));
  if (req.to) scope.journal.addAlwaysWarmAddress(hexAddress(req.to));
  scope.journal.addAlwaysWarmAddress('0'.repeat(40));
  for (const address of scope.precompiles.keys()) scope.journal.addAlwaysWarmAddress(address);
  for (const entry of req.accessList) {
    const a = hexAddress(entry.address);
    scope.journal.addAlwaysWarmAddress(a);
    for (const key of entry.storageKeys) scope.journal.addAlwaysWarmSlot(a, bytesToHex(key).slice(2));
  }
}

type Analysis = unknown;
type InterpreterProto = { _getValidJumpDestinations?: (this: unknown, code: Uint8Array) => Analysis };
type OpEntry = { opHandler: (runState: RunStateView, common: unknown) => unknown };
type RunStateView = {
  interpreter?: object;
  stack?: { popN(n: number): bigint[] };
  memory?: { write(offset: number, size: number, value: Uint8Array): void };
};

/**
 * Three of the library's per-step costs, taken out without changing what it computes (its hardfork and opcode table
 * are fixed for this EVM's life):
 * - `isActivatedEIP` searches an array on every call, several times a step: its answers are memoized;
 * - MSTORE turned its word into bytes through a hex string, then padded them to 32 through two array spreads: the word is written as 32 big-endian bytes directly;
 * - the jump analysis of a contract's code (every PUSH turned into a bigint) ran on every run, a large share of an
 *   ERC-20 transfer: it is kept per code array (LocalState answers unchanged code with the same array), found on the
 *   interpreter's prototype the first time a JUMPDEST runs (the class is not exported). The analysis is only read
 *   while code runs. If the library's internals are not where expected, nothing is patched.
 */
function speedUp(evm: unknown): void {
  const e = evm as { common?: { isActivatedEIP?: (eip: number) => boolean }; _opcodeMap?: OpEntry[] };
  const common = e.common;
  if (common && typeof common.isActivatedEIP === 'function') {
    const ask = common.isActivatedEIP.bind(common);
    const known = new Map<number, boolean>();
    common.isActivatedEIP = (eip: number) => {
      let v = known.get(eip);
      if (v === undefined) {
        v = ask(eip);
        known.set(eip, v);
      }
      return v;
    };
  }
  const mstore = e._opcodeMap?.[0x52];
  if (mstore && typeof mstore.opHandler === 'function')
    mstore.opHandler = (runState) => {
      const [offset, word] = runState.stack!.popN(2) as [bigint, bigint];
      runState.memory!.write(Number(offset), 32, word32(word));
    };
  const jumpdest = e._opcodeMap?.[0x5b];
  if (!jumpdest || typeof jumpdest.opHandler !== 'function') return;
  const original = jumpdest.opHandler;
  jumpdest.opHandler = (runState, c) => {
    jumpdest.opHandler = original;
    const proto = runState.interpreter
      ? (Object.getPrototypeOf(runState.interpreter) as InterpreterProto)
      : undefined;
    const analyse = proto?._getValidJumpDestinations;
    if (proto && typeof analyse === 'function') {
      const byCode = new WeakMap<Uint8Array, Analysis>();
      proto._getValidJumpDestinations = function (code: Uint8Array) {
        let a = byCode.get(code);
        if (a === undefined) {
          a = analyse.call(this, code);
          byCode.set(code, a);
        }
        return a;
      };
    }
    return original(runState, c);
  };
}
