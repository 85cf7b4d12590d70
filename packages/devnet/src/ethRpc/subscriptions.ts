import { randomBytes } from 'node:crypto';
import type { Chain } from '../chain/chain.js';
import { RPC_ERROR, RpcError } from '../jsonRpc/errors.js';
import type { EthHistory, EthTxEntry } from './history.js';
import { type LogFilter, matchesLog } from './logFilter.js';
import { blockView, logView } from './views.js';

/** The most subscriptions one connection holds (geth has no cap; a devnet bounds what a client may pile up). */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 100;
/** Notifications kept for a subscription whose id the client has not been answered yet. */
const MAX_HELD_NOTIFICATIONS = 1_000;

/** Where news comes from: the chain's committed blocks and their Ethereum transactions, and its pool. */
type Sources = { chain: Chain; history: EthHistory };

export type SubscriptionKind =
  | { type: 'newHeads' }
  | { type: 'logs'; filter: LogFilter }
  | { type: 'newPendingTransactions' };

/** A message's hold on its connection's subscriptions (what `eth_subscribe` and `eth_unsubscribe` use). */
export type SubscriptionScope = {
  add(kind: SubscriptionKind): string;
  remove(id: string): boolean;
  release(): void;
};

type Subscription = SubscriptionKind & {
  id: string;
  /** Notifications held until the answer carrying the id is sent: a client never sees one it cannot place. */
  held: unknown[] | undefined;
};

/** What one committed block offers subscribers, built once for every connection and only when someone asks. */
class BlockNews {
  #head: Record<string, unknown> | undefined;
  #txs: EthTxEntry[] | undefined;
  constructor(
    readonly ctx: Sources,
    readonly number: number,
    readonly hash: string,
  ) {}

  get txs() {
    this.#txs ??= this.ctx.history.transactions(this.number, this.number);
    return this.#txs;
  }

  /** The block's header as `newHeads` gives it: the block without its transactions and uncles (as geth). */
  head(): Record<string, unknown> | undefined {
    if (!this.#head) {
      const row = this.ctx.history.block(this.number);
      if (!row) return undefined;
      const { transactions: _t, uncles: _u, ...head } = blockView(row, this.txs, false);
      this.#head = head;
    }
    return this.#head;
  }
}

/**
 * One connection's `eth_subscribe` subscriptions. `send` delivers a notification
 * (`{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":id,"result":…}}`).
 */
export class Subscriptions {
  readonly #subs = new Map<string, Subscription>();
  constructor(readonly send: (notification: unknown) => void) {}

  get size(): number {
    return this.#subs.size;
  }

  /** A new subscription's id (16 random bytes, as geth); its notifications are held until it is released. */
  add(kind: SubscriptionKind): string {
    if (this.#subs.size >= MAX_SUBSCRIPTIONS_PER_CONNECTION)
      throw new RpcError(
        RPC_ERROR.limitExceeded,
        `too many subscriptions on this connection: at most ${MAX_SUBSCRIPTIONS_PER_CONNECTION}`,
      );
    const id = `0x${randomBytes(16).toString('hex')}`;
    this.#subs.set(id, { ...kind, id, held: [] });
    return id;
  }

  remove(id: string): boolean {
    return this.#subs.delete(id);
  }

  /**
   * What one message may do with the connection's subscriptions. Once its answer is sent, `release` lets out what
   * its new subscriptions held, in order; another message's subscriptions stay held until that one is answered.
   */
  scope(): SubscriptionScope {
    const created: string[] = [];
    return {
      add: (kind) => {
        const id = this.add(kind);
        created.push(id);
        return id;
      },
      remove: (id) => this.remove(id),
      release: () => {
        for (const id of created.splice(0)) {
          const sub = this.#subs.get(id);
          const held = sub?.held;
          if (!sub || !held) continue;
          sub.held = undefined;
          for (const result of held) this.#notify(sub, result);
        }
      },
    };
  }

  /** A transaction the pool took: its hash to each `newPendingTransactions` subscription. */
  deliverPending(hash: string): void {
    for (const sub of this.#subs.values()) if (sub.type === 'newPendingTransactions') this.#notify(sub, hash);
  }

  deliver(news: BlockNews): void {
    for (const sub of this.#subs.values()) {
      if (sub.type === 'newPendingTransactions') continue;
      if (sub.type === 'newHeads') {
        const head = news.head();
        if (head) this.#notify(sub, head);
        continue;
      }
      for (const tx of news.txs)
        for (const log of tx.logs)
          if (matchesLog(sub.filter, log)) this.#notify(sub, logView(tx, news.hash, log));
    }
  }

  #notify(sub: Subscription, result: unknown): void {
    if (sub.held) {
      if (sub.held.length < MAX_HELD_NOTIFICATIONS) sub.held.push(result);
      return;
    }
    this.send({ jsonrpc: '2.0', method: 'eth_subscription', params: { subscription: sub.id, result } });
  }
}

/**
 * Every connection's subscriptions, fed by the chain's `block` event: a block is announced once it is committed, so
 * a subscriber is never told of a block a killed process would lose. Nothing is read while no one subscribes.
 */
export class SubscriptionHub {
  readonly #connections = new Set<Subscriptions>();
  readonly #onBlock = ({ number, hash }: { number: number; hash: string }) => {
    if (this.#connections.size === 0) return;
    const news = new BlockNews(this.ctx, number, hash);
    for (const c of this.#connections) if (c.size > 0) c.deliver(news);
  };

  readonly #onPending = (hash: string) => {
    for (const c of this.#connections) if (c.size > 0) c.deliverPending(hash);
  };

  constructor(readonly ctx: Sources) {
    ctx.chain.on('block', this.#onBlock);
    ctx.chain.on('pending', this.#onPending);
  }

  connect(send: (notification: unknown) => void): Subscriptions {
    const subs = new Subscriptions(send);
    this.#connections.add(subs);
    return subs;
  }

  disconnect(subs: Subscriptions): void {
    this.#connections.delete(subs);
  }

  close(): void {
    this.ctx.chain.off('block', this.#onBlock);
    this.ctx.chain.off('pending', this.#onPending);
    this.#connections.clear();
  }
}
