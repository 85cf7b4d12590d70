import { RPC_ERROR, RpcError } from '../../jsonRpc/errors.js';
import type { RpcMethod } from '../context.js';
import { parseLogFilter } from '../logFilter.js';
import { Params } from '../params.js';

const connectionOnly = () =>
  new RpcError(
    RPC_ERROR.methodNotFound,
    'notifications not supported: subscribe over a WebSocket to the same address (ws:// instead of http://)',
  );

export const subscriptionMethods: Record<string, RpcMethod> = {
  /**
   * `newHeads` (each committed block's header), `logs` (with an `address`/`topics` filter) or
   * `newPendingTransactions` (the hash of each Ethereum transaction the pool takes), per connection.
   */
  eth_subscribe: (ctx, params) => {
    const p = new Params(params, 2);
    const type = p.required(0, 'subscriptionType');
    if (!ctx.subscriptions) throw connectionOnly();
    if (type === 'newHeads') {
      if (p.has(1)) p.fail(1, 'options', 'newHeads takes no options');
      return ctx.subscriptions.add({ type });
    }
    if (type === 'newPendingTransactions') {
      // geth's second argument asks for whole transactions: the devnet gives their hashes only.
      if (p.has(1) && p.raw(1) !== false)
        p.fail(1, 'fullTx', 'the devnet gives pending transaction hashes only');
      return ctx.subscriptions.add({ type });
    }
    if (type === 'logs') {
      const f = p.has(1) ? p.object(1, 'filter') : {};
      for (const key of Object.keys(f))
        if (key !== 'address' && key !== 'topics')
          p.fail(1, 'filter', `${key}: a logs subscription filters by address and topics only`);
      const filter = parseLogFilter(f, (field) => (what) => p.fail(1, 'filter', `${field}: ${what}`));
      return ctx.subscriptions.add({ type, filter });
    }
    return p.fail(
      0,
      'subscriptionType',
      `unsupported subscription type ${JSON.stringify(String(type)).slice(0, 80)}: newHeads, logs or newPendingTransactions`,
    );
  },
  eth_unsubscribe: (ctx, params) => {
    const p = new Params(params, 1);
    const id = p.required(0, 'subscriptionId');
    if (typeof id !== 'string' || id.length > 66)
      return p.fail(0, 'subscriptionId', 'expected a subscription id');
    if (!ctx.subscriptions) throw connectionOnly();
    return ctx.subscriptions.remove(id);
  },
};
