import cors from '@fastify/cors';
import { MAX_BODY_BYTES, SNAKE_ERRORS, type SnakeErrorCode } from '@nftkit/snake-protocol';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import { SnakeHttpError } from '../errors.js';
import type { SnakeService } from '../service.js';
import { registerRateLimits } from './rateLimits.js';
import { registerRoutes } from './routes.js';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

const body = (code: SnakeErrorCode, message: string, extra: object = {}) => {
  const statusCode = SNAKE_ERRORS[code].status;
  return { statusCode, code, error: STATUS_TEXT[statusCode] ?? 'Error', message, ...extra };
};

/** Fastify's own refusals (malformed JSON, body limit, media type) in the contract's shape. */
function fromFastifyError(error: { statusCode?: number; code?: string; message: string }) {
  if (error.statusCode === 413)
    return body('SnakeBodyTooLarge', `body is larger than ${MAX_BODY_BYTES} bytes`);
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return body('SnakeBadRequest', 'content-type must be application/json');
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return body('SnakeBadRequest', 'body is empty but content-type is application/json');
  if (error.statusCode === 400) return body('SnakeBadRequest', `body is not valid JSON: ${error.message}`);
  return null;
}

/** The game service as a Fastify plugin: routes, CORS for the game's origins, and the contract's error bodies. */
export const snakeServicePlugin: FastifyPluginAsync<{ service: SnakeService }> = async (app, { service }) => {
  // JSON only: a text body would otherwise reach the routes as a string.
  app.removeContentTypeParser('text/plain');
  await app.register(cors, { origin: [...service.config.allowedOrigins], methods: ['GET', 'POST'] });
  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, request, reply) => {
    if (error instanceof SnakeHttpError) {
      const extra = error.token ? { token: error.token } : {};
      return reply.status(error.status).send(body(error.code, error.message, extra));
    }
    const known = fromFastifyError(error);
    if (known) return reply.status(known.statusCode).send(known);
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(body('SnakeInternal', error.message));
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send(
        body(
          'SnakeNotFound',
          `${request.method} ${request.url.split('?')[0]} is not a route of this service`,
        ),
      ),
  );
  const limit = await registerRateLimits(app, service.config.rateLimits, (kind, request) => {
    if (kind === 'signIn') {
      const address = (request.body as { address?: unknown } | undefined)?.address;
      return typeof address === 'string' && address.length <= 64 ? address : null;
    }
    try {
      return service.sessions.verify(request.headers.authorization).address;
    } catch {
      return null;
    }
  });
  registerRoutes(app, service, limit);
};

/** A Fastify app serving `service` (tests use `app.inject`; server.ts listens). */
export async function buildServiceApp(
  service: SnakeService,
  options: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: service.config.trustProxy,
  });
  await app.register(snakeServicePlugin, { service });
  app.addHook('onClose', async () => service.close());
  return app;
}
