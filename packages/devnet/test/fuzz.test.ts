import { allRoutes, type ExtrinsicRoute, type QueryRoute } from '@nftkit/api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alice, bob } from './helpers/accounts.js';
import { jsonValues, scalars } from './helpers/arbitraries.js';
import { makeFuzzTarget } from './helpers/fuzzTarget.js';
import { BASE, type TestApp } from './helpers/http.js';
import { type ChainSnapshot, chainSnapshot } from './helpers/snapshot.js';

// Hostile input on every route: never a 5xx (501 "Not implemented" aside), never a crash, state unchanged.
let t: TestApp;
let digest: ChainSnapshot;
beforeAll(async () => {
  ({ t, digest } = await makeFuzzTarget());
});
afterAll(async () => {
  await t.close();
});

const chainRoutes = allRoutes().filter((e) => e.family === 'chain');
const queries = chainRoutes.filter((e) => e.route.kind === 'query').map((e) => e.route as QueryRoute);
const extrinsics = chainRoutes
  .filter((e) => e.route.kind === 'extrinsic')
  .map((e) => e.route as ExtrinsicRoute);

const scalar = scalars(
  fc.constantFrom(
    '0',
    '-1',
    '1e309',
    '4294967296',
    alice.address,
    '0x17c4e6453cc49aaaaeaca894e6d9683e00000001',
    '',
  ),
);
const jsonValue = jsonValues(scalar, { maxLength: 4, maxKeys: 5 });
const hexa = (maxLength: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), maxLength });
const fieldNames = fc.constantFrom(
  'collectionId',
  'tokenId',
  'address',
  'to',
  'amount',
  'properties',
  'tokens',
  'limit',
  'skip',
  'spender',
  'nestTo[collectionId]',
  'keys',
  'x',
);
const queryString = fc
  .array(
    fc.tuple(fieldNames, fc.oneof(fc.string(), fc.constantFrom('1', '0', 'true', alice.address, '%ZZ'))),
    { maxLength: 5 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&'));
const argsLike = fc.oneof(
  jsonValue,
  fc.record({
    args: jsonValue,
    options: fc.oneof(jsonValue, fc.record({ signerAddress: scalar, nonce: scalar, mortalLength: scalar })),
  }),
);

function expectSafe(status: number, where: string): void {
  if (status >= 500 && status !== 501) throw new Error(`${where} answered ${status}`);
}

describe('bad input fuzzing', () => {
  it('query routes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...queries), queryString, jsonValue, async (route, qs, body) => {
        const url = `${BASE}${route.path}${qs ? `?${qs}` : ''}`;
        const res =
          route.method === 'GET'
            ? await t.app.inject({ method: 'GET', url })
            : await t.app.inject({
                method: 'POST',
                url,
                payload: JSON.stringify(body),
                headers: { 'content-type': 'application/json' },
              });
        expectSafe(res.statusCode, url);
      }),
      { numRuns: 150 },
    );
    expect(chainSnapshot(t.chain)).toEqual(digest);
  });

  it('build, fee, encode and status of every extrinsic route', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...extrinsics),
        fc.constantFrom('build', 'fee', 'encode', 'status'),
        argsLike,
        fc.oneof(hexa(70), fc.string()),
        async (route, action, body, hash) => {
          const res =
            action === 'status'
              ? await t.app.inject({
                  method: 'GET',
                  url: `${BASE}${route.path}/status/${encodeURIComponent(`0x${hash}`)}`,
                })
              : await t.app.inject({
                  method: 'POST',
                  url: `${BASE}${route.path}/${action}`,
                  payload: JSON.stringify(body),
                  headers: { 'content-type': 'application/json' },
                });
          expectSafe(res.statusCode, `${route.path}/${action}`);
        },
      ),
      { numRuns: 300 },
    );
    expect(chainSnapshot(t.chain)).toEqual(digest);
  });

  it('submit with malformed payloads and signatures', async () => {
    const built = await t.app.inject({
      method: 'POST',
      url: `${BASE}/balances/transfer/build`,
      payload: { args: { to: bob.address, amount: '1' }, options: { signerAddress: alice.address } },
    });
    const good = built.json().signerPayloadJSON as Record<string, unknown>;
    const before = chainSnapshot(t.chain);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(good)),
        jsonValue,
        fc.oneof(
          fc.string(),
          hexa(140).map((h) => `0x01${h}`),
        ),
        async (field, value, signature) => {
          const res = await t.app.inject({
            method: 'POST',
            url: `${BASE}/extrinsics/submit`,
            payload: { signerPayloadJSON: { ...good, [field]: value }, signature },
          });
          expectSafe(res.statusCode, `submit ${field}`);
          expect(res.statusCode).toBe(400);
        },
      ),
      { numRuns: 200 },
    );
    const raw = await t.app.inject({
      method: 'POST',
      url: `${BASE}/extrinsics/submit`,
      payload: '{"signerPayloadJSON": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.statusCode).toBe(400);
    expect(chainSnapshot(t.chain)).toEqual(before);
  });
});
