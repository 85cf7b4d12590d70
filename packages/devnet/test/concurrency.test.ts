import { Sr25519Account } from '@nftkit/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Devnet, startDevnet } from '../src/server.js';
import { alice } from './helpers/accounts.js';
import { getJson, postJson, submitOverHttp } from './helpers/fetchClient.js';
import { checkInvariants } from './helpers/invariants.js';

let devnet: Devnet;
// Blocks come every 25 ms, so the default era (64 blocks) lasts 1.6 s: less than a loaded machine may take between a
// build and its submit. A longer era keeps the test about ordering, not about the machine's speed.
const ERA = { mortalLength: 1024 };
beforeAll(async () => {
  devnet = await startDevnet({ port: 0, dbPath: ':memory:', blockTimeMs: 25, logLevel: 'silent' });
});
afterAll(async () => {
  await devnet?.stop();
});

describe('concurrency', () => {
  it('20 clients submitting at once: no lost update, nonces in order', async () => {
    const clients = Array.from({ length: 20 }, (_, i) => Sr25519Account.fromUri(`//Concurrent${i}`));
    for (const c of clients)
      expect(
        (await postJson(`${devnet.url}/devnet/faucet`, { address: c.address, amount: '100' })).status,
      ).toBe(200);
    const sink = Sr25519Account.fromUri('//ConcurrentSink');
    const perClient = 5;
    const hashes = await Promise.all(
      clients.map((c) =>
        Promise.all(
          Array.from({ length: perClient }, (_, n) =>
            submitOverHttp(
              devnet.url,
              c,
              '/balances/transfer',
              { to: sink.address, amount: String(n + 1) },
              { nonce: n, ...ERA },
            ),
          ),
        ),
      ),
    );
    const statuses = await Promise.all(
      hashes.flat().map((h) => getJson(`${devnet.url}/balances/transfer/status/${h}?waitMs=20000`)),
    );
    for (const s of statuses) expect(s.status).toBe(200);
    const sinkBalance = await getJson(`${devnet.url}/balances/get?address=${sink.address}`);
    expect(sinkBalance.body.free).toBe(String(clients.length * ((perClient * (perClient + 1)) / 2)));
    const db = devnet.chain.storage.db;
    for (const c of clients) {
      expect(devnet.chain.storage.system.account(c.address).nonce).toBe(perClient);
      const nonces = (
        db
          .prepare('SELECT nonce FROM extrinsics WHERE signer = ? ORDER BY block_number, idx')
          .all(c.address) as { nonce: number }[]
      ).map((r) => r.nonce);
      expect(nonces).toEqual([0, 1, 2, 3, 4]);
    }
    checkInvariants(devnet.chain);
  }, 120_000);

  it('one account writing concurrently keeps its nonces in order', async () => {
    const start = (
      (await getJson(`${devnet.url}/accounts/next_index?address=${alice.address}`)).body as {
        nextIndex: number;
      }
    ).nextIndex;
    const n = 20;
    // Submitted in reverse: the future nonces wait in the pool until the gap closes.
    const hashes: string[] = [];
    for (let i = n - 1; i >= 0; i--)
      hashes.push(
        await submitOverHttp(
          devnet.url,
          alice,
          '/balances/transfer',
          { to: alice.address, amount: '1' },
          { nonce: start + i, ...ERA },
        ),
      );
    for (const h of hashes)
      expect((await getJson(`${devnet.url}/balances/transfer/status/${h}?waitMs=20000`)).status).toBe(200);
    const nonces = (
      devnet.chain.storage.db
        .prepare('SELECT nonce FROM extrinsics WHERE signer = ? AND nonce >= ? ORDER BY block_number, idx')
        .all(alice.address, start) as { nonce: number }[]
    ).map((r) => r.nonce);
    expect(nonces).toEqual(Array.from({ length: n }, (_, i) => start + i));
  }, 120_000);
});
