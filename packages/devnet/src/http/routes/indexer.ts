import { indexerRoutes, type QueryRoute } from '@nftkit/api';
import type { FastifyInstance } from 'fastify';
import { INDEXER_HANDLERS } from '../../indexer/handlers.js';
import type { Db } from '../../storage/db.js';
import { badRequest } from '../errors.js';
import { parseWith } from './validate.js';

/** A `*In` filter longer than this is refused (SQLite binds at most 32766 parameters per statement). */
export const MAX_LIST_VALUES = 1000;

/**
 * Serves every indexer route of rest-api §4.10 under `basePath`, from the indexer tables of `db`. Inputs are
 * validated with the api's route schemas (path parameters and query string together); a bad one is a 400 naming
 * the field, a missing single item a 404.
 */
export function registerIndexerRoutes(app: FastifyInstance, db: Db, basePath: string): void {
  for (const [name, route] of Object.entries(indexerRoutes) as [
    keyof typeof INDEXER_HANDLERS,
    QueryRoute,
  ][]) {
    const handler = INDEXER_HANDLERS[name] as (db: Db, input: unknown) => unknown;
    app.get(basePath + route.path, async (request) => {
      const input = parseWith(route.input, { ...(request.query as object), ...(request.params as object) });
      for (const [field, value] of Object.entries(input as Record<string, unknown>))
        if (Array.isArray(value) && value.length > MAX_LIST_VALUES)
          throw badRequest(`Validation Error: ${field}: at most ${MAX_LIST_VALUES} values`);
      return handler(db, input);
    });
  }
}
