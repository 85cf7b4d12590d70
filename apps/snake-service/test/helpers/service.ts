import { type Devnet, startDevnet } from '@nftkit/devnet';
import type { FastifyInstance } from 'fastify';
import type { BatchInfo } from '../../src/chain/writer.js';
import { loadConfig, type ServiceConfig } from '../../src/config.js';
import { buildServiceApp } from '../../src/http/app.js';
import { type SnakeService, startSnakeService } from '../../src/service.js';
import type { TestKey } from './keys.js';

export interface Harness {
  readonly devnet: Devnet;
  readonly config: ServiceConfig;
  readonly service: SnakeService;
  readonly app: FastifyInstance;
  /** The clock the service reads: tests move it forward instead of waiting. */
  readonly clock: { now: number };
  /** Every batch the service's writer sent, in order. */
  readonly batches: BatchInfo[];
  stop(): Promise<void>;
}

/** A devnet started by the test (in memory, a block per transaction) and the service on it, with a test clock. */
export async function startDevnetForService(): Promise<Devnet> {
  return startDevnet({ port: 0, dbPath: ':memory:', instant: true });
}

/** Limits no test meets unless it means to (each test file signs in, starts and sends from one IP address). */
export const GENEROUS_LIMITS: Record<string, string> = {
  SNAKE_RATE_SIGN_IN_PER_IP: '100000',
  SNAKE_RATE_SIGN_IN_PER_ADDRESS: '100000',
  SNAKE_RATE_START_PER_IP: '100000',
  SNAKE_RATE_START_PER_ADDRESS: '100000',
  SNAKE_RATE_RESULT_PER_IP: '100000',
  SNAKE_RATE_RESULT_PER_ADDRESS: '100000',
};

/** A secret for instances side by side (they must share one); a lone instance gets a random one per start. */
export const SHARED_SECRET = 'a test secret shared by the instances of one test file';

export async function startService(devnet: Devnet, env: Record<string, string> = {}): Promise<Harness> {
  const config = loadConfig({
    SNAKE_CHAIN_BASE_URL: devnet.url,
    SNAKE_LEADERBOARD_REFRESH_MS: '600000',
    ...GENEROUS_LIMITS,
    ...env,
  });
  const clock = { now: Date.now() };
  const batches: BatchInfo[] = [];
  const service = await startSnakeService(config, {
    now: () => clock.now,
    onBatch: (info) => batches.push(info),
  });
  const app = await buildServiceApp(service);
  return {
    devnet,
    config,
    service,
    app,
    clock,
    batches,
    stop: async () => {
      await app.close();
    },
  };
}

/** Signs in through the routes, as the page does; answers the session token. */
export async function signIn(app: FastifyInstance, key: TestKey): Promise<string> {
  const challenge = await app.inject({
    method: 'POST',
    url: '/auth/challenge',
    payload: { address: key.address },
  });
  if (challenge.statusCode !== 200) throw new Error(`challenge: ${challenge.body}`);
  const { message } = challenge.json() as { message: string };
  const session = await app.inject({
    method: 'POST',
    url: '/auth/session',
    payload: { address: key.address, message, signature: key.sign(message) },
  });
  if (session.statusCode !== 200) throw new Error(`session: ${session.body}`);
  return (session.json() as { session: string }).session;
}

export const bearer = (session: string) => ({ authorization: `Bearer ${session}` });

/** The operator's free balance as the chain holds it now, in wei. */
export async function operatorBalance(h: Harness): Promise<bigint> {
  return BigInt((await h.service.chain.balance.get({ address: h.service.operator })).free);
}
