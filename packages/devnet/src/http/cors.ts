import { LONG_POLL_HEADER } from '@nftkit/api';

/**
 * The devnet's CORS policy: any origin (wallets and dapps call it from wherever they are served), and the long-poll
 * header exposed, since browsers may read it only then and the sdk turns long polling on when it sees it. The REST
 * routes get it from @fastify/cors with these options; JSON-RPC's `POST /`, which answers outside Fastify's reply
 * (`ethRpc/route.ts`), is given {@link corsHeaders} by the app that mounts it: the same headers that plugin sends.
 */
export const CORS_OPTIONS: { origin: true; exposedHeaders: string[] } = {
  origin: true,
  exposedHeaders: [LONG_POLL_HEADER],
};
const EXPOSED = CORS_OPTIONS.exposedHeaders.join(', ');

/**
 * The CORS headers of an answer to a request from `origin` (a flat name/value list, as `writeHead` takes it): the
 * origin echoed when there is one, `Vary: Origin` always, since the answer depends on it.
 */
export function corsHeaders(origin: string | undefined): string[] {
  return origin
    ? ['vary', 'Origin', 'access-control-allow-origin', origin, 'access-control-expose-headers', EXPOSED]
    : ['vary', 'Origin', 'access-control-expose-headers', EXPOSED];
}
