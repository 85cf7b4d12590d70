import type { z } from 'zod';
import {
  ChallengeRequestSchema,
  ChallengeResponseSchema,
  ConfigResponseSchema,
  GameResultRequestSchema,
  GameResultResponseSchema,
  HealthResponseSchema,
  LeaderboardQuerySchema,
  LeaderboardResponseSchema,
  MeResponseSchema,
  SessionRequestSchema,
  SessionResponseSchema,
  StartGameResponseSchema,
} from './schemas.js';

export interface SnakeRoute {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /** Needs `Authorization: Bearer <session>`. */
  readonly auth: boolean;
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly response: z.ZodType;
}

/** Every route of the contract (docs/snake-service.md): the service registers these, the client calls them. */
export const SNAKE_ROUTES = {
  health: { method: 'GET', path: '/health', auth: false, response: HealthResponseSchema },
  config: { method: 'GET', path: '/config', auth: false, response: ConfigResponseSchema },
  challenge: {
    method: 'POST',
    path: '/auth/challenge',
    auth: false,
    body: ChallengeRequestSchema,
    response: ChallengeResponseSchema,
  },
  session: {
    method: 'POST',
    path: '/auth/session',
    auth: false,
    body: SessionRequestSchema,
    response: SessionResponseSchema,
  },
  me: { method: 'GET', path: '/me', auth: true, response: MeResponseSchema },
  startGame: { method: 'POST', path: '/games', auth: true, response: StartGameResponseSchema },
  gameResult: {
    method: 'POST',
    path: '/games/result',
    auth: true,
    body: GameResultRequestSchema,
    response: GameResultResponseSchema,
  },
  leaderboard: {
    method: 'GET',
    path: '/leaderboard',
    auth: false,
    query: LeaderboardQuerySchema,
    response: LeaderboardResponseSchema,
  },
} as const satisfies Record<string, SnakeRoute>;

export type SnakeRouteName = keyof typeof SNAKE_ROUTES;
