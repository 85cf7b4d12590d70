import { allRoutes, EXTRINSIC_ACTIONS, type Route } from '@nftkit/api';
import type { FastifyInstance } from 'fastify';
import { notImplemented } from '../errors.js';
import { EXTRINSIC_HANDLERS } from '../extrinsics/index.js';
import { QUERY_HANDLERS } from '../queries/index.js';

/**
 * Routes of the api table that the follow-up issue brings (fungible, refungible, EVM, pallet-nfts, indexer) answer
 * 501 `Not implemented`, so a client learns at once that the devnet lacks them rather than getting a 404.
 */
/** Route families served by their own module: the indexer's (src/indexer), the test helpers' (routes/devTools.ts). */
const SERVED_ELSEWHERE: ReadonlySet<string> = new Set(['indexer', 'devnet']);

export function registerUnimplementedRoutes(
  app: FastifyInstance,
  bases: { basePath: string; indexerBasePath: string },
): void {
  const fail = async () => {
    throw notImplemented();
  };
  for (const entry of allRoutes()) {
    if (SERVED_ELSEWHERE.has(entry.family)) continue;
    const route: Route = entry.route;
    const base = entry.family === 'indexer' ? bases.indexerBasePath : bases.basePath;
    if (route.kind === 'query') {
      if (entry.family !== 'indexer' && QUERY_HANDLERS[route.path]) continue;
      app.route({ method: route.method, url: base + route.path, handler: fail });
    } else {
      if (entry.family !== 'indexer' && EXTRINSIC_HANDLERS[route.path]) continue;
      for (const action of EXTRINSIC_ACTIONS) {
        if (action === 'status') app.get(`${base}${route.path}/status/:hash`, fail);
        else app.post(`${base}${route.path}/${action}`, fail);
      }
    }
  }
}
