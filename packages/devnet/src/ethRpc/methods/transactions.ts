import { MAX_RAW_TRANSACTION_BYTES } from '../../runtime/ethereum/transaction.js';
import type { RpcContext, RpcMethod } from '../context.js';
import type { EthTxEntry } from '../history.js';
import { Params } from '../params.js';
import { transactionRefusal } from '../refusals.js';
import { receiptView, transactionView } from '../views.js';

/**
 * An included transaction, once its block is committed: a receipt is only given for what survives a killed
 * process. A transaction still in the pool has none (`null`), as on Ethereum.
 */
async function included(
  ctx: RpcContext,
  hash: string,
): Promise<{ entry: EthTxEntry; blockHash: string } | null> {
  await ctx.chain.whenCommitted();
  const n = ctx.history.blockOfTransaction(hash);
  if (n === undefined || n > ctx.chain.committedHead) return null;
  const block = ctx.history.block(n);
  const entry = ctx.history.transactions(n, n).find((t) => t.hash === hash);
  return block && entry ? { entry, blockHash: block.hash } : null;
}

export const transactionMethods: Record<string, RpcMethod> = {
  eth_sendRawTransaction: async ({ chain, afterAnswer }, params) => {
    const p = new Params(params, 1);
    const raw = p.data(0, 'transaction', MAX_RAW_TRANSACTION_BYTES);
    if (raw === '0x') p.fail(0, 'transaction', 'empty transaction');
    try {
      return await chain.submitEthereumAsync(raw, afterAnswer);
    } catch (e) {
      return transactionRefusal(e);
    }
  },
  eth_getTransactionByHash: async (ctx, params) => {
    const hash = new Params(params, 1).hash(0, 'hash');
    const found = await included(ctx, hash);
    return found && transactionView(found.entry, found.blockHash);
  },
  eth_getTransactionReceipt: async (ctx, params) => {
    const hash = new Params(params, 1).hash(0, 'hash');
    const found = await included(ctx, hash);
    return found && receiptView(found.entry, found.blockHash);
  },
};
