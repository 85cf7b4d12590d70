import { encodeQuery } from '@nftkit/api';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { Chain, type ChainOptions } from '../../src/chain/chain.js';
import { openDb } from '../../src/database.js';
import { indexChain } from '../../src/indexer/writer.js';
import { signHex, type TestAccount } from './accounts.js';

export const BASE = '/v2/devnet';

export type TestApp = { app: FastifyInstance; chain: Chain; close(): Promise<void> };

export async function makeApp(options: Partial<ChainOptions> & { faucet?: boolean } = {}): Promise<TestApp> {
  const { faucet, ...chainOptions } = options;
  const chain = new Chain({
    index: indexChain,
    db: openDb({ path: ':memory:' }),
    instant: true,
    ...chainOptions,
  });
  const app = await buildApp({ chain, faucet: faucet ?? true, logLevel: 'silent' });
  return { app, chain, close: () => app.close() };
}

export type Answer = { status: number; body: unknown; headers: Record<string, unknown> };

export async function get(t: TestApp, path: string, query: Record<string, unknown> = {}): Promise<Answer> {
  const qs = encodeQuery(query);
  const res = await t.app.inject({ method: 'GET', url: `${BASE}${path}${qs ? `?${qs}` : ''}` });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

export async function post(t: TestApp, path: string, body: unknown): Promise<Answer> {
  const res = await t.app.inject({ method: 'POST', url: `${BASE}${path}`, payload: body as object });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** build → sign → submit → status over HTTP, like the sdk; returns the final status answer. */
export async function write(
  t: TestApp,
  who: TestAccount,
  route: string,
  args: unknown,
  options: Record<string, unknown> = {},
): Promise<Answer & { hash?: string }> {
  const built = await post(t, `${route}/build`, {
    args,
    options: { signerAddress: who.address, ...options },
  });
  if (built.status !== 200) return built;
  const b = built.body as { signerPayloadJSON: unknown; signerPayloadHex: string };
  const signature = await signHex(who, b.signerPayloadHex);
  const submitted = await post(t, '/extrinsics/submit', {
    signerPayloadJSON: b.signerPayloadJSON,
    signature,
  });
  if (submitted.status !== 200) return submitted;
  const { hash } = submitted.body as { hash: string };
  const status = await get(t, `${route}/status/${hash}`);
  return { ...status, hash };
}

export async function writeOk(t: TestApp, who: TestAccount, route: string, args: unknown) {
  const a = await write(t, who, route, args);
  if (a.status !== 200) throw new Error(`${route}: ${a.status} ${JSON.stringify(a.body)}`);
  return (a.body as { result: Record<string, unknown> & unknown[] }).result;
}
