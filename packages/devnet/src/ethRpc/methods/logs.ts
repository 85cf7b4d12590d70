import { RPC_ERROR, RpcError } from '../../jsonRpc/errors.js';
import type { RpcContext, RpcMethod } from '../context.js';
import { resolveBlock } from '../context.js';
import type { EthTxEntry } from '../history.js';
import { type LogFilter, matchesLog, parseLogFilter } from '../logFilter.js';
import { type BlockRef, Params, parseBlockRef } from '../params.js';
import { logView } from '../views.js';

/** The widest block range one `eth_getLogs` scans, and the most logs it answers. */
export const MAX_LOG_BLOCK_RANGE = 10_000;
export const MAX_LOGS = 10_000;

type Fail = (field: string) => (what: string) => never;

/** The logs of `entries` (in block order) that `filter` keeps, in the shape receipts give them. */
export function matchingLogs(
  ctx: RpcContext,
  entries: readonly EthTxEntry[],
  filter: LogFilter,
  max = MAX_LOGS,
): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const hashes = new Map<number, string>();
  for (const entry of entries) {
    for (const log of entry.logs) {
      if (!matchesLog(filter, log)) continue;
      if (out.length >= max)
        throw new RpcError(RPC_ERROR.limitExceeded, `query returned more than ${max} results`);
      let blockHash = hashes.get(entry.blockNumber);
      if (blockHash === undefined) {
        blockHash = ctx.chain.blockHash(entry.blockNumber) ?? '';
        hashes.set(entry.blockNumber, blockHash);
      }
      out.push(logView(entry, blockHash, log));
    }
  }
  return out;
}

/**
 * `eth_getLogs` of a filter object (`fromBlock`/`toBlock` or `blockHash`, `address`, `topics`) over the committed
 * blocks; `eth_getFilterLogs` asks it again with a filter's criteria. `fail(field)(what)` names the argument.
 */
export async function queryLogs(
  ctx: RpcContext,
  f: Record<string, unknown>,
  fail: Fail,
): Promise<Record<string, unknown>[]> {
  await ctx.chain.whenCommitted();
  const head = ctx.chain.committedHead;
  let from: number;
  let to: number;
  if (f.blockHash !== undefined && f.blockHash !== null) {
    if (f.fromBlock !== undefined || f.toBlock !== undefined)
      fail('blockHash')('cannot be combined with fromBlock/toBlock');
    const n =
      typeof f.blockHash === 'string' ? ctx.history.blockNumberOf(f.blockHash.toLowerCase()) : undefined;
    if (n === undefined) throw new RpcError(RPC_ERROR.server, 'unknown block');
    from = n;
    to = n;
  } else {
    // A number past the head is taken as asked for the cap check, then reads up to the head.
    const refOf = (field: 'fromBlock' | 'toBlock') =>
      f[field] === undefined || f[field] === null ? undefined : parseBlockRef(f[field], fail(field));
    const bound = (ref: BlockRef | undefined) =>
      ref === undefined ? head : 'number' in ref ? ref.number : (resolveBlock(ctx, ref) ?? head);
    const fromRef = refOf('fromBlock');
    const toRef = refOf('toBlock');
    from = bound(fromRef);
    to = bound(toRef);
    // Two block numbers the wrong way round are geth's refusal; a tag that resolves before the other is no match.
    if (from > to && to > 0 && fromRef && 'number' in fromRef && toRef && 'number' in toRef)
      throw new RpcError(RPC_ERROR.server, 'invalid block range params');
    if (from > to) return [];
    if (to - from + 1 > MAX_LOG_BLOCK_RANGE)
      fail('fromBlock')(`block range ${to - from + 1} is over the cap of ${MAX_LOG_BLOCK_RANGE} blocks`);
    to = Math.min(to, head);
    if (from > to) return [];
  }
  const filter = parseLogFilter(f, fail);
  return matchingLogs(ctx, ctx.history.transactions(from, to), filter);
}

export const logMethods: Record<string, RpcMethod> = {
  eth_getLogs: (ctx, params) => {
    const p = new Params(params, 1);
    const f = p.object(0, 'filter');
    return queryLogs(ctx, f, (field) => (what) => p.fail(0, 'filter', `${field}: ${what}`));
  },
};
