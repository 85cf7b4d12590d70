import { randomBytes } from 'node:crypto';
import { normalizeAddress } from '@nftkit/primitives';
import {
  bestGameFits,
  encodeBestGame,
  GAME_VERSION,
  SNAKE_ROUTES,
  type SnakeRoute,
  type TokenTotals,
} from '@nftkit/snake-protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import { sameAccount } from '../chain/addressKey.js';
import { refuse, SnakeHttpError } from '../errors.js';
import type { GameTicket } from '../games/gameId.js';
import type { SnakeService } from '../service.js';
import type { LimitedKind } from './rateLimits.js';
import { parseInput } from './validate.js';

/** The address as the player gave it, after a full check (SS58 checksum, Ethereum length). */
function checkedAddress(address: string): string {
  try {
    normalizeAddress(address);
    return address;
  } catch (error) {
    return refuse('SnakeBadAddress', `address: ${(error as Error).message}`);
  }
}

/** The origin a challenge names: the page's (when it is allowed), else the first allowed one (scripts, bots). */
function challengeOrigin(service: SnakeService, request: FastifyRequest) {
  const origin = request.headers.origin?.replace(/\/+$/, '');
  const allowed = service.config.allowedOrigins;
  if (origin && !allowed.includes(origin))
    return refuse('SnakeBadRequest', `origin ${origin} is not allowed`);
  const uri = origin ?? allowed[0] ?? `http://${service.config.host}:${service.config.port}`;
  return { uri, domain: new URL(uri).host };
}

type Handler<R extends SnakeRoute> = (
  request: FastifyRequest,
  input: {
    body: R['body'] extends z.ZodType ? z.infer<R['body']> : undefined;
    query: R['query'] extends z.ZodType ? z.infer<R['query']> : undefined;
  },
  reply: FastifyReply,
) => Promise<z.infer<R['response']>>;

/**
 * Registers one contract route: its limit checked first (`preHandler`), then its input parsed with the route's
 * schema, and its answer checked against the response schema.
 */
function route<R extends SnakeRoute>(
  app: FastifyInstance,
  def: R,
  handler: Handler<R>,
  limit?: preHandlerAsyncHookHandler,
): void {
  app.route({
    method: def.method,
    url: def.path,
    ...(limit ? { preHandler: limit } : {}),
    handler: async (request, reply) => {
      const body = def.body ? parseInput(def.body, request.body, 'body') : undefined;
      const query = def.query ? parseInput(def.query, request.query, 'query') : undefined;
      const answer = await handler(request, { body, query } as Parameters<Handler<R>>[1], reply);
      return def.response.parse(answer);
    },
  });
}

export function registerRoutes(
  app: FastifyInstance,
  service: SnakeService,
  limit: (kind: LimitedKind) => preHandlerAsyncHookHandler,
): void {
  const session = (request: FastifyRequest) => service.sessions.verify(request.headers.authorization);

  /** The token as the chain holds it now, for a game id already recorded (answered 409, which the page takes as done). */
  const alreadyRecorded = async (address: string, totals: TokenTotals | null): Promise<never> => {
    const token = totals ?? (await service.players.find(address))?.totals;
    throw new SnakeHttpError('SnakeGameAlreadyRecorded', 'gameId was already recorded', token);
  };

  route(app, SNAKE_ROUTES.health, async () => ({
    status: 'ok' as const,
    network: service.config.network,
    collectionId: service.collectionId,
    operator: service.operator,
    ...service.funds.snapshot(),
  }));

  route(app, SNAKE_ROUTES.config, async () => ({
    network: service.config.network,
    chainBaseUrl: service.config.chainBaseUrl,
    collectionId: service.collectionId,
    gameVersion: GAME_VERSION,
  }));

  route(
    app,
    SNAKE_ROUTES.challenge,
    async (request, { body }) => {
      const address = checkedAddress(body.address);
      return service.challenges.issue(address, challengeOrigin(service, request));
    },
    limit('signIn'),
  );

  // Signing in writes nothing to the chain and mints nothing: it costs the operator nothing.
  route(
    app,
    SNAKE_ROUTES.session,
    async (_request, { body }) => {
      const address = checkedAddress(body.address);
      service.challenges.redeem(address, body.message, body.signature);
      return { ...service.sessions.issue(address), address };
    },
    limit('signIn'),
  );

  route(app, SNAKE_ROUTES.me, async (request) => {
    const { address } = session(request);
    const token = await service.players.find(address);
    return { address, token: token?.totals ?? null };
  });

  // Start writes nothing: the token is minted with the player's first verified game, and a game started while the
  // chain is down is recorded once it is back. The player's token comes from the leaderboard's cache when it holds
  // it (a game id binds the token; the writer checks the owner when the result comes), else from the chain.
  route(
    app,
    SNAKE_ROUTES.startGame,
    async (request) => {
      const { address } = session(request);
      let token = service.leaderboard.tokenOf(address);
      if (!token)
        try {
          token = (await service.players.find(address))?.totals ?? null;
        } catch {
          token = null;
        }
      const seed = randomBytes(4).readUInt32LE(0);
      const { gameId, ticket } = service.gameIds.issue({
        collectionId: service.collectionId,
        tokenId: token?.tokenId ?? 0,
        seed,
        address,
      });
      service.openGames.started(ticket);
      const paused = token ? null : service.funds.mintPause();
      return { gameId, seed, token, ...(paused ? { mintsPaused: paused } : {}) };
    },
    limit('start'),
  );

  route(
    app,
    SNAKE_ROUTES.gameResult,
    async (request, { body }) => {
      const { address } = session(request);
      const ticket = service.gameIds.verify(body.gameId);
      if (ticket.collectionId !== service.collectionId)
        return refuse('SnakeBadGameId', `gameId is for collection ${ticket.collectionId}, not this game's`);
      if (!sameAccount(ticket.address, address))
        return refuse('SnakeNotYourGame', 'gameId was issued to another player');
      // A game id seen before is answered from what was decided then: never replayed again.
      const verdict = service.verdicts.get(ticket.key);
      if (verdict?.kind === 'refused') throw verdict.error;
      if (verdict?.kind === 'applied') return alreadyRecorded(address, null);
      const outcome = await verifyAndRecord(service, ticket, body).catch((error: unknown) => {
        service.verdicts.refused(ticket.key, error);
        throw error;
      });
      service.verdicts.applied(ticket.key);
      let totals = outcome.totals;
      if (totals === null) {
        // The game minted the player's token: its id is the chain's to tell.
        const minted = await service.players.find(address);
        if (!minted)
          return refuse('SnakeChainError', 'the token was minted but the chain does not show it yet');
        totals = minted.totals;
      }
      if (outcome.status === 'already') return alreadyRecorded(address, totals);
      return { status: 'applied' as const, score: outcome.score, token: totals };
    },
    limit('result'),
  );

  route(app, SNAKE_ROUTES.leaderboard, async (_request, { query }) => {
    if (query.address !== undefined) checkedAddress(query.address);
    return service.leaderboard.query(query.offset, query.limit, query.address);
  });
}

/** The checks (cheapest first, the replay last), then the chain write. */
async function verifyAndRecord(
  service: SnakeService,
  ticket: GameTicket,
  body: z.infer<typeof SNAKE_ROUTES.gameResult.body>,
) {
  const game = service.checks.check(ticket, body);
  service.openGames.finish(ticket);
  const elapsed = service.now() - ticket.issuedAt;
  const outcome = await service.writer.record(ticket, {
    score: game.score,
    // The game cannot have ended later than now, nor later than the page measured.
    endedAt: ticket.issuedAt + Math.min(body.durationMs, elapsed),
    best: () => {
      const value = encodeBestGame({
        seed: ticket.seed,
        inputs: game.kept,
        ticks: game.ticks,
        score: game.score,
      });
      return bestGameFits(value) ? value : null;
    },
  });
  return { ...outcome, score: game.score };
}
