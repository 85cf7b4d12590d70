import type { AfterAnswer, Chain } from '../chain/chain.js';
import { StateUnavailableError } from '../chain/stateHistory.js';
import type { RpcConnection, RpcTable } from '../jsonRpc/connection.js';
import { serverError } from '../jsonRpc/errors.js';
import type { UnlockedAccounts } from './accounts.js';
import type { Filters } from './filters.js';
import type { EthHistory } from './history.js';
import type { BlockRef } from './params.js';
import type { SubscriptionScope } from './subscriptions.js';

/**
 * What every method reads: the chain and its Ethereum history; over a WebSocket also the connection's
 * subscriptions, as the message being answered may use them (`eth_subscribe` is refused without, as over HTTP).
 * `others` are the methods of the faces that share the endpoint (the Substrate RPC), answered when a name is not
 * Ethereum's; `connection` is what they are given over a WebSocket.
 */
export type RpcContext = {
  chain: Chain;
  history: EthHistory;
  /** The accounts the node signs for (`eth_accounts`, `eth_sendTransaction`, `eth_sign`, …). */
  accounts: UnlockedAccounts;
  /** `eth_newFilter` and its family, shared by every client of the node. */
  filters: Filters;
  /** Who is asking (the remote address, or the WebSocket connection): filters are bounded per client. */
  client: string;
  subscriptions?: SubscriptionScope;
  others?: RpcTable;
  connection?: RpcConnection;
  /** Set for a request answered on its own over HTTP (not in a batch, whose requests see each other's effects). */
  afterAnswer?: AfterAnswer;
};

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
 * Runs `read` against the state at the end of the block `ref` names: the head's state as it is, an older block's
 * put back from the chain's state history (`chain/stateHistory.ts`, the last 256 blocks) and thrown away after. A
 * block beyond what is kept is refused in geth's words rather than answered with the head's values.
 */
export function readStateAt<T>(ctx: RpcContext, ref: BlockRef, read: (blockNumber: number) => T): T {
  const n = resolveBlock(ctx, ref);
  if (n === undefined) throw serverError('header not found');
  try {
    return ctx.chain.stateHistory.at(n, ctx.chain.headNumber, () => read(n));
  } catch (e) {
    if (e instanceof StateUnavailableError) {
      const hash = (ctx.chain.blockHash(n) ?? '').replace(/^0x/, '');
      throw serverError(`historical state ${hash} is not available: ${e.message}`);
    }
    throw e;
  }
}
