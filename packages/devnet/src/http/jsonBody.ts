import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BodyThread } from './bodyThread.js';
import { type BodyCheck, decodeJsonBody } from './requestBodies.js';

/**
 * Bodies up to this size are parsed where they arrive: parsing 64 KiB of JSON takes a fraction of a millisecond, less
 * than handing it to another thread. Every legal body but a large call's is smaller.
 */
export const LARGE_BODY_BYTES = 64 * 1024;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The check the route makes of its body, run on the body thread before the route for a large body. */
    bodyCheck?: BodyCheck;
  }
}

/** The app's `application/json` parser: small bodies here, large ones on the body thread (`bodyThread.ts`). */
export function registerJsonBodies(app: FastifyInstance): void {
  const thread = new BodyThread();
  app.addHook('onClose', async () => thread.close());
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer' },
    async (request: FastifyRequest, body: Buffer) =>
      body.length <= LARGE_BODY_BYTES
        ? decodeJsonBody(body)
        : thread.parse(body, request.routeOptions.config.bodyCheck),
  );
}
