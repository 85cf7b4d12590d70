import type { Chain } from '../chain/chain.js';
import { serverError } from './errors.js';
import type { EthHistory } from './history.js';
import type { BlockRef } from './params.js';
import type { SubscriptionScope } from './subscriptions.js';

/**
 * What every method reads: the chain and its Ethereum history; over a WebSocket also the connection's
 * subscriptions, as the message being answered may use them (`eth_subscribe` is refused without, as over HTTP).
 */
export type RpcContext = { chain: Chain; history: EthHistory; subscriptions?: SubscriptionScope };

/** A JSON-RPC method: positional params in, a JSON value out (or an `RpcError`). */
export type RpcMethod = (ctx: RpcContext, params: unknown) => unknown;

/** The block a reference names, if the chain has it. `safe`/`finalized` are the last final block. */
export function resolveBlock({ chain, history }: RpcContext, ref: BlockRef): number | undefined {
  const head = chain.headNumber;
  if ('tag' in ref) {
    if (ref.tag === 'earliest') return 0;
    if (ref.tag === 'safe' || ref.tag === 'finalized') return Math.max(0, head - chain.finalityDepth);
    return head;
  }
  if ('hash' in ref) return history.blockNumberOf(ref.hash);
  return ref.number <= head ? ref.number : undefined;
}

/**
 * State is read at the head only (the devnet keeps no past states, as a pruned node): a reference to another
 * block is refused rather than answered with the head's values.
 */
export function requireHeadState(ctx: RpcContext, ref: BlockRef): void {
  const n = resolveBlock(ctx, ref);
  if (n === undefined) throw serverError('header not found');
  if (n !== ctx.chain.headNumber)
    throw serverError(
      `historical state is not available: the devnet keeps the head state only (block ${n} asked, head is ${ctx.chain.headNumber})`,
    );
}
