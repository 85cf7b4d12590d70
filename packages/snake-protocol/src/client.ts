import type { z } from 'zod';
import { isSnakeErrorCode, SNAKE_UNREACHABLE, type SnakeErrorCode } from './errors.js';
import { SNAKE_ROUTES, type SnakeRoute } from './routes.js';
import {
  type ChallengeResponse,
  type ConfigResponse,
  ErrorResponseSchema,
  type GameResultRequest,
  type GameResultResponse,
  type HealthResponse,
  type LeaderboardQuery,
  type LeaderboardResponse,
  type MeResponse,
  type SessionRequest,
  type SessionResponse,
  type StartGameResponse,
  type TokenTotals,
} from './schemas.js';

/** A refusal of the service (`status` ≥ 400, `code` from SNAKE_ERRORS) or, with status 0, no usable answer at all. */
export class SnakeServiceError extends Error {
  override name = 'SnakeServiceError';
  constructor(
    readonly status: number,
    readonly code: SnakeErrorCode | typeof SNAKE_UNREACHABLE | (string & {}),
    message: string,
    /** With SnakeGameAlreadyRecorded: the token as the chain holds it now. */
    readonly token?: TokenTotals,
  ) {
    super(message);
  }

  /** The game id was recorded before (an earlier send got through): the page treats the result as confirmed. */
  get alreadyRecorded(): boolean {
    return this.code === 'SnakeGameAlreadyRecorded';
  }

  /** Worth sending again later (no answer, or the chain/service failed), as opposed to a refusal of the input. */
  get retryable(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}

export interface SnakeServiceClient {
  health(): Promise<HealthResponse>;
  config(): Promise<ConfigResponse>;
  challenge(address: string): Promise<ChallengeResponse>;
  session(request: SessionRequest): Promise<SessionResponse>;
  me(session: string): Promise<MeResponse>;
  startGame(session: string): Promise<StartGameResponse>;
  sendResult(session: string, result: GameResultRequest): Promise<GameResultResponse>;
  leaderboard(query?: LeaderboardQuery): Promise<LeaderboardResponse>;
}

type Call = { session?: string; body?: unknown; query?: Record<string, string> };

/**
 * A typed client of the game service. Answers are checked against the contract's schemas; every failure is a
 * `SnakeServiceError` (status 0 and code `SnakeServiceUnreachable` when the service cannot be reached).
 */
export function createSnakeServiceClient(
  baseUrl: string,
  fetchImpl: typeof globalThis.fetch = (...args) => globalThis.fetch(...args),
): SnakeServiceClient {
  const base = baseUrl.replace(/\/+$/, '');

  async function call<R extends SnakeRoute>(route: R, options: Call = {}): Promise<z.infer<R['response']>> {
    const query =
      options.query && Object.keys(options.query).length ? `?${new URLSearchParams(options.query)}` : '';
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.session) headers.authorization = `Bearer ${options.session}`;
    let response: Response;
    try {
      response = await fetchImpl(`${base}${route.path}${query}`, {
        method: route.method,
        headers,
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new SnakeServiceError(
        0,
        SNAKE_UNREACHABLE,
        `The game service at ${base} cannot be reached: ${reason}`,
      );
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new SnakeServiceError(
        response.ok ? 0 : response.status,
        response.ok ? SNAKE_UNREACHABLE : 'SnakeInternal',
        `The game service answered ${route.method} ${route.path} with ${response.status} and no JSON`,
      );
    }
    if (!response.ok) {
      const error = ErrorResponseSchema.safeParse(json);
      if (!error.success)
        throw new SnakeServiceError(
          response.status,
          'SnakeInternal',
          `${route.path} failed with ${response.status}`,
        );
      const { code, message, token } = error.data;
      throw new SnakeServiceError(response.status, isSnakeErrorCode(code) ? code : code, message, token);
    }
    const parsed = route.response.safeParse(json);
    if (!parsed.success)
      throw new SnakeServiceError(
        0,
        SNAKE_UNREACHABLE,
        `The answer of ${route.path} does not match the contract`,
      );
    return parsed.data as z.infer<R['response']>;
  }

  return {
    health: () => call(SNAKE_ROUTES.health),
    config: () => call(SNAKE_ROUTES.config),
    challenge: (address) => call(SNAKE_ROUTES.challenge, { body: { address } }),
    session: (request) => call(SNAKE_ROUTES.session, { body: request }),
    me: (session) => call(SNAKE_ROUTES.me, { session }),
    startGame: (session) => call(SNAKE_ROUTES.startGame, { session }),
    sendResult: (session, result) => call(SNAKE_ROUTES.gameResult, { session, body: result }),
    leaderboard: (query = {}) => {
      const q: Record<string, string> = {};
      if (query.offset !== undefined) q.offset = String(query.offset);
      if (query.limit !== undefined) q.limit = String(query.limit);
      if (query.address !== undefined) q.address = query.address;
      return call(SNAKE_ROUTES.leaderboard, { query: q });
    },
  };
}
