import type { RpcMethod } from '../context.js';
import type { LogCriteria } from '../filters.js';
import { parseLogFilter } from '../logFilter.js';
import { Params, parseBlockRef } from '../params.js';
import { MAX_LOG_BLOCK_RANGE, matchingLogs, queryLogs } from './logs.js';

const FILTER_FIELDS = new Set(['fromBlock', 'toBlock', 'address', 'topics']);
const FILTER_ID = /^0x[0-9a-fA-F]{1,64}$/;

function filterId(p: Params): string {
  const v = p.required(0, 'filterId');
  if (typeof v !== 'string' || !FILTER_ID.test(v)) p.fail(0, 'filterId', 'expected a filter id (0x hex)');
  return v;
}

/** A filter object's criteria, checked as `eth_getLogs` checks them; a numbered bound is kept for the changes. */
function logCriteria(p: Params): LogCriteria {
  const f = p.has(0) ? p.object(0, 'filter') : {};
  const fail = (field: string) => (what: string) => p.fail(0, 'filter', `${field}: ${what}`);
  for (const key of Object.keys(f))
    if (!FILTER_FIELDS.has(key))
      fail(key.slice(0, 40))(
        key === 'blockHash'
          ? 'a filter follows new blocks; ask eth_getLogs for one block'
          : 'unknown field (fromBlock, toBlock, address, topics)',
      );
  const bound = (field: 'fromBlock' | 'toBlock') => {
    if (f[field] === undefined || f[field] === null) return undefined;
    const ref = parseBlockRef(f[field], fail(field));
    if ('hash' in ref) return fail(field)('expected a block number or tag');
    return 'number' in ref ? ref.number : undefined;
  };
  return {
    filter: parseLogFilter(f, fail),
    request: f,
    fromBlock: bound('fromBlock'),
    toBlock: bound('toBlock'),
  };
}

export const filterMethods: Record<string, RpcMethod> = {
  eth_newFilter: (ctx, params) => {
    const p = new Params(params, 1);
    return ctx.filters.install(ctx.client, { kind: 'logs', criteria: logCriteria(p) });
  },
  eth_newBlockFilter: (ctx, params) => {
    new Params(params, 0);
    return ctx.filters.install(ctx.client, { kind: 'block' });
  },
  eth_newPendingTransactionFilter: (ctx, params) => {
    const p = new Params(params, 1);
    // geth's `fullTx` flag: the devnet answers hashes only.
    if (p.has(0) && p.raw(0) !== false)
      p.fail(0, 'fullTx', 'the devnet gives pending transaction hashes only');
    return ctx.filters.install(ctx.client, { kind: 'pending' });
  },

  /**
   * What happened since the last poll: block hashes, matching logs of the blocks since (at most 10 000 blocks a
   * poll; the rest come with the next), or the hashes of transactions the pool took.
   */
  eth_getFilterChanges: async (ctx, params) => {
    const p = new Params(params, 1);
    const f = ctx.filters.use(filterId(p));
    if (f.kind === 'pending') return f.hashes.splice(0);
    await ctx.chain.whenCommitted();
    const head = ctx.chain.committedHead;
    const from = f.cursor + 1;
    const to = Math.min(head, f.cursor + MAX_LOG_BLOCK_RANGE);
    if (from > to) return [];
    f.cursor = to;
    if (f.kind === 'block') {
      const out: string[] = [];
      for (let n = from; n <= to; n++) {
        const hash = ctx.chain.blockHash(n);
        if (hash) out.push(hash);
      }
      return out;
    }
    const { filter, fromBlock, toBlock } = f.criteria;
    const lo = Math.max(from, fromBlock ?? 0);
    const hi = Math.min(to, toBlock ?? to);
    return lo > hi ? [] : matchingLogs(ctx, ctx.history.transactions(lo, hi), filter);
  },

  /** Every log a log filter's criteria match now (as `eth_getLogs`). */
  eth_getFilterLogs: (ctx, params) => {
    const p = new Params(params, 1);
    const f = ctx.filters.use(filterId(p));
    if (f.kind !== 'logs') return p.fail(0, 'filterId', 'not a log filter');
    return queryLogs(
      ctx,
      f.criteria.request,
      (field) => (what) => p.fail(0, 'filterId', `${field}: ${what}`),
    );
  },

  eth_uninstallFilter: (ctx, params) => {
    const p = new Params(params, 1);
    return ctx.filters.uninstall(filterId(p));
  },
};
