import type { Chain } from '../chain/chain.js';
import type { RpcHandler, RpcTable } from '../jsonRpc/connection.js';
import { SubstrateBlocks } from './blocks.js';
import type { SubstrateContext } from './context.js';
import { devMethods } from './dev.js';
import { BlockEvents } from './events.js';
import { SUBSTRATE_METHODS } from './methods.js';
import { SubstrateSubscriptions } from './subscriptions.js';

/**
 * The devnet's Substrate JSON-RPC face: the methods `@polkadot/api` calls, answered from the chain's state, as a
 * table the devnet's JSON-RPC endpoint routes to by name. `rpc_methods` lists what the endpoint serves: these and
 * `alsoServed` (the Ethereum face's names). `close` stops the subscriptions' block listener.
 */
export function substrateRpc(
  chain: Chain,
  alsoServed: readonly string[],
): { methods: RpcTable; close(): void } {
  const ctx: SubstrateContext = {
    chain,
    blocks: new SubstrateBlocks(chain),
    events: new BlockEvents(chain),
    subscriptions: new SubstrateSubscriptions(chain),
  };
  const methods = new Map<string, RpcHandler>([
    ...Object.entries(SUBSTRATE_METHODS).map(([name, m]): [string, RpcHandler] => [
      name,
      (params, connection) => m(ctx, params, connection),
    ]),
    // chopsticks' test helpers (dev_newBlock, dev_setStorage, dev_timeTravel, dev_setHead).
    ...Object.entries(devMethods).map(([name, m]): [string, RpcHandler] => [
      name,
      (params) => m(ctx, params),
    ]),
  ]);
  const names = [...new Set([...methods.keys(), 'rpc_methods', ...alsoServed])].sort();
  methods.set('rpc_methods', () => ({ version: 1, methods: names }));
  return { methods, close: () => ctx.subscriptions.close() };
}
