import { indexerRoutes, type QueryRoute } from '@nftkit/api';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../http/routes/validate.js';
import type { Db } from '../storage/db.js';
import { INDEXER_HANDLERS } from './handlers.js';

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
      return handler(db, input);
    });
  }
}
