import { randomBytes } from 'node:crypto';
import type { Chain } from '../chain/chain.js';
import type { RpcConnection } from '../jsonRpc/connection.js';
import { RPC_ERROR, RpcError } from '../jsonRpc/errors.js';

/** The most subscriptions one connection holds (Substrate's server default); past it a subscribe is refused. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 1024;

/**
 * What a subscription does when a block is committed: returns the notification's result, or `undefined` when it
 * has nothing to say (a storage subscription whose keys did not change).
 */
export type OnBlock = (block: { number: number; hash: string }) => unknown;

/**
 * A subscription that speaks on its own (a watched transaction): started once the answer carrying its id has gone,
 * given a way to notify and to end the subscription from the server's side; answers what to undo when it ends.
 */
export type Feed = (notify: (result: unknown) => void, end: () => void) => () => void;

type Subscription = { id: string; method: string; onBlock: OnBlock; cleanup?: () => void };

/**
 * Substrate subscriptions over the devnet's WebSockets: each connection's, by id, bounded per connection, dropped
 * when it closes. Notifications are `{"jsonrpc":"2.0","method":<method>,"params":{"subscription":id,"result":…}}`,
 * sent after the block is committed (what a client is told is in a block survives a killed process).
 */
export class SubstrateSubscriptions {
  readonly #connections = new Map<RpcConnection, Map<string, Subscription>>();
  readonly #onBlock = (block: { number: number; hash: string }) => {
    for (const [connection, subs] of this.#connections)
      for (const sub of subs.values()) {
        const result = sub.onBlock(block);
        if (result !== undefined) notify(connection, sub, result);
      }
  };

  constructor(readonly chain: Chain) {
    chain.on('block', this.#onBlock);
  }

  /**
   * A new subscription on this connection; `first`, if given, is its first notification (sent once the answer
   * carrying the id has gone). Over HTTP there is no connection: refused, as Substrate refuses it.
   */
  add(
    connection: RpcConnection | undefined,
    method: string,
    onBlock: OnBlock,
    first?: () => unknown,
  ): string {
    if (!connection)
      throw new RpcError(RPC_ERROR.methodNotFound, 'subscriptions are served over a WebSocket only');
    let subs = this.#connections.get(connection);
    if (!subs) {
      const created = new Map<string, Subscription>();
      this.#connections.set(connection, created);
      connection.onClose(() => {
        this.#connections.delete(connection);
        for (const sub of created.values()) sub.cleanup?.();
      });
      subs = created;
    }
    if (subs.size >= MAX_SUBSCRIPTIONS_PER_CONNECTION)
      throw new RpcError(
        RPC_ERROR.limitExceeded,
        `too many subscriptions on this connection: at most ${MAX_SUBSCRIPTIONS_PER_CONNECTION}`,
      );
    const sub = { id: randomBytes(8).toString('hex'), method, onBlock };
    subs.set(sub.id, sub);
    if (first) {
      const owner = subs;
      // After the answer: the transport sends it when the method returns, before the next turn of the event loop.
      setImmediate(() => {
        if (owner.get(sub.id) === sub && this.#connections.get(connection) === owner)
          notify(connection, sub, first());
      });
    }
    return sub.id;
  }

  /**
   * Hands a subscription of this connection (made by {@link add}, with nothing to say on blocks) to `feed`, which
   * starts once the answer carrying its id has gone. Nothing happens if the subscription has ended meanwhile.
   */
  feed(connection: RpcConnection, id: string, feed: Feed): void {
    const subs = this.#connections.get(connection);
    const sub = subs?.get(id);
    if (!sub || !subs) return;
    setImmediate(() => {
      if (subs.get(id) !== sub || this.#connections.get(connection) !== subs) return;
      const cleanup = feed(
        (result) => {
          if (subs.get(id) === sub) notify(connection, sub, result);
        },
        () => this.remove(connection, id),
      );
      // A feed that ended as it started has nothing left to undo later.
      if (subs.get(id) === sub) sub.cleanup = cleanup;
      else cleanup();
    });
  }

  /** Ends a subscription of this connection; `false` if it has none by that id. */
  remove(connection: RpcConnection | undefined, id: unknown): boolean {
    if (!connection || typeof id !== 'string') return false;
    const subs = this.#connections.get(connection);
    const sub = subs?.get(id);
    if (!sub) return false;
    subs?.delete(id);
    sub.cleanup?.();
    return true;
  }

  close(): void {
    this.chain.off('block', this.#onBlock);
    for (const subs of this.#connections.values()) for (const sub of subs.values()) sub.cleanup?.();
    this.#connections.clear();
  }
}

function notify(connection: RpcConnection, sub: Subscription, result: unknown): void {
  connection.send({ jsonrpc: '2.0', method: sub.method, params: { subscription: sub.id, result } });
}
