import type { RpcContext, RpcMethod } from '../context.js';
import { quantity } from '../format.js';
import { Params } from '../params.js';
import { signedTransactionView } from '../views.js';

/** The pool's Ethereum transactions (substrate extrinsics are not Ethereum's), ready ones first as geth lists them. */
function ethereumEntries(ctx: RpcContext) {
  return [...ctx.chain.pool.entries()].filter((e) => e.tx.ethereum !== undefined);
}

/** geth's `txpool` namespace: what waits in the pool, `pending` (ready) and `queued` (behind a nonce gap). */
export const txpoolMethods: Record<string, RpcMethod> = {
  txpool_status: (ctx, params) => {
    new Params(params, 0);
    const entries = ethereumEntries(ctx);
    const pending = entries.filter((e) => e.ready).length;
    return { pending: quantity(pending), queued: quantity(entries.length - pending) };
  },
  txpool_content: (ctx, params) => {
    new Params(params, 0);
    const out: Record<'pending' | 'queued', Record<string, Record<string, unknown>>> = {
      pending: {},
      queued: {},
    };
    for (const { tx, ready } of ethereumEntries(ctx)) {
      const from = tx.ethereum?.from ?? tx.signer;
      const section = out[ready ? 'pending' : 'queued'];
      const byNonce = section[from] ?? {};
      section[from] = byNonce;
      byNonce[String(tx.nonce)] = signedTransactionView(tx.encoded, tx.hash, from, null);
    }
    return out;
  },
};
