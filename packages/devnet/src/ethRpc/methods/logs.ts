import type { RpcMethod } from '../context.js';
import { resolveBlock } from '../context.js';
import { RPC_ERROR, RpcError } from '../errors.js';
import { matchesLog, parseLogFilter } from '../logFilter.js';
import { Params, parseBlockRef } from '../params.js';
import { logView } from '../views.js';

/** The widest block range one `eth_getLogs` scans, and the most logs it answers. */
export const MAX_LOG_BLOCK_RANGE = 10_000;
export const MAX_LOGS = 10_000;

export const logMethods: Record<string, RpcMethod> = {
  eth_getLogs: async (ctx, params) => {
    const p = new Params(params, 1);
    const f = p.object(0, 'filter');
    const fail = (field: string) => (what: string) => p.fail(0, 'filter', `${field}: ${what}`);
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
      const bound = (field: 'fromBlock' | 'toBlock') => {
        if (f[field] === undefined || f[field] === null) return head;
        const ref = parseBlockRef(f[field], fail(field));
        return 'number' in ref ? ref.number : (resolveBlock(ctx, ref) ?? head);
      };
      from = bound('fromBlock');
      to = bound('toBlock');
      if (from > to) return [];
      if (to - from + 1 > MAX_LOG_BLOCK_RANGE)
        fail('fromBlock')(`block range ${to - from + 1} is over the cap of ${MAX_LOG_BLOCK_RANGE} blocks`);
      to = Math.min(to, head);
      if (from > to) return [];
    }
    const filter = parseLogFilter(f, fail);
    const out: Record<string, unknown>[] = [];
    const hashes = new Map<number, string>();
    for (const entry of ctx.history.transactions(from, to)) {
      for (const log of entry.logs) {
        if (!matchesLog(filter, log)) continue;
        if (out.length >= MAX_LOGS)
          throw new RpcError(RPC_ERROR.limitExceeded, `query returned more than ${MAX_LOGS} results`);
        let blockHash = hashes.get(entry.blockNumber);
        if (blockHash === undefined) {
          blockHash = ctx.chain.blockHash(entry.blockNumber) ?? '';
          hashes.set(entry.blockNumber, blockHash);
        }
        out.push(logView(entry, blockHash, log));
      }
    }
    return out;
  },
};
