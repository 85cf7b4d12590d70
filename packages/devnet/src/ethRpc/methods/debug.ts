import type { Hex } from 'viem';
import { serverError } from '../../jsonRpc/errors.js';
import { parseBlockOverride } from '../blockOverride.js';
import { type RpcContext, type RpcMethod, resolveBlock } from '../context.js';
import { parseStateOverride } from '../overrides.js';
import { Params } from '../params.js';
import { traceBlock } from '../replay.js';
import { transactionRequest } from '../request.js';
import { callRequest, inScope } from '../simulation.js';
import { parseTraceConfig, TraceCollector, type TraceConfig, traceOptions, traceResult } from '../tracing.js';

/** A field of argument `i` read as if it were argument `i` itself, so its refusals name `name` (`options.x`). */
function fieldParams(p: Params, i: number, field: string): Params {
  const list: unknown[] = [];
  if (p.has(i)) list[i] = (p.object(i, 'options') as Record<string, unknown>)[field];
  return new Params(list, i + 1);
}

async function traceTransaction(ctx: RpcContext, hash: string, config: TraceConfig) {
  const number = ctx.history.blockOfTransaction(hash);
  if (number === undefined) throw serverError('transaction not found');
  const [trace] = await traceBlock(ctx, number, config, new Set([hash]));
  if (!trace) throw serverError('transaction not found');
  return trace.result;
}

export const debugMethods: Record<string, RpcMethod> = {
  /** `[transactionHash, options?]`: the transaction run again on the state before it in its block. */
  debug_traceTransaction: async (ctx, params) => {
    const p = new Params(params, 2);
    const hash = p.hash(0, 'transactionHash');
    return traceTransaction(ctx, hash, parseTraceConfig(p, 1));
  },

  /** `[transaction, block, options?]`, the options with geth's `stateOverrides` and `blockOverrides`. */
  debug_traceCall: async (ctx, params) => {
    const p = new Params(params, 3);
    const req = callRequest(transactionRequest(p, 0));
    const block = p.block(1, 'block');
    const config = parseTraceConfig(p, 2);
    const stateOverride = parseStateOverride(
      ctx.chain.storage,
      fieldParams(p, 2, 'stateOverrides'),
      2,
      'options.stateOverrides',
    );
    const blockNumber = parseBlockOverride(fieldParams(p, 2, 'blockOverrides'), 2, 'options.blockOverrides');
    return inScope(
      ctx,
      { block, stateOverride, blockNumber },
      (run) => {
        const collector = new TraceCollector(traceOptions(config));
        const r = run(req, req.gas, { trace: collector });
        const o = r.outcome;
        return traceResult(
          config,
          {
            from: req.from,
            to: req.to,
            value: req.value,
            input: req.data,
            gas: req.gas,
            gasUsed: r.gasUsed,
            ok: o.ok,
            returnData: o.returnData,
            error: o.ok
              ? undefined
              : (collector.outcome?.error ?? (o.returnData === '0x' ? o.reason : 'revert')),
            createdAddress: r.createdAddress,
          },
          collector.trace,
        );
      },
      config.timeoutMs,
    );
  },

  /** `[block, options?]`: every Ethereum transaction of the block, `[{txHash, result}]`. */
  debug_traceBlockByNumber: async (ctx, params) => {
    const p = new Params(params, 2);
    const ref = p.block(0, 'block', undefined);
    const config = parseTraceConfig(p, 1);
    const number = resolveBlock(ctx, ref);
    if (number === undefined) throw serverError('block not found');
    return traceBlock(ctx, number, config);
  },

  /** `[blockHash, options?]`. */
  debug_traceBlockByHash: async (ctx, params) => {
    const p = new Params(params, 2);
    const hash = p.hash(0, 'blockHash');
    const config = parseTraceConfig(p, 1);
    const number = ctx.history.blockNumberOf(hash);
    if (number === undefined) throw serverError(`block ${hash as Hex} not found`);
    return traceBlock(ctx, number, config);
  },
};
