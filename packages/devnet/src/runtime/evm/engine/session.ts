import { bytesToHex, hexToBytes } from '@nftkit/primitives';
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { Hex } from 'viem';
import { Savepoint } from '../../../storage/savepoint.js';
import { depositInto, usableBalance, withdraw } from '../../balances/pallet.js';
import type { DispatchContext } from '../../context.js';
import { callNative, nativeContractAt } from '../contracts/dispatch.js';
import { checksum } from '../memo.js';
import { evmStorage } from '../storage.js';
import type { EvmLog, EvmMessage, EvmOutcome } from '../types.js';
import { balanceAccount } from '../value.js';
import type { NativeReply, StateRequest } from './library/protocol.js';

const EMPTY_CODE_HASH = keccak_256(new Uint8Array(0));
// Memoized: every state request names an address, and an EIP-55 checksum costs a keccak.
export const addr = (bytes: Uint8Array) => checksum(bytesToHex(bytes));

/** Answers the EVM core's state requests from the runtime storage, inside nested SAVEPOINTs for its checkpoints. */
export class Session {
  readonly #savepoints: { sp: Savepoint; events: number }[] = [];
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
      case 'blockHash':
        return blockHash(this.ctx, req.number);
      case 'checkpoint': {
        this.#savepoints.push({ sp: new Savepoint(storage.db), events: this.ctx.events.length });
        return null;
      }
      case 'commit': {
        this.#savepoints.pop()?.sp.release();
        return null;
      }
      case 'revert': {
        const open = this.#savepoints.pop();
        if (open) {
          open.sp.rollback();
          this.ctx.events.length = open.events;
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
    for (let open = this.#savepoints.pop(); open; open = this.#savepoints.pop()) {
      open.sp.rollback();
      this.ctx.events.length = open.events;
    }
  }
}

const toTuple = (l: EvmLog): [Uint8Array, Uint8Array[], Uint8Array] => [
  hexToBytes(l.address),
  l.topics.map((t) => hexToBytes(t)),
  hexToBytes(l.data),
];
export const fromTuple = ([a, topics, data]: [Uint8Array, Uint8Array[], Uint8Array]): EvmLog => ({
  address: addr(a),
  topics: topics.map((t) => bytesToHex(t) as Hex),
  data: bytesToHex(data) as Hex,
});

const ZERO_HASH = new Uint8Array(32);
const blockHashQueries = new WeakMap<object, (n: number) => string | undefined>();

/** An earlier block's hash as the chain recorded it (the hash `eth_getBlockByNumber` gives); zero when unknown. */
function blockHash(ctx: DispatchContext, number: bigint): Uint8Array {
  const db = ctx.storage.db;
  let query = blockHashQueries.get(db);
  if (!query) {
    try {
      const stmt = db.prepare<[number], string>('SELECT hash FROM blocks WHERE number = ?').pluck();
      query = (n) => stmt.get(n);
    } catch {
      // A runtime without the chain's history (the runtime alone, in tests) knows no block hashes.
      query = () => undefined;
    }
    blockHashQueries.set(db, query);
  }
  if (number > BigInt(Number.MAX_SAFE_INTEGER)) return ZERO_HASH;
  const hash = query(Number(number));
  return hash === undefined ? ZERO_HASH : hexToBytes(hash);
}
