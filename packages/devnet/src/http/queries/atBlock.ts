import type { Chain } from '../../chain/chain.js';
import { StateUnavailableError } from '../../chain/stateHistory.js';
import { notFound } from '../errors.js';

/**
 * A query's `atBlockHash`: `read` runs against the state as it was at the end of that block, from the chain's state
 * history (the same one the Ethereum and Substrate faces read older blocks from, the last 256 blocks), or against
 * the head when no hash is given. An unknown hash is a 404; so is a block older than what is kept, saying so —
 * never the head's values under an older block's name.
 */
export function atBlock<T>(chain: Chain, hash: string | undefined, read: () => T): T {
  if (hash === undefined) return read();
  const n = chain.blockNumberOf(hash);
  if (n === undefined) throw notFound(`Block ${hash} not found`);
  try {
    return chain.stateHistory.at(n, chain.headNumber, read);
  } catch (e) {
    if (e instanceof StateUnavailableError)
      throw notFound(`State of block ${hash} is not available: ${e.message}`);
    throw e;
  }
}
