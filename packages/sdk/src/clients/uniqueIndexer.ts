import { indexerRoutes, type QueryRoute } from '@nftkit/api';
import type { z } from 'zod/mini';
import { indexerQuery } from '../actions/indexerQuery.js';
import type { QueryOptions } from '../actions/query.js';
import { type ClientConfig, createClient } from './createClient.js';
import type { ParamsArg } from './makeQueryFn.js';

export type UniqueIndexerOptions = Pick<ClientConfig, 'baseUrl' | 'headers' | 'fetch'>;

/** An indexer method: `fn(input, { signal }?)` → the validated answer. */
export type IndexerFn<R extends QueryRoute> = ((
  ...args: [...ParamsArg<z.input<R['input']>>, options?: QueryOptions]
) => Promise<z.output<R['output']>>) & { route: string; schemaIn: R['input']; schemaOut: R['output'] };

type IndexerMethods = { [K in keyof typeof indexerRoutes]: IndexerFn<(typeof indexerRoutes)[K]> };

/**
 * A client for the Unique indexer (rest-api §4.10), with the real `UniqueIndexer` methods: `block`, `blocks`,
 * `account`, `accounts`, `coinBalance`, `coinBalances`, `balanceTransfers`, `collection`, `collections`, `nft`,
 * `nfts`, `events`, `eventSections`, `extrinsic`, `extrinsics`, `extrinsicSections`, `tokenBalances`,
 * `tokenTransfers`. Single items put their parameters in the path, lists in the query string; paging defaults
 * (offset 0, limit 100, collections and nfts 10) are the server's. Every answer is validated.
 *
 * @example
 * const indexer = UniqueIndexer({ baseUrl: 'https://api-unique.uniquescan.io/v2' });
 * const { items } = await indexer.nfts({ collectionIdIn: ['42'], limit: 5 });
 */
export function UniqueIndexer(options: UniqueIndexerOptions) {
  const client = createClient(options);
  const methods: Record<string, unknown> = {};
  for (const [name, route] of Object.entries(indexerRoutes) as [string, QueryRoute][]) {
    const fn = ((params?: unknown, queryOptions?: QueryOptions) =>
      indexerQuery(client, route, params as never, queryOptions)) as IndexerFn<QueryRoute>;
    fn.route = route.path;
    fn.schemaIn = route.input;
    fn.schemaOut = route.output;
    methods[name] = fn;
  }
  return { options, client, ...(methods as IndexerMethods) };
}

export type UniqueIndexerInstance = ReturnType<typeof UniqueIndexer>;

/** @deprecated The real sdk's old name; use {@link UniqueIndexer}. */
export const UniqueScan = UniqueIndexer;
