import type { Chain } from '../../chain/chain.js';
import { notFound } from '../errors.js';

/**
 * `atBlockHash` names a block this chain has; the answer is the state at the head (the devnet keeps no
 * historical state, see docs/decisions/devnet.md). An unknown hash is a 404.
 */
export function checkAtBlock(chain: Chain, hash: string | undefined): void {
  if (hash === undefined) return;
  if (!chain.hasBlock(hash.toLowerCase())) throw notFound(`Block ${hash} not found`);
}
