import { randomBytes } from 'node:crypto';
import type { Chain } from '../chain/chain.js';
import { RPC_ERROR, RpcError, serverError } from '../jsonRpc/errors.js';
import type { LogFilter } from './logFilter.js';

/** How long a filter lives without being polled (geth's `deadline`: 5 minutes). */
export const FILTER_TTL_MS = 5 * 60_000;
/** Filters one client may hold at once, and the node in all. */
export const MAX_FILTERS_PER_CLIENT = 1_000;
export const MAX_FILTERS = 10_000;
/** Pending-transaction hashes a filter keeps between polls; past it the oldest go (a client that never polls). */
export const MAX_PENDING_HASHES = 10_000;

/** A log filter's criteria: what `eth_getFilterLogs` asks again, and the numbered bounds its changes keep to. */
export type LogCriteria = {
  filter: LogFilter;
  /** The filter object as given (checked), for `eth_getFilterLogs`. */
  request: Record<string, unknown>;
  fromBlock: number | undefined;
  toBlock: number | undefined;
};

type Common = { id: string; client: string; lastUsed: number };
/** `cursor`: the last block whose news the client has had. */
export type Filter = Common &
  (
    | { kind: 'block'; cursor: number }
    | { kind: 'logs'; cursor: number; criteria: LogCriteria }
    | { kind: 'pending'; hashes: string[] }
  );

export type FilterKind = { kind: 'block' } | { kind: 'logs'; criteria: LogCriteria } | { kind: 'pending' };

export type FilterOptions = { ttlMs: number; perClient: number; max: number; now: () => number };

/**
 * The node's `eth_newFilter` family: filters by id, each a cursor into the committed blocks (block and log filters
 * read their news from the chain's history when polled, so a poll never misses or repeats a block) or a queue of
 * pending transaction hashes fed by the chain. A filter not polled for `ttlMs` is gone; a client holds at most
 * `perClient` of them.
 */
export class Filters {
  readonly #byId = new Map<string, Filter>();
  readonly #perClient = new Map<string, number>();
  readonly #options: FilterOptions;
  #pending = 0;
  #lastSweep = 0;
  readonly #onPending = (hash: string) => {
    if (this.#pending === 0) return;
    for (const f of this.#byId.values()) {
      if (f.kind !== 'pending') continue;
      if (f.hashes.length >= MAX_PENDING_HASHES) f.hashes.shift();
      f.hashes.push(hash);
    }
  };
  readonly #timer: NodeJS.Timeout;

  constructor(
    readonly chain: Chain,
    options: Partial<FilterOptions> = {},
  ) {
    this.#options = {
      ttlMs: FILTER_TTL_MS,
      perClient: MAX_FILTERS_PER_CLIENT,
      max: MAX_FILTERS,
      now: Date.now,
      ...options,
    };
    chain.on('pending', this.#onPending);
    this.#timer = setInterval(() => this.sweep(), Math.min(60_000, this.#options.ttlMs));
    this.#timer.unref();
  }

  get size(): number {
    return this.#byId.size;
  }

  /** A new filter's id (16 random bytes, as geth); -32005 past the client's or the node's bound. */
  install(client: string, kind: FilterKind): string {
    this.sweep();
    if ((this.#perClient.get(client) ?? 0) >= this.#options.perClient)
      throw new RpcError(
        RPC_ERROR.limitExceeded,
        `too many filters: at most ${this.#options.perClient} per client (uninstall some, or let them expire after ${this.#options.ttlMs / 1000} s unpolled)`,
      );
    if (this.#byId.size >= this.#options.max)
      throw new RpcError(
        RPC_ERROR.limitExceeded,
        `too many filters on the node: at most ${this.#options.max}`,
      );
    const id = `0x${randomBytes(16).toString('hex')}`;
    const common: Common = { id, client, lastUsed: this.#options.now() };
    const head = this.chain.committedHead;
    const filter: Filter =
      kind.kind === 'pending'
        ? { ...common, kind: 'pending', hashes: [] }
        : kind.kind === 'block'
          ? { ...common, kind: 'block', cursor: head }
          : { ...common, kind: 'logs', cursor: head, criteria: kind.criteria };
    this.#byId.set(id, filter);
    this.#perClient.set(client, (this.#perClient.get(client) ?? 0) + 1);
    if (filter.kind === 'pending') this.#pending++;
    return id;
  }

  /** The live filter with this id, its idle clock reset; geth's -32000 `filter not found` otherwise. */
  use(id: string): Filter {
    this.sweep();
    const f = this.#byId.get(id.toLowerCase());
    if (!f) throw serverError('filter not found');
    f.lastUsed = this.#options.now();
    return f;
  }

  uninstall(id: string): boolean {
    const f = this.#byId.get(id.toLowerCase());
    if (!f) return false;
    this.#remove(f);
    return true;
  }

  /** Every filter of `client` gone (its WebSocket closed). */
  dropClient(client: string): void {
    for (const f of [...this.#byId.values()]) if (f.client === client) this.#remove(f);
  }

  /** Removes the filters idle for longer than the TTL (at most once a second; every call checks). */
  sweep(): void {
    const now = this.#options.now();
    if (now - this.#lastSweep < 1000 && now >= this.#lastSweep) return;
    this.#lastSweep = now;
    for (const f of [...this.#byId.values()]) if (now - f.lastUsed > this.#options.ttlMs) this.#remove(f);
  }

  close(): void {
    clearInterval(this.#timer);
    this.chain.off('pending', this.#onPending);
    this.#byId.clear();
    this.#perClient.clear();
    this.#pending = 0;
  }

  #remove(f: Filter): void {
    this.#byId.delete(f.id);
    const n = (this.#perClient.get(f.client) ?? 1) - 1;
    if (n > 0) this.#perClient.set(f.client, n);
    else this.#perClient.delete(f.client);
    if (f.kind === 'pending') this.#pending--;
  }
}
