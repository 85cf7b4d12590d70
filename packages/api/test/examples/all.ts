import { chainExamples } from './chain.js';
import { devnetExamples } from './devnet.js';
import { familyExamples } from './families.js';
import { indexerExamples } from './indexer.js';
import { palletNftsExamples } from './palletNfts.js';
import type { RouteExamples } from './types.js';

/** Every route's examples, by route id: the chain, family, pallet-nfts, indexer and devnet routes'. */
export const allExamples: Record<string, RouteExamples> = {
  ...chainExamples,
  ...familyExamples,
  ...palletNftsExamples,
  ...indexerExamples,
  ...devnetExamples,
};
