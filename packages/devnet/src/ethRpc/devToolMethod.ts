import { DevToolError } from '../chain/devToolError.js';
import { RPC_ERROR, RpcError } from '../jsonRpc/errors.js';
import type { RpcContext, RpcMethod } from './context.js';
import { Params } from './params.js';

/**
 * A test helper as a JSON-RPC method: positional parameters named `names` (their count is the most taken), run by
 * `run`. A refusal of the helper (`DevToolError`) becomes an error naming the argument as geth does (`invalid
 * argument 0 (timestamp): …`): -32602 for a malformed value, -32000 (Hardhat's `InvalidInputError`) for one the
 * chain's state refuses.
 */
export function devToolMethod(
  names: readonly string[],
  run: (p: Params, ctx: RpcContext) => unknown,
): RpcMethod {
  return async (ctx, params) => {
    const p = new Params(params, names.length);
    try {
      return await run(p, ctx);
    } catch (e) {
      if (!(e instanceof DevToolError)) throw e;
      const i = names.indexOf(e.param);
      const where = i >= 0 ? `invalid argument ${i} (${e.param})` : e.param;
      throw new RpcError(
        e.kind === 'invalid' ? RPC_ERROR.invalidParams : RPC_ERROR.server,
        `${where}: ${e.message}`,
      );
    }
  };
}
