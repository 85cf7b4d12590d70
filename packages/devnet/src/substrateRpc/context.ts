import type { Chain } from '../chain/chain.js';
import type { SubstrateBlocks } from './blocks.js';
import type { BlockEvents } from './events.js';
import type { SubstrateSubscriptions } from './subscriptions.js';

/** What the methods read: the chain, its blocks, and the subscriptions of the WebSocket connections. */
export type SubstrateContext = {
  chain: Chain;
  blocks: SubstrateBlocks;
  events: BlockEvents;
  subscriptions: SubstrateSubscriptions;
};
