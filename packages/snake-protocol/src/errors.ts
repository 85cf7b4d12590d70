/**
 * Every error code the service answers with, its HTTP status and what it means. One table so the service, the client
 * and docs/snake-service.md cannot drift (a test checks each code is documented there).
 */
export const SNAKE_ERRORS = {
  SnakeBadRequest: {
    status: 400,
    meaning: 'The body, query or header is malformed or misses a field; the message names the field.',
  },
  SnakeBadAddress: {
    status: 400,
    meaning: '`address` is neither an SS58 address nor a 0x-Ethereum address.',
  },
  SnakeBodyTooLarge: { status: 413, meaning: 'The body is larger than the service accepts (1 MiB).' },
  SnakeBadChallenge: {
    status: 400,
    meaning:
      '`message` is not a challenge this service issued for this address (edited, forged, or for another site).',
  },
  SnakeChallengeExpired: {
    status: 401,
    meaning: 'The challenge in `message` has expired; ask for a new one.',
  },
  SnakeChallengeUsed: {
    status: 409,
    meaning: 'The challenge in `message` was already exchanged for a session; ask for a new one.',
  },
  SnakeBadSignature: {
    status: 401,
    meaning: '`signature` is not a valid signature of `message` by `address`.',
  },
  SnakeUnauthorized: {
    status: 401,
    meaning: 'The `Authorization: Bearer <session>` header is missing, malformed, forged or expired.',
  },
  SnakeBadGameId: { status: 400, meaning: '`gameId` was not issued by this service (forged or malformed).' },
  SnakeGameExpired: { status: 410, meaning: '`gameId` is too old to be recorded.' },
  SnakeGameForfeited: {
    status: 409,
    meaning:
      "`gameId` is no longer the player's open game: a later Start ended it, or another game of the same Start was recorded first.",
  },
  SnakeNotYourGame: {
    status: 403,
    meaning: '`gameId` was issued to another player (or for a token the player no longer owns).',
  },
  SnakeGameAlreadyRecorded: {
    status: 409,
    meaning:
      '`gameId` was already recorded; the body carries the current `token`. The page treats it as confirmed.',
  },
  SnakeReplayMismatch: {
    status: 422,
    meaning:
      "Replaying `inputs` with the game's seed does not give the claimed game (`ticks`, order or end differ).",
  },
  SnakeTooFast: {
    status: 422,
    meaning: "`durationMs` (or the time since Start) is shorter than the game's ticks take at its speed.",
  },
  SnakeTooManyInputs: { status: 400, meaning: '`inputs` has more turns than a game may record.' },
  SnakeNoToken: {
    status: 409,
    meaning:
      'The player holds no snake token to record the game on (e.g. it was transferred); press Start again.',
  },
  SnakeNotFound: { status: 404, meaning: 'No such route.' },
  SnakeRateLimited: {
    status: 429,
    meaning:
      'Too many requests from this IP address or for this player; the `Retry-After` header says how many seconds to wait.',
  },
  SnakeChainError: {
    status: 502,
    meaning: 'The chain refused or did not answer a read or write; nothing was recorded, try again.',
  },
  SnakeUnavailable: { status: 503, meaning: 'The service is starting or its collection is not ready yet.' },
  SnakeMintsPaused: {
    status: 503,
    meaning:
      "New players' tokens are paused (today's mint budget is spent, or the operator's balance is below its floor); players with a token play on. The message says which and when it may resume.",
  },
  SnakeInternal: { status: 500, meaning: 'An unexpected error; the message says what failed.' },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type SnakeErrorCode = keyof typeof SNAKE_ERRORS;

export const SNAKE_ERROR_CODES = Object.keys(SNAKE_ERRORS) as SnakeErrorCode[];

export const isSnakeErrorCode = (code: unknown): code is SnakeErrorCode =>
  typeof code === 'string' && Object.hasOwn(SNAKE_ERRORS, code);

/** The client's code for "the service could not be reached or answered something that is not the contract". */
export const SNAKE_UNREACHABLE = 'SnakeServiceUnreachable';
