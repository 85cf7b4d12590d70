import { pathParams, type QueryRoute, routePath } from '@nftkit/api';
import type { z } from 'zod/mini';
import type { Client } from '../clients/createClient.js';
import type { ApiError } from '../errors/api.js';
import type { AbortError, HttpRequestError } from '../errors/transport.js';
import type { InputValidationError } from '../errors/validation.js';
import { requestOk } from '../transport/http.js';
import { parseInputSync } from './parseInput.js';

export type QueryOptions = { signal?: AbortSignal };
export type QueryParameters<R extends QueryRoute> = z.input<R['input']>;
/** The answer body as sent (UniqueChain does not validate answers, like the real client). */
export type QueryReturnType<R extends QueryRoute> = z.output<R['output']>;
export type QueryErrorType = InputValidationError | ApiError | HttpRequestError | AbortError;

/**
 * Runs a query route: validates `params` with its input schema, then `GET path?query` (path parameters filled
 * from the parsed input and left out of the query) or `POST path` with the parsed input as the body.
 *
 * @example
 * const { nextIndex } = await query(client, routes.account.nextIndex, { address });
 */
export async function query<R extends QueryRoute>(
  client: Client,
  route: R,
  params: QueryParameters<R>,
  options: QueryOptions = {},
): Promise<QueryReturnType<R>> {
  let parsed = parseInputSync(route, params ?? {}) as unknown;
  if (parsed instanceof Promise) parsed = await parsed;
  const input = (parsed ?? {}) as Record<string, unknown>;
  let path = route.path;
  let rest = input;
  if (path.includes(':')) {
    path = routePath(route, input);
    rest = { ...input };
    for (const name of pathParams(route)) delete rest[name];
  }
  const data = await requestOk(
    client.transport,
    route.method === 'GET'
      ? { method: 'GET', path, query: rest, ...(options.signal ? { signal: options.signal } : {}) }
      : { method: 'POST', path, body: rest, ...(options.signal ? { signal: options.signal } : {}) },
  );
  return data as QueryReturnType<R>;
}
