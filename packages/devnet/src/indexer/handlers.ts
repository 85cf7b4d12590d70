import type { indexerRoutes } from '@nftkit/api';
import type { z } from 'zod';
import type { Db } from '../storage/db.js';
import { account, accounts, balanceTransfers, coinBalance, coinBalances } from './query/accounts.js';
import { collection, collections } from './query/collections.js';
import {
  block,
  blocks,
  eventSections,
  events,
  extrinsic,
  extrinsicSections,
  extrinsics,
} from './query/history.js';
import { nft, nfts } from './query/nfts.js';
import { tokenBalances, tokenTransfers } from './query/tokens.js';
import { settleIndex } from './writer.js';

type Routes = typeof indexerRoutes;

/** One handler per indexer route, by the route's name in `indexerRoutes` (= the `UniqueIndexer` method). */
export type IndexerHandlers = {
  [K in keyof Routes]: (db: Db, input: z.output<Routes[K]['input']>) => unknown;
};

const handlers: IndexerHandlers = {
  block,
  blocks,
  account,
  accounts,
  coinBalance,
  coinBalances,
  balanceTransfers,
  collection,
  collections,
  nft,
  nfts,
  events,
  eventSections,
  extrinsic,
  extrinsics,
  extrinsicSections,
  tokenBalances,
  tokenTransfers,
};

/**
 * The handlers, each answering as of the head: the rows of blocks whose indexing waits for a batch are written first
 * (`IndexerWriter.indexBlock`).
 */
export const INDEXER_HANDLERS = Object.fromEntries(
  Object.entries(handlers).map(([name, handler]) => [
    name,
    (db: Db, input: never) => {
      settleIndex(db);
      return (handler as (db: Db, input: never) => unknown)(db, input);
    },
  ]),
) as IndexerHandlers;
