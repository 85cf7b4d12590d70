import { randomBytes } from 'node:crypto';
import { normalizeAddress, sameAddress } from '@nftkit/primitives';
import { GAME_VERSION, replayGame, SNAKE_ROUTES, type SnakeRoute } from '@nftkit/snake-protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { refuse, SnakeHttpError } from '../errors.js';
import type { SnakeService } from '../service.js';
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

/** Registers one contract route: its input parsed with the route's schema, its answer checked against the response schema. */
function route<R extends SnakeRoute>(app: FastifyInstance, def: R, handler: Handler<R>): void {
  app.route({
    method: def.method,
    url: def.path,
    handler: async (request, reply) => {
      const body = def.body ? parseInput(def.body, request.body, 'body') : undefined;
      const query = def.query ? parseInput(def.query, request.query, 'query') : undefined;
      const answer = await handler(request, { body, query } as Parameters<Handler<R>>[1], reply);
      return def.response.parse(answer);
    },
  });
}

export function registerRoutes(app: FastifyInstance, service: SnakeService): void {
  const session = (request: FastifyRequest) => service.sessions.verify(request.headers.authorization);

  route(app, SNAKE_ROUTES.health, async () => ({
    status: 'ok' as const,
    network: service.config.network,
    collectionId: service.collectionId,
    operator: service.operator,
  }));

  route(app, SNAKE_ROUTES.config, async () => ({
    network: service.config.network,
    chainBaseUrl: service.config.chainBaseUrl,
    collectionId: service.collectionId,
    gameVersion: GAME_VERSION,
  }));

  route(app, SNAKE_ROUTES.challenge, async (request, { body }) => {
    const address = checkedAddress(body.address);
    return service.challenges.issue(address, challengeOrigin(service, request));
  });

  route(app, SNAKE_ROUTES.session, async (_request, { body }) => {
    const address = checkedAddress(body.address);
    const redeemed = service.challenges.redeem(address, body.message, body.signature);
    try {
      await service.players.spendChallenge(address, redeemed);
    } catch (error) {
      // Nothing recorded unless the chain said it was used already: the same text may be tried again.
      if (!(error instanceof SnakeHttpError && error.code === 'SnakeChallengeUsed'))
        service.challenges.release(redeemed.nonce);
      throw error;
    }
    return { ...service.sessions.issue(address), address };
  });

  route(app, SNAKE_ROUTES.me, async (request) => {
    const { address } = session(request);
    const token = await service.players.find(address);
    return { address, token: token?.totals ?? null };
  });

  route(app, SNAKE_ROUTES.startGame, async (request) => {
    const { address } = session(request);
    const token = await service.players.ensure(address);
    service.leaderboard.update(token);
    const seed = randomBytes(4).readUInt32LE(0);
    const { gameId } = service.gameIds.issue({
      collectionId: token.collectionId,
      tokenId: token.tokenId,
      seed,
      address,
    });
    return { gameId, seed, token };
  });

  route(app, SNAKE_ROUTES.gameResult, async (request, { body }, reply) => {
    const { address } = session(request);
    const ticket = service.gameIds.verify(body.gameId);
    if (ticket.collectionId !== service.collectionId)
      return refuse('SnakeBadGameId', `gameId is for collection ${ticket.collectionId}, not this game's`);
    if (!sameAddress(ticket.address, address))
      return refuse('SnakeNotYourGame', 'gameId was issued to another player');
    const replay = replayGame({ seed: ticket.seed, inputs: body.inputs, ticks: body.ticks });
    if (!replay.ok) {
      if (replay.reason === 'TOO_MANY_INPUTS') return refuse('SnakeTooManyInputs', replay.message);
      return refuse('SnakeReplayMismatch', replay.message);
    }
    if (body.durationMs < replay.minDurationMs)
      return refuse(
        'SnakeTooFast',
        `durationMs ${body.durationMs} is shorter than the ${replay.minDurationMs} ms its ${replay.ticks + 1} ticks take`,
      );
    const elapsed = service.now() - ticket.issuedAt;
    if (elapsed < replay.minDurationMs)
      return refuse(
        'SnakeTooFast',
        `gameId was issued ${elapsed} ms ago, less than the ${replay.minDurationMs} ms the game takes`,
      );
    const outcome = await service.writer.record(ticket, replay.score);
    if (outcome.status === 'already') {
      reply.status(409);
      throw new SnakeHttpError('SnakeGameAlreadyRecorded', 'gameId was already recorded', outcome.totals);
    }
    return { status: 'applied' as const, score: replay.score, token: outcome.totals };
  });

  route(app, SNAKE_ROUTES.leaderboard, async (_request, { query }) => {
    if (query.address !== undefined) checkedAddress(query.address);
    return service.leaderboard.query(query.offset, query.limit, query.address);
  });
}
