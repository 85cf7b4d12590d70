import { createAccessList } from '../accessList.js';
import { parseBlockOverride } from '../blockOverride.js';
import type { RpcMethod } from '../context.js';
import { quantity } from '../format.js';
import { parseStateOverride } from '../overrides.js';
import { Params } from '../params.js';
import { transactionRequest } from '../request.js';
import { callRequest, estimateGas, inScope, reverted } from '../simulation.js';

export const executionMethods: Record<string, RpcMethod> = {
  /** `[transaction, block, stateOverride?, blockOverride?]`, as geth takes them. */
  eth_call: async (ctx, params) => {
    const p = new Params(params, 4);
    const req = callRequest(transactionRequest(p, 0));
    const block = p.block(1, 'block');
    const stateOverride = parseStateOverride(ctx.chain.storage, p, 2);
    const blockNumber = parseBlockOverride(p, 3);
    return inScope(ctx, { block, stateOverride, blockNumber }, (run) => {
      const { outcome } = run(req, req.gas, { console: true });
      if (!outcome.ok) throw reverted(outcome);
      return outcome.returnData;
    });
  },

  /** `[transaction, block?, stateOverride?, blockOverride?]`. */
  eth_estimateGas: async (ctx, params) => {
    const p = new Params(params, 4);
    const req = callRequest(transactionRequest(p, 0));
    const block = p.block(1, 'block');
    const stateOverride = parseStateOverride(ctx.chain.storage, p, 2);
    const blockNumber = parseBlockOverride(p, 3);
    return quantity(
      await inScope(ctx, { block, stateOverride, blockNumber }, (run) => estimateGas(run, req)),
    );
  },

  /** `[transaction, block?, stateOverride?]`: the access list the transaction touches and its gas with it (geth's). */
  eth_createAccessList: async (ctx, params) => {
    const p = new Params(params, 3);
    const req = callRequest(transactionRequest(p, 0));
    const block = p.block(1, 'block');
    const stateOverride = parseStateOverride(ctx.chain.storage, p, 2);
    return inScope(ctx, { block, stateOverride }, (run) => createAccessList(run, req));
  },
};
