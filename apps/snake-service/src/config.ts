import { randomBytes } from 'node:crypto';
import { parseCoins } from '@nftkit/primitives';
import { z } from 'zod';

/**
 * The service's settings, from the environment (README "Run the service against another network"). The operator's
 * secret is read here and handed to the signer only: it is never logged and never part of an answer.
 */
export interface ServiceConfig {
  readonly host: string;
  readonly port: number;
  /** Network name shown to the page (`devnet`, `opal`, …). */
  readonly network: string;
  /** The chain's REST API v2 base URL. */
  readonly chainBaseUrl: string;
  /** The indexer's base URL (default `<chainBaseUrl>/indexer`). */
  readonly indexerBaseUrl: string;
  /** The network's Ethereum chain id, written into sign-in challenges. */
  readonly chainId: number;
  /** The operator's secret URI or mnemonic; on the devnet `//SnakeOperator` when unset. */
  readonly operatorUri: string;
  /** Fund the operator from the devnet faucet at start (devnet only). */
  readonly useFaucet: boolean;
  /**
   * The secret of the service's signed tokens (sessions, challenge nonces, game ids). From SNAKE_SESSION_SECRET,
   * which every instance side by side must share; without it, random at each start (a single instance: sessions
   * and open games end when it restarts). Never derived from anything public.
   */
  readonly sessionSecret: string;
  readonly sessionSecretSource: 'environment' | 'random';
  /** Origins allowed to call the service (CORS) and to appear as a challenge's domain. */
  readonly allowedOrigins: readonly string[];
  /** Pin the game collection instead of finding it from the chain (it must be owned by the operator). */
  readonly collectionId: number | null;
  /** How often the leaderboard reloads every token from the indexer, ms. */
  readonly leaderboardRefreshMs: number;
  /** Request limits per client IP address and per player (address) in each window. */
  readonly rateLimits: RateLimits;
  /** Take the client's IP address from `X-Forwarded-For` (behind a proxy or load balancer). */
  readonly trustProxy: boolean;
  /** New players' tokens minted per UTC day at most. */
  readonly dailyMints: number;
  /** Below this balance (wei) of the operator no new token is minted; players who have one play on. */
  readonly mintFloor: bigint;
}

/** How many requests of a kind one IP address, and one player, may make per window. */
export interface RateLimits {
  readonly windowMs: number;
  readonly signIn: { readonly perIp: number; readonly perAddress: number };
  readonly start: { readonly perIp: number; readonly perAddress: number };
  readonly result: { readonly perIp: number; readonly perAddress: number };
}

const DEVNET_OPERATOR_URI = '//SnakeOperator';
const KNOWN_CHAIN_IDS: Record<string, number> = {
  unique: 8880,
  quartz: 8881,
  opal: 8882,
  sapphire: 8883,
  devnet: 8884,
};

/** Requests per window; at least one (a route nobody may call is not a limit). */
const limit = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

const EnvSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  SERVICE_PORT: z.coerce.number().int().min(0).max(65_535).default(5175),
  SNAKE_NETWORK: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/)
    .default('devnet'),
  SNAKE_CHAIN_BASE_URL: z.url().default('http://127.0.0.1:9944/v2/devnet'),
  SNAKE_INDEXER_URL: z.url().optional(),
  SNAKE_CHAIN_ID: z.coerce.number().int().min(1).max(0xffff_ffff).optional(),
  SNAKE_OPERATOR_SEED: z.string().min(1).optional(),
  SNAKE_SESSION_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  SNAKE_INSTANCES: z.coerce.number().int().min(1).default(1),
  SNAKE_ALLOWED_ORIGINS: z.string().default('http://127.0.0.1:5173,http://localhost:5173'),
  SNAKE_COLLECTION_ID: z.coerce.number().int().min(1).max(0xffff_ffff).optional(),
  SNAKE_LEADERBOARD_REFRESH_MS: z.coerce.number().int().min(100).default(15_000),
  SNAKE_RATE_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  SNAKE_RATE_SIGN_IN_PER_IP: limit(40),
  SNAKE_RATE_SIGN_IN_PER_ADDRESS: limit(10),
  SNAKE_RATE_START_PER_IP: limit(120),
  SNAKE_RATE_START_PER_ADDRESS: limit(30),
  SNAKE_RATE_RESULT_PER_IP: limit(120),
  SNAKE_RATE_RESULT_PER_ADDRESS: limit(30),
  SNAKE_TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  SNAKE_DAILY_MINTS: z.coerce.number().int().min(0).default(1000),
  SNAKE_MINT_FLOOR: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,18})?$/, { message: 'must be an amount of coins, e.g. 100 or 0.5' })
    .default('100'),
});

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the settings; a bad variable is named in the error (its value is not, it may be a secret). */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServiceConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(
      `${String(issue?.path.join('.') ?? 'environment')}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const e = parsed.data;
  const devnet = e.SNAKE_NETWORK === 'devnet';
  if (!devnet && !e.SNAKE_OPERATOR_SEED)
    throw new ConfigError(
      `SNAKE_OPERATOR_SEED: required on network ${e.SNAKE_NETWORK} (a secret URI or mnemonic)`,
    );
  const chainId = e.SNAKE_CHAIN_ID ?? KNOWN_CHAIN_IDS[e.SNAKE_NETWORK];
  if (chainId === undefined) throw new ConfigError(`SNAKE_CHAIN_ID: required for network ${e.SNAKE_NETWORK}`);
  const operatorUri = e.SNAKE_OPERATOR_SEED ?? DEVNET_OPERATOR_URI;
  if (e.SNAKE_INSTANCES > 1 && !e.SNAKE_SESSION_SECRET)
    throw new ConfigError(
      `SNAKE_SESSION_SECRET: required when SNAKE_INSTANCES is ${e.SNAKE_INSTANCES} (instances side by side must share it)`,
    );
  const base = e.SNAKE_CHAIN_BASE_URL.replace(/\/+$/, '');
  return {
    host: e.HOST,
    port: e.SERVICE_PORT,
    network: e.SNAKE_NETWORK,
    chainBaseUrl: base,
    indexerBaseUrl: (e.SNAKE_INDEXER_URL ?? `${base}/indexer`).replace(/\/+$/, ''),
    chainId,
    operatorUri,
    useFaucet: devnet,
    sessionSecret: e.SNAKE_SESSION_SECRET ?? randomBytes(32).toString('hex'),
    sessionSecretSource: e.SNAKE_SESSION_SECRET ? 'environment' : 'random',
    allowedOrigins: e.SNAKE_ALLOWED_ORIGINS.split(',')
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    collectionId: e.SNAKE_COLLECTION_ID ?? null,
    leaderboardRefreshMs: e.SNAKE_LEADERBOARD_REFRESH_MS,
    rateLimits: {
      windowMs: e.SNAKE_RATE_WINDOW_MS,
      signIn: { perIp: e.SNAKE_RATE_SIGN_IN_PER_IP, perAddress: e.SNAKE_RATE_SIGN_IN_PER_ADDRESS },
      start: { perIp: e.SNAKE_RATE_START_PER_IP, perAddress: e.SNAKE_RATE_START_PER_ADDRESS },
      result: { perIp: e.SNAKE_RATE_RESULT_PER_IP, perAddress: e.SNAKE_RATE_RESULT_PER_ADDRESS },
    },
    trustProxy: e.SNAKE_TRUST_PROXY === 'true',
    dailyMints: e.SNAKE_DAILY_MINTS,
    mintFloor: parseCoins(e.SNAKE_MINT_FLOOR),
  };
}
