import { allRoutes, type QueryRoute } from '@nftkit/api';
import type { FastifyInstance } from 'fastify';
import type { Chain } from '../../chain/chain.js';
import { QUERY_HANDLERS } from '../queries/index.js';
import { parseWith } from './validate.js';

/** Every chain query route of the api table that the devnet implements, validated by its own input schema. */
export function registerQueryRoutes(app: FastifyInstance, chain: Chain, basePath: string): void {
  for (const entry of allRoutes()) {
    if (entry.family !== 'chain' || entry.route.kind !== 'query') continue;
    const route = entry.route as QueryRoute;
    const handler = QUERY_HANDLERS[route.path];
    if (!handler) continue;
    app.route({
      method: route.method,
      url: basePath + route.path,
      handler: async (request) => {
        const raw =
          route.method === 'GET'
            ? { ...(request.query as object), ...(request.params as object) }
            : request.body;
        const input = parseWith(route.input, raw);
        return handler(chain, input as never);
      },
    });
  }
}

export const implementedQueryPaths = (): string[] => Object.keys(QUERY_HANDLERS);
