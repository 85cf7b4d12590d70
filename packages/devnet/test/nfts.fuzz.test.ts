import { allRoutes, type ExtrinsicRoute, type QueryRoute } from '@nftkit/api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alice, bob } from './helpers/accounts.js';
import { jsonValues, scalars } from './helpers/arbitraries.js';
import { BASE, makeApp, type TestApp, writeOk } from './helpers/http.js';
import { checkInvariants } from './helpers/invariants.js';
import { checkNftsInvariants } from './helpers/nftsInvariants.js';
import { type ChainSnapshot, chainSnapshot } from './helpers/snapshot.js';

// Hostile input on every pallet-nfts route: never a 5xx, never a 501, never a crash, state unchanged.
let t: TestApp;
let digest: ChainSnapshot;
let collectionId: number;
beforeAll(async () => {
  t = await makeApp();
  const c = await writeOk(t, alice, '/pallet-nfts/collection/create', {
    collectionConfig: { maxSupply: 5, mintSettings: { mintType: 'Public', price: '10' } },
  });
  collectionId = Number(c.collectionId);
  await writeOk(t, alice, '/pallet-nfts/items/mint', {
    collectionId,
    itemId: 1,
    mintTo: bob.address,
    witnessData: { mintPrice: 10 },
  });
  await writeOk(t, alice, '/pallet-nfts/items/set-metadata', { collectionId, itemId: 1, data: 'meta' });
  digest = chainSnapshot(t.chain);
});
afterAll(async () => {
  await t.close();
});

const nftsRoutes = allRoutes().filter((e) => e.family === 'nftsPallet');
const queries = nftsRoutes
  .filter((e) => e.route.kind === 'query' && e.route.path.startsWith('/pallet-nfts/'))
  .map((e) => e.route as QueryRoute);
const extrinsics = nftsRoutes
  .filter((e) => e.route.kind === 'extrinsic')
  .map((e) => e.route as ExtrinsicRoute);

const scalar = scalars(
  fc.constantFrom(
    '0',
    '-1',
    '1e309',
    '4294967296',
    '340282366920938463463374607431768211456',
    alice.address,
    '0x17c4e6453cc49aaaaeaca894e6d9683e00000001',
    'pallet',
    'itemOwner',
    'collectionOwner',
    'Account',
    '',
    1,
  ),
);
const jsonValue = jsonValues(scalar, { maxLength: 4, maxKeys: 5 });
const fieldNames = [
  'collectionId',
  'itemId',
  'tokenId',
  'account',
  'namespace',
  'key',
  'mintTo',
  'to',
  'delegate',
  'deadline',
  'price',
  'bidPrice',
  'buyer',
  'data',
  'maxSupply',
  'issuer',
  'limit',
  'skip',
  'atBlockHash',
] as const;
/** Args shaped like the routes' own (known field names), so the fuzzer gets past the outer object often. */
const argsObject = fc.dictionary(
  fc.constantFrom(
    ...fieldNames,
    'attribute',
    'settings',
    'mintSettings',
    'witnessData',
    'collectionConfig',
    'witness',
  ),
  fc.oneof(scalar, jsonValue),
  { maxKeys: 6 },
);
const queryString = fc
  .array(
    fc.tuple(
      fc.constantFrom(...fieldNames),
      fc.oneof(fc.string(), fc.constantFrom('1', '0', 'x', alice.address, '%ZZ')),
    ),
    {
      maxLength: 5,
    },
  )
  .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&'));

function expectSafe(status: number, where: string): void {
  if (status >= 500) throw new Error(`${where} answered ${status}`);
}

describe('pallet-nfts bad input fuzzing', () => {
  it('every pallet-nfts route is served (none answers 501)', async () => {
    for (const route of queries) {
      const res = await t.app.inject({ method: 'GET', url: `${BASE}${route.path}` });
      expect(res.statusCode, route.path).not.toBe(501);
    }
    for (const route of extrinsics) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${BASE}${route.path}/encode`,
        payload: { args: {} },
      });
      expect(res.statusCode, route.path).not.toBe(501);
    }
  });

  it('query routes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...queries), queryString, async (route, qs) => {
        const url = `${BASE}${route.path}${qs ? `?${qs}` : ''}`;
        const res = await t.app.inject({ method: 'GET', url });
        expectSafe(res.statusCode, url);
      }),
      { numRuns: 200 },
    );
    expect(chainSnapshot(t.chain)).toEqual(digest);
  });

  it('build, fee and encode of every extrinsic route', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...extrinsics),
        fc.constantFrom('build', 'fee', 'encode'),
        fc.oneof(argsObject, jsonValue),
        async (route, action, args) => {
          const res = await t.app.inject({
            method: 'POST',
            url: `${BASE}${route.path}/${action}`,
            payload: JSON.stringify({ args, options: { signerAddress: alice.address } }),
            headers: { 'content-type': 'application/json' },
          });
          expectSafe(res.statusCode, `${route.path}/${action} ${JSON.stringify(args)}`);
          if (res.statusCode >= 400) expect(typeof res.json().error).toBe('string');
        },
      ),
      { numRuns: 400 },
    );
    expect(chainSnapshot(t.chain)).toEqual(digest);
  });

  it('random well-formed writes fail cleanly or apply whole; the invariants hold', async () => {
    const signers = [alice, bob];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...extrinsics),
        fc.constantFrom(...signers),
        fc.record({
          collectionId: fc.constantFrom(collectionId, collectionId + 1, 999),
          itemId: fc.constantFrom(1, 2, 3),
          mintTo: fc.constantFrom(alice.address, bob.address),
          to: fc.constantFrom(alice.address, bob.address),
          delegate: fc.constantFrom(alice.address, bob.address),
          newOwner: fc.constantFrom(alice.address, bob.address),
          data: fc.string({ maxLength: 20 }),
          maxSupply: fc.integer({ min: 1, max: 10 }),
          price: fc.constantFrom('1', '10', null),
          bidPrice: fc.constantFrom('1', '10', '100'),
          attribute: fc.record({
            key: fc.constantFrom('a', 'b'),
            value: fc.string({ maxLength: 8 }),
            namespace: fc.constantFrom('collectionOwner', 'itemOwner', 'pallet', bob.address),
          }),
          settings: fc.constant({ lockedMetadata: true }),
          mintSettings: fc.constant({ price: 5 }),
          witnessData: fc.constant({ mintPrice: 10 }),
        }),
        async (route, who, args) => {
          const res = await t.app.inject({
            method: 'POST',
            url: `${BASE}${route.path}/build`,
            payload: { args, options: { signerAddress: who.address } },
          });
          expectSafe(res.statusCode, route.path);
          if (res.statusCode !== 200) return;
          const built = res.json() as { signerPayloadJSON: unknown; signerPayloadHex: string };
          const signature = (await who.signer.sign({ signerPayloadHex: built.signerPayloadHex } as never))
            .signature;
          const sub = await t.app.inject({
            method: 'POST',
            url: `${BASE}/extrinsics/submit`,
            payload: { signerPayloadJSON: built.signerPayloadJSON, signature },
          });
          expect(sub.statusCode).toBe(200);
          const status = await t.app.inject({
            method: 'GET',
            url: `${BASE}${route.path}/status/${sub.json().hash}`,
          });
          expectSafe(status.statusCode, `${route.path}/status`);
          expect([200, 400]).toContain(status.statusCode);
          checkInvariants(t.chain);
          checkNftsInvariants(t.chain);
        },
      ),
      { numRuns: 120 },
    );
  });
});
