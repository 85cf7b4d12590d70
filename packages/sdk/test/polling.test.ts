import { LONG_POLL_HEADER } from '@nftkit/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, ExtrinsicNotFoundError, getExtrinsicStatus, UniqueChain } from '../src/index.js';
import { type Reply, startServer, type TestServer } from './helpers/httpServer.js';

const HASH = `0x${'ef'.repeat(32)}`;
const ROUTE = '/token/properties/set';
const FOUND = {
  result: { collectionId: 1 },
  extrinsic: {
    hash: HASH,
    signer: 's',
    section: 'x',
    method: 'y',
    args: {},
    events: [],
    groupedEvents: {},
    blockHash: '0x',
    blockNumber: '1',
  },
};

let server: TestServer;
let replies: Reply[];
const times: number[] = [];

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  times.length = 0;
  server.handle(() => {
    times.push(performance.now());
    return replies.shift() ?? { status: 404, body: { error: 'not found' } };
  });
});

const chain = (statusOptions = {}) => UniqueChain({ baseUrl: `${server.url}/v2`, statusOptions });
const status = (statusOptions = {}, instanceOptions = {}) =>
  getExtrinsicStatus(chain(instanceOptions).client, { route: ROUTE, hash: HASH, options: statusOptions });
const waitParams = () => server.requests.map((r) => new URLSearchParams(r.search).get('waitMs'));

describe('plain polling (rest-api §2.4)', () => {
  it('treats 404 as "not yet" and returns the 200 answer as { result, extrinsicOutput }', async () => {
    replies = [
      { status: 404, body: { error: 'x' } },
      { status: 404, raw: '' },
      { status: 200, body: FOUND },
    ];
    const answer = await status({ timeout: 5 });
    expect(answer).toEqual({ result: FOUND.result, extrinsicOutput: FOUND.extrinsic });
    expect(server.requests.map((r) => r.url)).toEqual(Array(3).fill(`/v2${ROUTE}/status/${HASH}`));
  });

  it('gives up after retries + 1 requests with "Extrinsic not found in {retries × timeout}s."', async () => {
    replies = [];
    const error = await status({ retries: 3, timeout: 7 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExtrinsicNotFoundError);
    expect((error as Error).message).toBe('Extrinsic not found in 0.02s.');
    expect((error as ExtrinsicNotFoundError).hash).toBe(HASH);
    expect(server.requests).toHaveLength(4);
  });

  it('waits the timeout between polls', async () => {
    replies = [{ status: 404 }, { status: 200, body: FOUND }];
    await status({ timeout: 60 });
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(50);
  });

  it('re-polls a 2xx other than 200 after the normal delay, not at once', async () => {
    replies = [{ status: 202, body: {} }, { status: 204 }, { status: 200, body: FOUND }];
    const answer = await status({ timeout: 60 });
    expect(answer.result).toEqual(FOUND.result);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(50);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(50);
  });

  it('counts 2xx answers against the retries, so a server stuck on 202 cannot hold the client forever', async () => {
    replies = Array.from({ length: 10 }, () => ({ status: 202, body: {} }));
    await expect(status({ retries: 2, timeout: 5 })).rejects.toBeInstanceOf(ExtrinsicNotFoundError);
    expect(server.requests).toHaveLength(3);
  });

  it('ends polling at once on another error status, keeping the body (a failed extrinsic)', async () => {
    const failure = {
      error: 'The extrinsic failed for reason NoPermission',
      details: { section: 'common', name: 'NoPermission' },
    };
    replies = [{ status: 404 }, { status: 400, body: failure }];
    const error = await status({ timeout: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).data).toEqual(failure);
    expect(server.requests).toHaveLength(2);
  });

  it('per-call options override the instance ones; 0 means the default', async () => {
    replies = [];
    const error = await status({ retries: 0, timeout: 4 }, { retries: 2, timeout: 1000 }).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toBe('Extrinsic not found in 0.01s.');
    expect(server.requests).toHaveLength(3);
  });

  it('never sends waitMs to a server that did not announce long polling', async () => {
    replies = [{ status: 404 }, { status: 404 }, { status: 200, body: FOUND }];
    await status({ timeout: 5 });
    expect(waitParams()).toEqual([null, null, null]);
  });
});

describe('long polling', () => {
  const LP = { [LONG_POLL_HEADER]: '1' };

  it('after the header, asks the server to wait (the remaining budget) instead of sleeping', async () => {
    replies = [
      { status: 404, headers: LP },
      { status: 200, headers: LP, body: FOUND, delayMs: 50 },
    ];
    const answer = await status({ retries: 4, timeout: 1000 });
    expect(answer.result).toEqual(FOUND.result);
    const [first, second] = waitParams();
    expect(first).toBeNull();
    expect(Number(second)).toBeGreaterThan(2000);
    expect(Number(second)).toBeLessThanOrEqual(4000);
  });

  it('caps waitMs at 30000 and remembers the capability for the next status call', async () => {
    replies = [
      { status: 404, headers: LP },
      { status: 200, headers: LP, body: FOUND },
    ];
    const sdk = chain({ timeout: 20_000 });
    await getExtrinsicStatus(sdk.client, { route: ROUTE, hash: HASH });
    // No sleep of `timeout` in between: the second request went out right after the first answer.
    expect(times[1]! - times[0]!).toBeLessThan(20_000);
    replies = [{ status: 200, headers: LP, body: FOUND }];
    await getExtrinsicStatus(sdk.client, { route: ROUTE, hash: HASH });
    const [first, second, third] = waitParams();
    expect(first).toBeNull();
    expect(Number(second)).toBe(30000);
    expect(Number(third)).toBe(30000);
  });

  it('keeps isFinalized next to waitMs', async () => {
    replies = [
      { status: 404, headers: LP },
      { status: 200, headers: LP, body: FOUND },
    ];
    await status({ isFinalized: true, timeout: 100 });
    expect(server.requests[1]!.search).toMatch(/^isFinalized=true&waitMs=\d+$/);
  });

  it('runs out with the same message when the server held every request and still found nothing', async () => {
    server.handle((request) => {
      const waitMs = Number(new URLSearchParams(request.search).get('waitMs') ?? 0);
      return { status: 404, headers: LP, delayMs: waitMs };
    });
    const error = await status({ retries: 3, timeout: 20 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExtrinsicNotFoundError);
    expect((error as Error).message).toBe('Extrinsic not found in 0.06s.');
    expect(server.requests.length).toBeLessThanOrEqual(4);
  });

  it('falls back to sleeping when a server announces long polling but answers at once', async () => {
    server.handle(() => {
      times.push(performance.now());
      return { status: 404, headers: LP };
    });
    const error = await status({ retries: 3, timeout: 200 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExtrinsicNotFoundError);
    // Without the fallback this would be a busy loop of thousands of requests within the 600 ms budget; as in
    // plain polling, at most retries + 1 requests (plus the one that discovered the header).
    expect(server.requests.length).toBeLessThanOrEqual(5);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(20);
  });

  it('drops back to plain polling when the header disappears', async () => {
    replies = [{ status: 404, headers: LP }, { status: 404 }, { status: 200, body: FOUND }];
    await status({ timeout: 5 });
    expect(waitParams().map((w) => w !== null)).toEqual([false, true, false]);
  });
});
