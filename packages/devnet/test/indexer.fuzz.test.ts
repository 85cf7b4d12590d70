import { encodeQuery, indexerRoutes, type QueryRoute } from '@nftkit/api';
import { UniqueChain } from '@nftkit/sdk';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { indexEvents } from '../src/indexer/eventIndex.js';
import { type Devnet, startDevnet } from '../src/server.js';
import { alice, bob } from './helpers/accounts.js';
import { chainSnapshot } from './helpers/snapshot.js';

// Hostile input on every indexer route: never a 5xx, a 200 always matches the route's row schema, and reading
// never changes the chain or the indexer.
let t: Devnet;
beforeAll(async () => {
  t = await startDevnet({ port: 0, dbPath: ':memory:', instant: true, logLevel: 'silent' });
  const sdk = UniqueChain({ baseUrl: t.url, account: alice, statusOptions: { retries: 50, timeout: 100 } });
  const { result: c } = await sdk.collection.create({
    mode: 'Nft',
    name: 'F',
    description: 'f',
    symbol: 'F',
    info: {},
  });
  await sdk.token.mintNFTs({
    collectionId: c.collectionId,
    tokens: [{ owner: bob.address, data: { name: 'n', attributes: [{ trait_type: 't', value: 1 }] } }],
  });
});
afterAll(async () => {
  await t?.stop();
});

const INDEXER = '/v2/devnet/indexer';
const routes = Object.values(indexerRoutes) as QueryRoute[];

const scalar = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double().map(String),
  fc.boolean(),
  fc.constantFrom(
    '0',
    '-1',
    '1e309',
    'NaN',
    '4294967296',
    '99999999999999999999999999999999999999999999',
    '-99999999999999999999999999999999999999999999',
    alice.address,
    '0x17c4e6453cc49aaaaeaca894e6d9683e00000001',
    '2024-01-01T00:00:00.000Z',
    'asc',
    'desc',
    'NFT',
    'RFT',
    '%',
    "'; DROP TABLE ix_nfts; --",
    '',
  ),
);
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }));

/** Every filter name of the route plus a few it does not know. */
const keysOf = (route: QueryRoute) => {
  const shape = (route.input as unknown as z.ZodObject).shape as Record<string, unknown>;
  return [...Object.keys(shape), 'unknown', 'limit', 'offset'];
};

describe('indexer routes under hostile input', () => {
  it('never answer 5xx; 200s match the row schemas; nothing changes', async () => {
    // The rows that find events are written with a batch of blocks or by the first read that needs them (never an
    // answer changed): written here first, so that what the reads below might write is there already.
    indexEvents(t.chain.storage.db);
    const before = chainSnapshot(t.chain);
    for (const route of routes) {
      const keys = keysOf(route);
      const params = route.path.match(/:\w+/g) ?? [];
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 6 }),
          fc.array(fc.oneof(fc.string({ maxLength: 70 }), fc.integer().map(String), fc.constant('1')), {
            minLength: params.length,
            maxLength: params.length,
          }),
          async (query, pathValues) => {
            let path = route.path;
            params.forEach((p, i) => {
              path = path.replace(p, encodeURIComponent(pathValues[i] ?? '') || '%20');
            });
            const qs = encodeQuery(query);
            const res = await t.app.inject({ method: 'GET', url: `${INDEXER}${path}${qs ? `?${qs}` : ''}` });
            expect(res.statusCode, `${path}?${qs}: ${res.body}`).toBeLessThan(500);
            const body = res.json() as unknown;
            if (res.statusCode === 200) route.output.parse(body);
            else expect(typeof (body as { error?: unknown }).error).toBe('string');
          },
        ),
        { numRuns: 60 },
      );
    }
    expect(chainSnapshot(t.chain)).toEqual(before);
  }, 240_000);

  it('valid lists over every route validate, with any paging', async () => {
    for (const route of routes.filter((r) => !r.path.includes(':'))) {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 1000 }),
          fc.integer({ min: 0, max: 50 }),
          async (limit, offset) => {
            const res = await t.app.inject({
              method: 'GET',
              url: `${INDEXER}${route.path}?limit=${limit}&offset=${offset}`,
            });
            expect(res.statusCode, route.path).toBe(200);
            const body = route.output.parse(res.json()) as { items?: unknown[]; count?: number } | unknown[];
            if (!Array.isArray(body)) {
              expect(body.items!.length).toBeLessThanOrEqual(limit);
              expect(body.items!.length).toBe(Math.max(0, Math.min(limit, body.count! - offset)));
            }
          },
        ),
        { numRuns: 15 },
      );
    }
  }, 120_000);
});
