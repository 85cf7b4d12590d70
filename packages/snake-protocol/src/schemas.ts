import { z } from 'zod';
import { MAX_GAME_INPUTS, MAX_GAME_TICKS, MAX_LEADERBOARD_LIMIT } from './limits.js';

// The shape checks a client and the service can both make without the chain's codecs: an SS58 string is base58 of
// the right length (its checksum is checked by the service, which answers SnakeBadAddress), an Ethereum address 20 bytes.
const SS58 = /^[1-9A-HJ-NP-Za-km-z]{40,50}$/;
const ETHEREUM = /^0x[0-9a-fA-F]{40}$/;

export const AddressSchema = z
  .string()
  .max(64)
  .refine((s) => SS58.test(s) || ETHEREUM.test(s), {
    message: 'must be an SS58 address or a 0x-Ethereum address',
  });

export const isEthereumAddress = (address: string): boolean => ETHEREUM.test(address);

const HexSignature = z
  .string()
  .max(2 + 2 * 80)
  .regex(/^0x(?:[0-9a-fA-F]{2})+$/, { message: 'must be 0x-prefixed hex' });

const IsoTime = z.iso.datetime();
const Uint32 = z.number().int().min(0).max(0xffff_ffff);
const Count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** A session token or game id: opaque to the page, signed by the service. */
const Opaque = z
  .string()
  .min(1)
  .max(512)
  .regex(/^[A-Za-z0-9_.~-]+$/, { message: 'must be a token this service issued' });

export const DirectionSchema = z.enum(['UP', 'DOWN', 'LEFT', 'RIGHT']);

// ---- GET /health, GET /config ----
/** A whole number of coins' smallest unit (wei on Unique-family chains), as a decimal string. */
const Amount = z.string().regex(/^\d{1,40}$/, { message: 'must be a decimal amount' });

export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  network: z.string(),
  collectionId: Uint32,
  operator: z.string(),
  // The operator's funds: always sent by this service (optional for clients written before them).
  /** The operator's free balance in wei as last read (it pays every mint and write). */
  operatorBalance: Amount.optional(),
  /** Below this balance (wei) no new player's token is minted; players with a token play on. */
  mintFloor: Amount.optional(),
  /** New tokens the daily budget still allows today (UTC). */
  mintsLeftToday: Count.optional(),
  /** Why new tokens are paused now, or null while they are minted. */
  mintsPaused: z.string().nullable().optional(),
});

export const ConfigResponseSchema = z.object({
  network: z.string(),
  chainBaseUrl: z.string(),
  collectionId: Uint32,
  gameVersion: z.string(),
});

// ---- POST /auth/challenge, POST /auth/session ----
export const ChallengeRequestSchema = z.strictObject({ address: AddressSchema });
export const ChallengeResponseSchema = z.object({ message: z.string(), expiresAt: IsoTime });

export const SessionRequestSchema = z.strictObject({
  address: AddressSchema,
  message: z.string().min(1).max(2048),
  signature: HexSignature,
});
export const SessionResponseSchema = z.object({ session: Opaque, address: z.string(), expiresAt: IsoTime });

// ---- the player's token ----
export const TokenTotalsSchema = z.object({
  collectionId: Uint32,
  tokenId: Uint32,
  owner: z.string(),
  totalScore: Count,
  gamesPlayed: Count,
});

export const MeResponseSchema = z.object({ address: z.string(), token: TokenTotalsSchema.nullable() });

// ---- POST /games, POST /games/result ----
/**
 * `token` is null for a player who has none yet: the token is minted with the player's first verified game
 * (docs/decisions/game-service.md), so Start itself costs the operator nothing.
 */
export const StartGameResponseSchema = z.object({
  gameId: Opaque,
  seed: Uint32,
  token: TokenTotalsSchema.nullable(),
  /**
   * Only for a player without a token while new tokens are paused: why (the day's budget, the operator's funds).
   * The game is played and its result kept; it is recorded, minting the token, once tokens resume.
   */
  mintsPaused: z.string().optional(),
});

export const RecordedTurnSchema = z.strictObject({
  tick: z.number().int().min(0).max(MAX_GAME_TICKS),
  direction: DirectionSchema,
});

export const GameResultRequestSchema = z.strictObject({
  gameId: Opaque,
  inputs: z.array(RecordedTurnSchema).max(MAX_GAME_INPUTS, { message: `at most ${MAX_GAME_INPUTS} turns` }),
  ticks: z.number().int().min(0).max(MAX_GAME_TICKS),
  durationMs: z
    .number()
    .int()
    .min(0)
    .max(10 * MAX_GAME_TICKS * 1000),
});

export const GameResultResponseSchema = z.object({
  status: z.literal('applied'),
  score: Count,
  token: TokenTotalsSchema,
});

// ---- GET /leaderboard ----
export const LeaderboardQuerySchema = z.strictObject({
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_LEADERBOARD_LIMIT).default(20),
  address: AddressSchema.optional(),
});

export const LeaderboardEntrySchema = z.object({
  rank: z.number().int().min(1),
  address: z.string(),
  tokenId: Uint32,
  totalScore: Count,
  gamesPlayed: Count,
  /** The score of the best game kept on the token (property `BestGame`: watch it with `decodeBestGame`), if any. */
  bestScore: Count.nullable().optional(),
});

export const LeaderboardResponseSchema = z.object({
  total: Count,
  entries: z.array(LeaderboardEntrySchema),
  player: LeaderboardEntrySchema.nullable(),
});

// ---- errors ----
export const ErrorResponseSchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  error: z.string(),
  message: z.string(),
  /** Only with SnakeGameAlreadyRecorded: the token as it is now. */
  token: TokenTotalsSchema.optional(),
});

export type HealthResponse = z.infer<typeof HealthResponseSchema>;
export type ConfigResponse = z.infer<typeof ConfigResponseSchema>;
export type ChallengeRequest = z.infer<typeof ChallengeRequestSchema>;
export type ChallengeResponse = z.infer<typeof ChallengeResponseSchema>;
export type SessionRequest = z.infer<typeof SessionRequestSchema>;
export type SessionResponse = z.infer<typeof SessionResponseSchema>;
export type TokenTotals = z.infer<typeof TokenTotalsSchema>;
export type MeResponse = z.infer<typeof MeResponseSchema>;
export type StartGameResponse = z.infer<typeof StartGameResponseSchema>;
export type RecordedTurn = z.infer<typeof RecordedTurnSchema>;
export type GameResultRequest = z.infer<typeof GameResultRequestSchema>;
export type GameResultResponse = z.infer<typeof GameResultResponseSchema>;
export type LeaderboardQuery = z.input<typeof LeaderboardQuerySchema>;
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;
export type LeaderboardResponse = z.infer<typeof LeaderboardResponseSchema>;
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
