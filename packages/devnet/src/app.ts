import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { buildOpenApiDocument, decodeQuery } from '@nftkit/api';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import type { Chain } from './chain/chain.js';
import { RPC_METHODS } from './ethRpc/methods/index.js';
import { registerEthRpc } from './ethRpc/route.js';
import { clientErrorHandler } from './http/clientErrors.js';
import { CORS_OPTIONS, corsHeaders } from './http/cors.js';
import { HttpError } from './http/errors.js';
import { registerJsonBodies } from './http/jsonBody.js';
import { registerDevnetRoutes } from './http/routes/devnet.js';
import { registerDevToolRoutes } from './http/routes/devTools.js';
import { registerExtrinsicRoutes } from './http/routes/extrinsics.js';
import { registerIndexerRoutes } from './http/routes/indexer.js';
import { registerQueryRoutes } from './http/routes/queries.js';
import { registerUnimplementedRoutes } from './http/routes/unimplemented.js';
import { defaultServerLimits, type ServerLimits } from './http/serverLimits.js';
import { MAX_CALL_BYTES } from './runtime/codec.js';
import { substrateRpc } from './substrateRpc/face.js';

export type DevnetPluginOptions = {
  /** The chain the app serves and owns: closing the app stops it and closes its database. */
  chain: Chain;
  /** Prefix of the chain routes; the real API uses `/v2/<network>`. */
  basePath?: string;
  /** Prefix of the indexer routes (rest-api §4.10); default `<basePath>/indexer`. */
  indexerBasePath?: string;
  /** Serve `POST <basePath>/devnet/faucet`. */
  faucet?: boolean;
};

export type AppOptions = DevnetPluginOptions & {
  logLevel?: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Connection limits and timeouts of the HTTP server (src/http/serverLimits.ts); the defaults suit a devnet. */
  limits?: Partial<ServerLimits>;
};

export const DEFAULT_BASE_PATH = '/v2/devnet';

/**
 * The largest legal request body: a submit carries the call as hex (two characters a byte) in
 * `signerPayloadJSON.method`, and a call is at most MAX_CALL_BYTES; 64 KiB covers the payload's other fields and a
 * build's options. Any other body is smaller than the call it makes (a batch carries its inner calls as hex inside
 * a call that is itself bounded), so a longer body can only be refused: it is, before it is read whole (413).
 */
export const BODY_LIMIT = 2 * MAX_CALL_BYTES + 64 * 1024;

/**
 * The devnet's HTTP app as a Fastify plugin: the REST API v2 of `@nftkit/api` over one `Chain` (with health, faucet
 * and docs), the indexer's routes, and JSON-RPC at the origin (Ethereum's and Substrate's methods). It owns the chain: closing the app stops
 * it before the server waits for requests in flight (held status long polls answer at once), then closes its
 * database. A host registering it sets the query-string parser as `buildApp` does (rest-api §1.3).
 */
export const devnetPlugin: FastifyPluginAsync<DevnetPluginOptions> = async (app, options) => {
  const { chain } = options;
  const basePath = (options.basePath ?? DEFAULT_BASE_PATH).replace(/\/$/, '');
  const indexerBasePath = (options.indexerBasePath ?? `${basePath}/indexer`).replace(/\/$/, '');
  app.addHook('preClose', async () => chain.stop());
  app.addHook('onClose', async () => chain.storage.db.close());
  registerJsonBodies(app);
  app.setErrorHandler((error: Error, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send(error.body());
    const status = (error as { statusCode?: number }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500)
      return reply.status(status).send({ error: error.message });
    request.log.error(error);
    return reply.status(500).send({ error: 'Internal devnet error', details: error.message });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ error: `Route ${request.method} ${request.url.split('?')[0]} not found` }),
  );

  await app.register(cors, CORS_OPTIONS);
  // The OpenAPI document takes a while to generate from the zod schemas: build it on the first docs request,
  // into the object the swagger plugin already holds, so startup stays fast.
  const document: Record<string, unknown> = {};
  const ensureDocument = () => {
    if (Object.keys(document).length > 0) return;
    Object.assign(
      document,
      buildOpenApiDocument({ basePath, indexerBasePath, title: 'nftkit devnet REST API', version: '2' }),
    );
  };
  await app.register(swagger, { mode: 'static', specification: { document } as never });
  await app.register(async (docs) => {
    docs.addHook('onRequest', async () => ensureDocument());
    await docs.register(swaggerUi, { routePrefix: `${basePath}/docs` });
    docs.get(`${basePath}/openapi.json`, async () => document);
  });

  const health = async () => ({
    status: 'ok',
    message: `nftkit devnet: block #${chain.headNumber}, ${chain.pool.size} in pool, sr25519 checks ${chain.verifiesOffThread ? 'on a worker thread' : 'in the main thread'}`,
  });
  app.get('/health', health);
  app.get(`${basePath}/health`, health);

  registerQueryRoutes(app, chain, basePath);
  registerExtrinsicRoutes(app, chain, basePath);
  registerIndexerRoutes(app, chain.storage.db, indexerBasePath);
  registerUnimplementedRoutes(app, { basePath, indexerBasePath });
  registerDevnetRoutes(app, chain, basePath, options.faucet ?? true);
  registerDevToolRoutes(app, chain, basePath);
  // One JSON-RPC endpoint, two faces routed by method name: Ethereum's names first, then Substrate's.
  const substrate = substrateRpc(chain, [...RPC_METHODS.keys()]);
  app.addHook('onClose', async () => substrate.close());
  await registerEthRpc(app, chain, { others: substrate.methods, corsHeaders });
};

/**
 * The devnet's HTTP server: a Fastify instance with the server's own settings (body limit, connection limits and
 * timeouts, the query-string parser) serving {@link devnetPlugin}. Tests use `app.inject`; `startDevnet` listens.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const logger: FastifyServerOptions['logger'] = { level: options.logLevel ?? 'warn' };
  const limits = { ...defaultServerLimits(), ...options.limits };
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
    clientErrorHandler: clientErrorHandler(),
    // Query strings are `qs` with repeated arrays and bracket objects (rest-api §1.3).
    routerOptions: { querystringParser: (s: string) => decodeQuery(s) },
  });
  app.server.maxConnections = limits.maxConnections;
  serveJsonRpcAheadOfRouter(app);
  await app.register(devnetPlugin, {
    chain: options.chain,
    basePath: options.basePath,
    indexerBasePath: options.indexerBasePath,
    faucet: options.faucet,
  });
  return app;
}

/**
 * JSON-RPC's `POST /` is answered from the HTTP server's request listener, before Fastify's router: the endpoint's
 * handler (`ethRpc/route.ts`, the same one the Fastify route calls) gets Node's request and response, and every other
 * request goes to Fastify as before. Fastify's routing, hooks, content-type parser and reply cost about as much main
 * thread time as a small `eth_call` itself (figures in docs/decisions/devnet-ethrpc.md). Fastify keeps the request
 * while the app closes (its 503 with `Connection: close` sends keep-alive clients away, so the server can close) and
 * when every request is logged (`info` and finer: its log lines).
 */
function serveJsonRpcAheadOfRouter(app: FastifyInstance): void {
  const server = app.server;
  const [router, ...more] = server.listeners('request') as ((
    req: IncomingMessage,
    res: ServerResponse,
  ) => void)[];
  if (!router || more.length > 0)
    throw new Error("the HTTP server should have one request listener, Fastify's");
  const slot: NonNullable<FastifyInstance['ethRpcAheadOfRouter']> = {};
  app.decorate('ethRpcAheadOfRouter', slot);
  let closing = false;
  // A hook of the root instance: it runs before the plugin's (the chain stops in one).
  app.addHook('preClose', async () => {
    closing = true;
  });
  const logsRequests = ['info', 'debug', 'trace'].includes(app.log.level);
  server.removeListener('request', router);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const serve = slot.serve;
    if (serve && req.method === 'POST' && isOrigin(req.url) && !closing && !logsRequests) serve(req, res);
    else router(req, res);
  });
}

/** `/` with or without a query string: the paths Fastify's router takes to the JSON-RPC route. */
const isOrigin = (url: string | undefined) => url === '/' || url?.startsWith('/?') === true;
