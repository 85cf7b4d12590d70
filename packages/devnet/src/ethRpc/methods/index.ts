import type { RpcMethod } from '../context.js';
import { accountMethods } from './accounts.js';
import { blockMethods } from './blocks.js';
import { debugMethods } from './debug.js';
import { executionMethods } from './execution.js';
import { filterMethods } from './filters.js';
import { logMethods } from './logs.js';
import { networkMethods } from './network.js';
import { stateMethods } from './state.js';
import { subscriptionMethods } from './subscriptions.js';
import { testHelperMethods } from './testHelpers.js';
import { transactionMethods } from './transactions.js';
import { txpoolMethods } from './txpool.js';

/** Every JSON-RPC method the devnet answers, by name. */
export const RPC_METHODS: ReadonlyMap<string, RpcMethod> = new Map(
  Object.entries({
    ...networkMethods,
    ...stateMethods,
    ...executionMethods,
    ...transactionMethods,
    ...blockMethods,
    ...logMethods,
    ...subscriptionMethods,
    ...accountMethods,
    ...filterMethods,
    ...txpoolMethods,
    ...testHelperMethods,
    ...debugMethods,
  }),
);
