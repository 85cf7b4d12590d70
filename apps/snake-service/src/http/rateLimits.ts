import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { normalizeKey } from '../chain/addressKey.js';
import type { RateLimits } from '../config.js';
import { SnakeHttpError } from '../errors.js';

/** The routes that cost the service or the operator something, each limited on its own. */
export type LimitedKind = 'signIn' | 'start' | 'result';

const WHAT: Record<LimitedKind, string> = {
  signIn: 'sign-in requests',
  start: 'game starts',
  result: 'game results',
};

/**
 * Per-IP and per-player request limits (`@fastify/rate-limit`, its in-memory store: the limits hold per instance).
 * A request over either limit is answered 429 `SnakeRateLimited` with `Retry-After` (seconds) before any other work;
 * the IP address is counted first, so a flood from one address never spends a player's allowance. `addressOf` says
 * which player a request is for (the body's address at sign-in, the session's on the game routes), or null.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  limits: RateLimits,
  addressOf: (kind: LimitedKind, request: FastifyRequest) => string | null,
): Promise<(kind: LimitedKind) => preHandlerAsyncHookHandler> {
  await app.register(rateLimit, { global: false, timeWindow: limits.windowMs });
  const seconds = Math.round(limits.windowMs / 1000);
  const made = new Map<LimitedKind, preHandlerAsyncHookHandler>();
  // One limiter per kind, shared by its routes (a sign-in is a challenge and a session: they count together).
  return (kind) => made.get(kind) ?? (made.set(kind, limiter(kind)).get(kind) as preHandlerAsyncHookHandler);
  function limiter(kind: LimitedKind): preHandlerAsyncHookHandler {
    const byIp = app.createRateLimit({
      max: limits[kind].perIp,
      keyGenerator: (request) => `${kind}:ip:${request.ip}`,
    });
    const byAddress = app.createRateLimit({
      max: limits[kind].perAddress,
      keyGenerator: (request) => `${kind}:address:${normalizeKey(addressOf(kind, request) ?? '')}`,
    });
    const over = (reply: FastifyReply, ttlInSeconds: number, max: number, from: string) => {
      reply.header('retry-after', String(Math.max(1, ttlInSeconds)));
      return new SnakeHttpError(
        'SnakeRateLimited',
        `too many ${WHAT[kind]} from ${from}: at most ${max} every ${seconds} s; try again in ${Math.max(1, ttlInSeconds)} s`,
      );
    };
    return async (request, reply) => {
      const ip = await byIp(request);
      if (!ip.isAllowed && ip.isExceeded) throw over(reply, ip.ttlInSeconds, ip.max, 'this IP address');
      if (addressOf(kind, request) === null) return;
      const player = await byAddress(request);
      if (!player.isAllowed && player.isExceeded)
        throw over(reply, player.ttlInSeconds, player.max, 'this address');
    };
  }
}
