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
  /** Secret the instances share for signed tokens; derived from the operator's secret when unset. */
  readonly sessionSecret: string;
  /** Origins allowed to call the service (CORS) and to appear as a challenge's domain. */
  readonly allowedOrigins: readonly string[];
  /** Pin the game collection instead of finding it from the chain (it must be owned by the operator). */
  readonly collectionId: number | null;
  /** How often the leaderboard reloads every token from the indexer, ms. */
  readonly leaderboardRefreshMs: number;
}

const DEVNET_OPERATOR_URI = '//SnakeOperator';
const KNOWN_CHAIN_IDS: Record<string, number> = {
  unique: 8880,
  quartz: 8881,
  opal: 8882,
  sapphire: 8883,
  devnet: 8884,
};

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
  SNAKE_SESSION_SECRET: z.string().min(16).optional(),
  SNAKE_ALLOWED_ORIGINS: z.string().default('http://127.0.0.1:5173,http://localhost:5173'),
  SNAKE_COLLECTION_ID: z.coerce.number().int().min(1).max(0xffff_ffff).optional(),
  SNAKE_LEADERBOARD_REFRESH_MS: z.coerce.number().int().min(100).default(15_000),
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
    sessionSecret: e.SNAKE_SESSION_SECRET ?? `derived-from-operator:${operatorUri}`,
    allowedOrigins: e.SNAKE_ALLOWED_ORIGINS.split(',')
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    collectionId: e.SNAKE_COLLECTION_ID ?? null,
    leaderboardRefreshMs: e.SNAKE_LEADERBOARD_REFRESH_MS,
  };
}
