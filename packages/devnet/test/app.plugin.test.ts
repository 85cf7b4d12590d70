import Fastify from 'fastify';
import { afterEach, expect, it, vi } from 'vitest';
import { devnetPlugin } from '../src/app.js';
import { Chain } from '../src/chain/chain.js';
import { openDb } from '../src/database.js';
import { indexChain } from '../src/indexer/writer.js';
import { BASE, get, makeApp } from './helpers/http.js';

// The HTTP app owns its chain: closing it stops the chain (so held long polls answer) and closes the database,
// whether it is `buildApp`'s server or the plugin registered in a host of one's own.

afterEach(() => {
  vi.useRealTimers();
});

/** Lets the event loop run (I/O, immediates) until `done()`, at most `turns` times; never uses a timer. */
async function turnsUntil(done: () => boolean, turns = 2000): Promise<void> {
  for (let i = 0; i < turns && !done(); i++) await new Promise((resolve) => setImmediate(resolve));
}

it('closing the app answers a held status request and closes the database', async () => {
  const t = await makeApp({ instant: false });
  // Timers are fake and never advanced: the held request ends only if closing the app stops the chain.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const before = t.chain.listenerCount('block');
  let status: number | undefined;
  void get(t, `/balances/transfer/status/0x${'ab'.repeat(32)}`, { waitMs: 30_000 }).then((a) => {
    status = a.status;
  });
  await turnsUntil(() => t.chain.listenerCount('block') > before);
  expect(status).toBeUndefined();
  expect(t.chain.storage.db.open).toBe(true);
  await t.close();
  await turnsUntil(() => status !== undefined);
  expect(status).toBe(404);
  expect(t.chain.storage.db.open).toBe(false);
});

it('serves and closes as a plugin in a host of its own', async () => {
  const chain = new Chain({ index: indexChain, db: openDb({ path: ':memory:' }), instant: true });
  const host = Fastify({ logger: false });
  await host.register(devnetPlugin, { chain, basePath: BASE });
  const health = await host.inject({ method: 'GET', url: `${BASE}/health` });
  expect(health.statusCode).toBe(200);
  expect(health.json()).toMatchObject({ status: 'ok' });
  const missing = await host.inject({ method: 'GET', url: '/no/such/route' });
  expect(missing.statusCode).toBe(404);
  expect(missing.json()).toEqual({ error: 'Route GET /no/such/route not found' });
  await host.close();
  expect(chain.storage.db.open).toBe(false);
});
