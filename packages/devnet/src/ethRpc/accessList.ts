import { bytesToHex } from '@nftkit/primitives';
import type { Hex } from 'viem';
import { RPC_ERROR, RpcError } from '../jsonRpc/errors.js';
import { quantity } from './format.js';
import type { AccessList } from './request.js';
import type { CallRequest, Runner } from './simulation.js';
import { TraceCollector } from './tracing.js';

/** Cancun's precompiles, 0x01–0x0a: warm for every transaction, so never in an access list. */
const PRECOMPILES = Array.from({ length: 10 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`);

/** Rounds of growing the list before giving up (each round adds what the last one touched; geth has no bound). */
const MAX_ROUNDS = 32;

/** `eth_createAccessList`'s answer, as geth gives it. */
export type AccessListResult = { accessList: AccessList; gasUsed: Hex; error?: string };

/** An access list being built: addresses in the order first seen, each with its slots in that order. */
class ListBuilder {
  readonly #entries = new Map<string, Set<string>>();

  constructor(from?: AccessList) {
    for (const e of from ?? []) {
      this.address(e.address);
      for (const k of e.storageKeys) this.slot(e.address, k);
    }
  }

  address(a: string): void {
    const key = a.toLowerCase();
    if (!this.#entries.has(key)) this.#entries.set(key, new Set());
  }

  slot(a: string, k: string): void {
    this.address(a);
    this.#entries.get(a.toLowerCase())!.add(k.toLowerCase());
  }

  list(): AccessList {
    return [...this.#entries].map(([address, keys]) => ({
      address: address as Hex,
      storageKeys: [...keys] as Hex[],
    }));
  }
}

const same = (a: AccessList, b: AccessList) => JSON.stringify(a) === JSON.stringify(b);

/**
 * geth's `eth_createAccessList`: the transaction is run with the access list so far, recording the addresses and
 * slots it touches (SLOAD/SSTORE slots of the running contract; the address a BALANCE, EXTCODE*, SELFDESTRUCT or
 * call names), until a run touches nothing new. Addresses warm anyway are left out — the sender, the recipient (or
 * the created contract) and the precompiles — unless a slot of theirs was touched, as geth leaves them. `gasUsed` is
 * the last run's, with the list; a failing run answers its error beside the list, as geth does.
 */
export function createAccessList(run: Runner, req: CallRequest): AccessListResult {
  const excluded = new Set([req.from.toLowerCase(), ...PRECOMPILES]);
  if (req.to) excluded.add(req.to.toLowerCase());
  const start = new ListBuilder();
  for (const e of req.accessList) {
    if (!excluded.has(e.address.toLowerCase())) start.address(e.address);
    for (const k of e.storageKeys) start.slot(e.address, k);
  }
  let list = start.list();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const collector = new TraceCollector({ accessList: true });
    const r = run({ ...req, accessList: list }, req.gas, { trace: collector });
    if (r.createdAddress) excluded.add(r.createdAddress.toLowerCase());
    const next = new ListBuilder(list);
    const touched = collector.trace?.touched;
    for (const s of touched?.slots ?? []) next.slot(bytesToHex(s.address), bytesToHex(s.key));
    for (const a of touched?.addresses ?? []) {
      const hex = bytesToHex(a).toLowerCase();
      if (!excluded.has(hex)) next.address(hex);
    }
    const grown = next.list();
    if (same(grown, list)) {
      const result: AccessListResult = { accessList: list, gasUsed: quantity(r.gasUsed) };
      if (!r.outcome.ok)
        result.error =
          r.outcome.reason === 'revert' || r.outcome.returnData !== '0x'
            ? 'execution reverted'
            : r.outcome.reason;
      return result;
    }
    list = grown;
  }
  throw new RpcError(RPC_ERROR.server, `the access list did not settle after ${MAX_ROUNDS} runs`);
}
