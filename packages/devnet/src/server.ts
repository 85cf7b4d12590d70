import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp, DEFAULT_BASE_PATH } from './app.js';
import { Chain } from './chain/chain.js';
import { loadWasmCrypto } from './crypto/wasm.js';
import { openDb } from './database.js';
import { indexChain } from './indexer/writer.js';

export type DevnetOptions = {
  host?: string;
  /** 0 picks a free port. Default 9944. */
  port?: number;
  basePath?: string;
  /** SQLite file, or `:memory:`. Default `./.devnet/chain.sqlite`. */
  dbPath?: string;
  reset?: boolean;
  instant?: boolean;
  blockTimeMs?: number;
  finalityDepth?: number;
  faucet?: boolean;
  /**
   * How long a simulation (`eth_call`, `eth_estimateGas`, REST's `/evm/*\/call`) may run, in ms (default 5 000, as
   * geth; 0: no limit).
   */
  evmTimeoutMs?: number;
  logLevel?: AppOptions['logLevel'];
  /** Connection limits and timeouts of the HTTP server (`ServerLimits`). */
  limits?: AppOptions['limits'];
};

export type Devnet = {
  /** The base URL of the chain routes, e.g. `http://127.0.0.1:9944/v2/devnet`. */
  url: string;
  app: FastifyInstance;
  chain: Chain;
  stop(): Promise<void>;
};

export const DEFAULT_DB_PATH = './.devnet/chain.sqlite';

/**
 * Starts a devnet in this process: opens (or creates) the chain database, starts block production and serves the
 * REST API. `stop()` closes the server, stops producing blocks and closes the database.
 *
 * @example
 * const devnet = await startDevnet({ port: 0, dbPath: ':memory:', instant: true });
 * // devnet.url → 'http://127.0.0.1:54321/v2/devnet'
 * await devnet.stop();
 */
export async function startDevnet(options: DevnetOptions = {}): Promise<Devnet> {
  const db = openDb({ path: options.dbPath ?? DEFAULT_DB_PATH, reset: options.reset ?? false });
  const chain = new Chain({
    db,
    index: indexChain,
    instant: options.instant ?? false,
    blockTimeMs: options.blockTimeMs ?? 1000,
    verifyOffThread: true,
    ...(options.evmTimeoutMs === undefined ? {} : { evmTimeoutMs: options.evmTimeoutMs }),
    ...(options.finalityDepth === undefined ? {} : { finalityDepth: options.finalityDepth }),
  });
  const basePath = (options.basePath ?? DEFAULT_BASE_PATH).replace(/\/$/, '');
  const app = await buildApp({
    chain,
    basePath,
    faucet: options.faucet ?? true,
    logLevel: options.logLevel ?? 'warn',
    ...(options.limits ? { limits: options.limits } : {}),
  });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ host, port: options.port ?? 9944 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 9944);
  chain.start();
  // In the background: the first answers need no signature check, and until it loads the JS implementations answer.
  void loadWasmCrypto();
  let stopped = false;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}${basePath}`,
    app,
    chain,
    async stop() {
      if (stopped) return;
      stopped = true;
      // The app owns the chain: closing it stops the chain and closes the database.
      await app.close();
    },
  };
}
