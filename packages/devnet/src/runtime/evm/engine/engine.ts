import {
  bytesToHex,
  COLLECTION_ADDRESS_PREFIX,
  hexToBytes,
  NESTING_ADDRESS_PREFIX,
  toChecksumEthereumAddress,
} from '@nftkit/primitives';
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { Hex } from 'viem';
import { depositInto, usableBalance, withdraw } from '../../balances/pallet.js';
import type { DispatchContext } from '../../context.js';
import { ETH_CHAIN_ID } from '../../ethereum/transaction.js';
import { COLLECTION_HELPERS_ADDRESS, CONTRACT_HELPERS_ADDRESS } from '../contracts/addresses.js';
import { callNative, nativeContractAt } from '../contracts/dispatch.js';
import { checksum } from '../memo.js';
import { evmStorage } from '../storage.js';
import type { BytecodeRunner, EvmLog, EvmMessage, EvmOutcome } from '../types.js';
import { balanceAccount } from '../value.js';
import { runFast } from './fast/run.js';
import { EvmUnavailableError, runInContext } from './library/context.js';
import type { NativeReply, RunRequest, RunResult, StateRequest } from './library/protocol.js';
import { ownRealm } from './library/realm.js';

/** The EVM's `CHAINID`: the chain id JSON-RPC answers and transactions are signed for. */
export const EVM_CHAIN_ID = ETH_CHAIN_ID;
const EMPTY_CODE_HASH = keccak_256(new Uint8Array(0));
const CORE_OPTIONS = {
  chainId: EVM_CHAIN_ID,
  nativeAddresses: [COLLECTION_HELPERS_ADDRESS, CONTRACT_HELPERS_ADDRESS],
  nativePrefixes: [COLLECTION_ADDRESS_PREFIX, NESTING_ADDRESS_PREFIX],
};

export { EvmUnavailableError };

let seq = 0;
// Memoized: every state request names an address, and an EIP-55 checksum costs a keccak.
const addr = (bytes: Uint8Array) => checksum(bytesToHex(bytes));

/** Answers the EVM core's state requests from the runtime storage, inside nested SAVEPOINTs for its checkpoints. */
class Session {
  readonly #savepoints: { name: string; events: number }[] = [];
  constructor(readonly ctx: DispatchContext) {}

  handle(req: StateRequest): unknown {
    const { storage } = this.ctx;
    const evm = evmStorage(storage);
    switch (req.op) {
      case 'getAccount': {
        const a = addr(req.address);
        const acc = evm.header(a);
        const balance = usableBalance(storage, balanceAccount(a));
        if (acc.nonce === 0n && acc.codeHash === null && balance === 0n) return null;
        return { nonce: acc.nonce, balance, codeHash: acc.codeHash ?? EMPTY_CODE_HASH };
      }
      case 'putAccount': {
        const a = addr(req.address);
        evm.putNonce(a, req.nonce);
        const who = balanceAccount(a);
        const now = usableBalance(storage, who);
        if (req.balance > now) depositInto(storage, who, req.balance - now);
        else if (req.balance < now) withdraw(storage, who, now - req.balance);
        return null;
      }
      case 'deleteAccount': {
        const a = addr(req.address);
        evm.putAccount(a, { nonce: 0n, code: new Uint8Array(0), deployer: null });
        evm.clearSlots(a);
        return null;
      }
      case 'getCode':
        return evm.account(addr(req.address)).code;
      case 'putCode': {
        const a = addr(req.address);
        evm.putAccount(a, { ...evm.account(a), code: req.code });
        return null;
      }
      case 'getStorage':
        return evm.slot(addr(req.address), req.key);
      case 'putStorage': {
        let i = 0;
        while (i < req.value.length && req.value[i] === 0) i++;
        evm.putSlot(addr(req.address), req.key, req.value.subarray(i));
        return null;
      }
      case 'clearStorage':
        evm.clearSlots(addr(req.address));
        return null;
      case 'checkpoint': {
        const name = `evm_vm_${++seq}`;
        storage.db.exec(`SAVEPOINT ${name}`);
        this.#savepoints.push({ name, events: this.ctx.events.length });
        return null;
      }
      case 'commit': {
        const sp = this.#savepoints.pop();
        if (sp) storage.db.exec(`RELEASE ${sp.name}`);
        return null;
      }
      case 'revert': {
        const sp = this.#savepoints.pop();
        if (sp) {
          storage.db.exec(`ROLLBACK TO ${sp.name}`);
          storage.db.exec(`RELEASE ${sp.name}`);
          this.ctx.events.length = sp.events;
        }
        return null;
      }
      case 'native': {
        const to = addr(req.to);
        const contract = nativeContractAt(this.ctx.storage, to);
        const msg: EvmMessage = {
          caller: addr(req.caller),
          to,
          data: bytesToHex(req.data) as Hex,
          value: req.value,
          isStatic: req.isStatic,
        };
        const outcome: EvmOutcome = contract
          ? callNative(this.ctx, contract, msg, req.gasLimit)
          : { ok: true, returnData: '0x', logs: [], gasUsed: 0n };
        const reply: NativeReply = {
          ok: outcome.ok,
          returnData: hexToBytes(outcome.returnData),
          gasUsed: outcome.gasUsed,
          logs: outcome.ok ? outcome.logs.map(toTuple) : [],
        };
        return reply;
      }
      default:
        throw new Error(`Unexpected request ${(req as { op: string }).op}`);
    }
  }

  /** Undoes whatever checkpoints a run left open (it failed mid-call). */
  abandon(): void {
    for (let sp = this.#savepoints.pop(); sp; sp = this.#savepoints.pop()) {
      this.ctx.storage.db.exec(`ROLLBACK TO ${sp.name}`);
      this.ctx.storage.db.exec(`RELEASE ${sp.name}`);
      this.ctx.events.length = sp.events;
    }
  }
}

const toTuple = (l: EvmLog): [Uint8Array, Uint8Array[], Uint8Array] => [
  hexToBytes(l.address),
  l.topics.map((t) => hexToBytes(t)),
  hexToBytes(l.data),
];
const fromTuple = ([a, topics, data]: [Uint8Array, Uint8Array[], Uint8Array]): EvmLog => ({
  address: addr(a),
  topics: topics.map((t) => bytesToHex(t) as Hex),
  data: bytesToHex(data) as Hex,
});

/** Runs one EVM execution to its end, synchronously, answering its state requests from the runtime's storage. */
function runSync(ctx: DispatchContext, req: RunRequest): RunResult {
  const session = new Session(ctx);
  try {
    const result = runInContext(CORE_OPTIONS, req, (msg) => session.handle(ownRealm(msg) as StateRequest));
    session.abandon();
    for (const write of result.writes) session.handle(write);
    return result;
  } catch (e) {
    session.abandon();
    throw e;
  }
}

/** Whether calls may run on the fast interpreter (the differential tests turn it off to run the library alone). */
export const fastPath = { enabled: true };

/** Contracts whose last run reached a native contract: their runs start relayed instead of being run twice. */
const reachesNative = new Set<string>();

const totalChanges = new WeakMap<DispatchContext['storage']['db'], () => number>();
/** The database's `total_changes()`: it moves with every write, so the core's read cache is good while it stays. */
function dbVersion(ctx: DispatchContext): number {
  const db = ctx.storage.db;
  let read = totalChanges.get(db);
  if (!read) {
    const stmt = db.prepare<[], number>('SELECT total_changes()').pluck();
    read = () => stmt.get() as number;
    totalChanges.set(db, read);
  }
  return read();
}

type Execution = Omit<RunRequest, 'op' | 'mode' | 'version'>;

/**
 * Runs on the fast interpreter when it can (a call with no value that stays in its contract), else locally in the
 * core (its writes applied at the end), or relayed when the run reaches a native contract.
 */
function execute(ctx: DispatchContext, run: Execution): RunResult {
  const target = run.to ? addr(run.to) : undefined;
  const fast = fastPath.enabled ? runFast(ctx, run) : undefined;
  if (fast) {
    const session = new Session(ctx);
    for (const write of fast.writes) session.handle(write);
    return fast;
  }
  if (!target || !reachesNative.has(target)) {
    const r = runSync(ctx, { ...run, op: 'run', mode: 'local', version: dbVersion(ctx) });
    if (!r.needsRelay) return r;
    if (target) {
      if (reachesNative.size >= 1024) reachesNative.clear();
      reachesNative.add(target);
    }
  }
  return runSync(ctx, { ...run, op: 'run', mode: 'relayed', version: 0 });
}

function outcomeOf(r: RunResult): EvmOutcome {
  if (r.error === undefined)
    return {
      ok: true,
      returnData: bytesToHex(r.returnData) as Hex,
      logs: r.logs.map(fromTuple),
      gasUsed: r.gasUsed,
    };
  return {
    ok: false,
    returnData: bytesToHex(r.returnData) as Hex,
    reason: r.error === 'revert' ? revertText(r.returnData) : r.error,
    gasUsed: r.gasUsed,
  };
}

/** `Error(string)` revert data as its text, else a generic "revert". */
function revertText(data: Uint8Array): string {
  if (data.length >= 68 && bytesToHex(data.subarray(0, 4)) === '0x08c379a0') {
    const len = Number(BigInt(bytesToHex(data.subarray(36, 68))));
    if (68 + len <= data.length) return new TextDecoder().decode(data.subarray(68, 68 + len));
  }
  return 'revert';
}

/** Bytecode execution through `@ethereumjs/evm` (in its own V8 context), over the runtime's state. */
export const vmBytecodeRunner: BytecodeRunner = {
  call(ctx, msg, gasLimit) {
    const sp = `evm_run_${++seq}`;
    ctx.storage.db.exec(`SAVEPOINT ${sp}`);
    const events = ctx.events.length;
    try {
      const r = execute(ctx, {
        kind: 'call',
        caller: hexToBytes(msg.caller),
        to: hexToBytes(msg.to),
        data: hexToBytes(msg.data),
        value: msg.value,
        gasLimit,
        blockNumber: BigInt(ctx.blockNumber),
        timestamp: BigInt(Math.floor(Date.now() / 1000)),
        skipNonceIncrement: true,
      });
      ctx.storage.db.exec(`RELEASE ${sp}`);
      return outcomeOf(r);
    } catch (e) {
      ctx.storage.db.exec(`ROLLBACK TO ${sp}`);
      ctx.storage.db.exec(`RELEASE ${sp}`);
      ctx.events.length = events;
      throw e;
    }
  },
  create(ctx, caller, init, value, gasLimit) {
    const sp = `evm_run_${++seq}`;
    ctx.storage.db.exec(`SAVEPOINT ${sp}`);
    const events = ctx.events.length;
    try {
      const r = execute(ctx, {
        kind: 'create',
        caller: hexToBytes(caller),
        data: hexToBytes(init),
        value,
        gasLimit,
        blockNumber: BigInt(ctx.blockNumber),
        timestamp: BigInt(Math.floor(Date.now() / 1000)),
        skipNonceIncrement: false,
      });
      const address = r.createdAddress
        ? addr(r.createdAddress)
        : toChecksumEthereumAddress(`0x${'0'.repeat(40)}`);
      if (r.error === undefined && r.createdAddress) {
        const s = evmStorage(ctx.storage);
        s.putAccount(address, { ...s.account(address), deployer: caller });
      }
      ctx.storage.db.exec(`RELEASE ${sp}`);
      return { ...outcomeOf(r), address };
    } catch (e) {
      ctx.storage.db.exec(`ROLLBACK TO ${sp}`);
      ctx.storage.db.exec(`RELEASE ${sp}`);
      ctx.events.length = events;
      throw e;
    }
  },
};
