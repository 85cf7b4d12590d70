import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { alice, bob, signHex } from './helpers/accounts.js';
import { type Answer, get, makeApp, post, type TestApp } from './helpers/http.js';

// A held status request (`waitMs`) must end on the chain event that answers it: the block with the transaction,
// the block that makes it final, its drop from the pool, the chain stopping. Here the chain's timers are fake and
// never advanced, so a request that ends does so because of the event, and one that was not woken never ends:
// no test below depends on how fast the machine is.
let t: TestApp;
beforeEach(async () => {
  t = await makeApp({ instant: false, finalityDepth: 2 });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(async () => {
  vi.useRealTimers();
  t.chain.stop();
  await t.close();
});

/** Lets the event loop run (I/O, immediates) until `done()`, at most `turns` times; never uses a timer. */
async function turnsUntil(done: () => boolean, turns = 2000): Promise<void> {
  for (let i = 0; i < turns && !done(); i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Sends a status request and resolves once the chain holds it (it listens for blocks). */
async function held(path: string, query: Record<string, unknown>): Promise<() => Answer | undefined> {
  const before = t.chain.listenerCount('block');
  let answer: Answer | undefined;
  void get(t, path, query).then((a) => {
    answer = a;
  });
  await turnsUntil(() => t.chain.listenerCount('block') > before || answer !== undefined);
  expect(answer).toBeUndefined();
  return () => answer;
}

async function submitTransfer(options: Record<string, unknown> = {}): Promise<string> {
  const built = await post(t, '/balances/transfer/build', {
    args: { to: bob.address, amount: '1' },
    options: { signerAddress: alice.address, ...options },
  });
  const b = built.body as { signerPayloadJSON: unknown; signerPayloadHex: string };
  const submitted = await post(t, '/extrinsics/submit', {
    signerPayloadJSON: b.signerPayloadJSON,
    signature: await signHex(alice, b.signerPayloadHex),
  });
  expect(submitted.status).toBe(200);
  return (submitted.body as { hash: string }).hash;
}

it('answers a held request when the block with the transaction is committed', async () => {
  const hash = await submitTransfer();
  const answer = await held(`/balances/transfer/status/${hash}`, { waitMs: 30_000 });
  t.chain.produceBlock();
  await turnsUntil(() => answer() !== undefined);
  expect(answer()?.status).toBe(200);
});

it('with isFinalized, holds the request past inclusion until the block is final', async () => {
  const hash = await submitTransfer();
  t.chain.produceBlock();
  t.chain.commit();
  const answer = await held(`/balances/transfer/status/${hash}`, { waitMs: 30_000, isFinalized: true });
  t.chain.produceBlock();
  await turnsUntil(() => answer() !== undefined, 50);
  expect(answer()).toBeUndefined(); // one block on top: not final at depth 2
  t.chain.produceBlock();
  await turnsUntil(() => answer() !== undefined);
  expect(answer()?.status).toBe(200);
});

it('answers a held request at once when its transaction is dropped from the pool', async () => {
  // A future nonce with a short era waits in the pool until its era is over; then the gap is filled and the
  // block that could include it drops it as outdated.
  const next = (await get(t, '/accounts/next_index', { address: alice.address })).body as {
    nextIndex: number;
  };
  const late = await submitTransfer({ nonce: next.nextIndex + 1, mortalLength: 4 });
  const answer = await held(`/balances/transfer/status/${late}`, { waitMs: 30_000 });
  for (let i = 0; i < 8; i++) t.chain.produceBlock();
  expect(answer()).toBeUndefined();
  await submitTransfer({ nonce: next.nextIndex });
  t.chain.produceBlock();
  await turnsUntil(() => answer() !== undefined);
  expect(answer()?.status).toBe(404);
  expect((answer()!.body as { error: string }).error).toContain('dropped from the pool');
});

it('lets held requests go when the chain stops, so closing the server does not wait out their long polls', async () => {
  const answer = await held(`/balances/transfer/status/0x${'ab'.repeat(32)}`, { waitMs: 30_000 });
  t.chain.stop();
  await turnsUntil(() => answer() !== undefined);
  expect(answer()?.status).toBe(404);
});
