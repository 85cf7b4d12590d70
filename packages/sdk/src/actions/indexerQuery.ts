import type { QueryRoute } from '@nftkit/api';
import { issueErrorMap } from '@nftkit/metadata';
import type { z } from 'zod/mini';
import type { Client } from '../clients/createClient.js';
import { ResponseValidationError } from '../errors/transport.js';
import { type QueryErrorType, type QueryOptions, query } from './query.js';

export type IndexerQueryParameters<R extends QueryRoute> = z.input<R['input']>;
export type IndexerQueryReturnType<R extends QueryRoute> = z.output<R['output']>;
export type IndexerQueryErrorType = QueryErrorType | ResponseValidationError;

/**
 * An indexer read: like {@link query}, then the answer is parsed with the route's output schema (unknown keys
 * dropped, dates coerced to `Date`); an answer that does not fit throws {@link ResponseValidationError}.
 *
 * @example
 * const { items, count } = await indexerQuery(client, indexerRoutes.nfts, { ownerIn: [address], limit: 5 });
 */
export async function indexerQuery<R extends QueryRoute>(
  client: Client,
  route: R,
  params: IndexerQueryParameters<R>,
  options: QueryOptions = {},
): Promise<IndexerQueryReturnType<R>> {
  const data = await query(client, route, params, options);
  const parsed = await route.output.safeParseAsync(data, { error: issueErrorMap });
  if (!parsed.success) throw new ResponseValidationError(route.path, parsed.error.issues, parsed.error);
  return parsed.data as IndexerQueryReturnType<R>;
}
