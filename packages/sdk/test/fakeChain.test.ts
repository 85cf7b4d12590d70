import { afterEach, expect, it, vi } from 'vitest';
import { Sr25519Account } from '../src/index.js';
import { createFakeChain } from './helpers/fakeChain.js';
import type { RecordedRequest, Reply } from './helpers/httpServer.js';

// The fake chain's long poll must answer when its block timer fires, whatever the wall clock says: a timer can
// fire a millisecond before `Date.now()` reaches its due time, and a waiter that compared clocks went back to sleep
// for its whole `waitMs` (the README-example test hung that way on a busy machine). Here the timers are fake and
// the wall clock stands still, so a clock comparison can never come true: only the timer's own wake-up can end the wait.
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const request = (method: string, path: string, body?: unknown, search = ''): RecordedRequest => ({
  method,
  url: search ? `${path}?${search}` : path,
  path,
  search,
  headers: {},
  text: body === undefined ? '' : JSON.stringify(body),
  body,
});

async function submitTransfer(handle: (r: RecordedRequest) => Promise<Reply>): Promise<string> {
  const alice = Sr25519Account.fromUri('//Alice');
  const bob = Sr25519Account.fromUri('//Bob');
  const built = await handle(
    request('POST', '/v2/fake/balances/transfer/build', {
      args: { to: bob.address, amount: '5' },
      options: { signerAddress: alice.address },
    }),
  );
  const payload = built.body as { signerPayloadJSON: unknown; signerPayloadHex: string };
  const { signature } = await alice.signer.sign(payload as never);
  const submitted = await handle(
    request('POST', '/v2/fake/extrinsics/submit', {
      signerPayloadJSON: payload.signerPayloadJSON,
      signature,
    }),
  );
  return (submitted.body as { hash: string }).hash;
}

it('a held status request answers when the block timer fires, even if Date.now() has not reached the block time', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
  const chain = createFakeChain({ prefix: '/v2/fake', longPoll: true, blockTimeMs: 30 });
  const hash = await submitTransfer(chain.handle);

  let answer: Reply | undefined;
  void chain
    .handle(request('GET', `/v2/fake/balances/transfer/status/${hash}`, undefined, 'waitMs=10000'))
    .then((reply) => {
      answer = reply;
    });
  await vi.advanceTimersByTimeAsync(29);
  expect(answer).toBeUndefined(); // held: the block is not in yet

  await vi.advanceTimersByTimeAsync(1);
  expect(answer).toBeDefined();
  expect(answer!.status ?? 200).toBe(200);
  expect((answer!.body as { result: { amount: string } }).result.amount).toBe('5');
});

it('a held status request still answers 404 once its waitMs is spent', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const chain = createFakeChain({ prefix: '/v2/fake', longPoll: true });
  let answer: Reply | undefined;
  void chain
    .handle(request('GET', `/v2/fake/balances/transfer/status/0x${'ab'.repeat(32)}`, undefined, 'waitMs=500'))
    .then((reply) => {
      answer = reply;
    });
  await vi.advanceTimersByTimeAsync(499);
  expect(answer).toBeUndefined();
  await vi.advanceTimersByTimeAsync(1);
  expect(answer?.status).toBe(404);
});
