import { GAS_PRICE } from '../../runtime/evm/gas.js';
import { MAX_GAS_LIMIT } from '../../runtime/evm/transact.js';
import { type RpcContext, type RpcMethod, resolveBlock } from '../context.js';
import { quantity } from '../format.js';
import { type BlockRef, Params } from '../params.js';
import { blockView, receiptView, transactionView } from '../views.js';

/** The most blocks `eth_feeHistory` reports on (geth's cap). */
const MAX_FEE_HISTORY_BLOCKS = 1024;
const MAX_PERCENTILES = 100;

function block(ctx: RpcContext, n: number | undefined, full: boolean) {
  if (n === undefined) return null;
  const row = ctx.history.block(n);
  return row ? blockView(row, ctx.history.transactions(n, n), full) : null;
}

/** The block a `[block]` or `[hash]` argument names, once committed (what a killed process would still have). */
async function committedBlock(ctx: RpcContext, n: number | undefined) {
  await ctx.chain.whenCommitted();
  if (n === undefined || n > ctx.chain.committedHead) return undefined;
  const row = ctx.history.block(n);
  return row && { row, txs: ctx.history.transactions(n, n) };
}

/** The first argument, a block number or tag (the methods named `…ByNumber…` take no hash). */
function numberOrTag(p: Params): BlockRef {
  const ref = p.block(0, 'block', undefined);
  if ('hash' in ref) p.fail(0, 'block', 'expected a block number or tag, not a hash');
  return ref;
}

function index(p: Params, i: number): number {
  const n = p.quantity(i, 'index');
  return n > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(n);
}

export const blockMethods: Record<string, RpcMethod> = {
  eth_getBlockByNumber: (ctx, params) => {
    const p = new Params(params, 2);
    const ref = numberOrTag(p);
    return block(ctx, resolveBlock(ctx, ref), p.bool(1, 'fullTransactions', false));
  },
  eth_getBlockByHash: (ctx, params) => {
    const p = new Params(params, 2);
    const hash = p.hash(0, 'hash');
    return block(ctx, ctx.history.blockNumberOf(hash), p.bool(1, 'fullTransactions', false));
  },
  eth_getBlockTransactionCountByNumber: (ctx, params) => {
    const p = new Params(params, 1);
    const n = resolveBlock(ctx, p.block(0, 'block', undefined));
    return n === undefined || !ctx.history.block(n) ? null : quantity(ctx.history.transactions(n, n).length);
  },
  eth_getBlockTransactionCountByHash: (ctx, params) => {
    const p = new Params(params, 1);
    const n = ctx.history.blockNumberOf(p.hash(0, 'hash'));
    return n === undefined ? null : quantity(ctx.history.transactions(n, n).length);
  },
  eth_getTransactionByBlockNumberAndIndex: async (ctx, params) => {
    const p = new Params(params, 2);
    const ref = numberOrTag(p);
    const i = index(p, 1);
    const b = await committedBlock(ctx, resolveBlock(ctx, ref));
    const tx = b?.txs[i];
    return b && tx ? transactionView(tx, b.row.hash) : null;
  },
  eth_getTransactionByBlockHashAndIndex: async (ctx, params) => {
    const p = new Params(params, 2);
    const hash = p.hash(0, 'hash');
    const i = index(p, 1);
    const b = await committedBlock(ctx, ctx.history.blockNumberOf(hash));
    const tx = b?.txs[i];
    return b && tx ? transactionView(tx, b.row.hash) : null;
  },
  // Blocks have no uncles (a parachain's are final one by one): none to count or give, as geth and Frontier answer
  // for a block they have, and null for one they do not.
  eth_getUncleCountByBlockNumber: (ctx, params) => {
    const p = new Params(params, 1);
    const ref = numberOrTag(p);
    const n = resolveBlock(ctx, ref);
    return n === undefined || !ctx.history.block(n) ? null : '0x0';
  },
  eth_getUncleCountByBlockHash: (ctx, params) => {
    const p = new Params(params, 1);
    return ctx.history.blockNumberOf(p.hash(0, 'hash')) === undefined ? null : '0x0';
  },
  eth_getUncleByBlockNumberAndIndex: (_ctx, params) => {
    const p = new Params(params, 2);
    numberOrTag(p);
    index(p, 1);
    return null;
  },
  eth_getUncleByBlockHashAndIndex: (_ctx, params) => {
    const p = new Params(params, 2);
    p.hash(0, 'hash');
    index(p, 1);
    return null;
  },
  /** Every receipt of a block (a number, a tag or, EIP-1898, a hash); `null` for a block the chain does not have. */
  eth_getBlockReceipts: async (ctx, params) => {
    const p = new Params(params, 1);
    const ref = p.block(0, 'block', undefined);
    const n = 'hash' in ref ? ctx.history.blockNumberOf(ref.hash) : resolveBlock(ctx, ref);
    const b = await committedBlock(ctx, n);
    return b ? b.txs.map((t) => receiptView(t, b.row.hash)) : null;
  },

  /**
   * The base fee is the chain's one gas price in every block, and priority fees are all zero (a tip buys nothing);
   * `gasUsedRatio` is each block's Ethereum gas over its gas limit.
   */
  eth_feeHistory: (ctx, params) => {
    const p = new Params(params, 3);
    const count = p.quantity(0, 'blockCount');
    if (count < 1n || count > BigInt(MAX_FEE_HISTORY_BLOCKS))
      p.fail(0, 'blockCount', `expected 1 to ${MAX_FEE_HISTORY_BLOCKS}`);
    const newest = resolveBlock(ctx, p.block(1, 'newestBlock', undefined));
    if (newest === undefined) return p.fail(1, 'newestBlock', 'no such block');
    let percentiles: number[] | undefined;
    if (p.has(2)) {
      const raw = p.raw(2);
      if (
        !Array.isArray(raw) ||
        raw.length > MAX_PERCENTILES ||
        !raw.every((x, i) => typeof x === 'number' && x >= 0 && x <= 100 && (i === 0 || x >= raw[i - 1]))
      )
        p.fail(
          2,
          'rewardPercentiles',
          `expected at most ${MAX_PERCENTILES} increasing numbers from 0 to 100`,
        );
      percentiles = raw as number[];
    }
    const oldest = Math.max(0, newest - Number(count) + 1);
    const used = new Map<number, bigint>();
    for (const t of ctx.history.transactions(oldest, newest))
      used.set(t.blockNumber, (used.get(t.blockNumber) ?? 0n) + t.gasUsed);
    const blocks = newest - oldest + 1;
    const ratio = (n: number) => Number(used.get(n) ?? 0n) / Number(MAX_GAS_LIMIT);
    return {
      oldestBlock: quantity(oldest),
      baseFeePerGas: Array.from({ length: blocks + 1 }, () => quantity(GAS_PRICE)),
      gasUsedRatio: Array.from({ length: blocks }, (_, i) => ratio(oldest + i)),
      // Without percentiles there is no `reward` at all, as geth and Hardhat answer (not a list of empty lists).
      ...(percentiles?.length
        ? { reward: Array.from({ length: blocks }, () => percentiles.map(() => '0x0')) }
        : {}),
    };
  },
};
