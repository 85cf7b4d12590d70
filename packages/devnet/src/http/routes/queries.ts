import { allRoutes, type QueryRoute } from '@nftkit/api';
import type { FastifyInstance } from 'fastify';
import type { Chain } from '../../chain/chain.js';
import { QUERY_HANDLERS } from '../queries/index.js';
import { parseWith } from './validate.js';

/** Answers that also depend on the transaction pool, which changes without a state change. */
const POOL_DEPENDENT = new Set(['/accounts/next_index']);

/** Every chain query route of the api table that the devnet implements, validated by its own input schema. */
export function registerQueryRoutes(app: FastifyInstance, chain: Chain, basePath: string): void {
  // Answers of GET queries are cached by URL until the state changes (a block with extrinsics, a faucet payment):
  // reads dominate a game's traffic, and a state that has not changed gives the same answer.
  const cache = new Map<string, string>();
  const clear = () => cache.clear();
  chain.on('stateChanged', clear);
  app.addHook('onClose', async () => {
    chain.off('stateChanged', clear);
  });
  for (const entry of allRoutes()) {
    if (entry.family === 'indexer' || entry.route.kind !== 'query') continue;
    const route = entry.route as QueryRoute;
    const handler = QUERY_HANDLERS[route.path];
    if (!handler) continue;
    app.route({
      method: route.method,
      url: basePath + route.path,
      handler: async (request, reply) => {
        const cacheable = route.method === 'GET' && !POOL_DEPENDENT.has(route.path);
        const hit = cacheable ? cache.get(request.url) : undefined;
        if (hit !== undefined) return reply.type('application/json; charset=utf-8').send(hit);
        const raw =
          route.method === 'GET'
            ? { ...(request.query as object), ...(request.params as object) }
            : request.body;
        const input = parseWith(route.input, raw);
        const answer = handler(chain, input as never);
        if (!cacheable) return answer;
        const body = JSON.stringify(answer);
        if (cache.size >= 10_000) cache.clear();
        cache.set(request.url, body);
        return reply.type('application/json; charset=utf-8').send(body);
      },
    });
  }
}
