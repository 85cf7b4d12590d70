import { allRoutes, type ExtrinsicRoute } from '@nftkit/api';
import { MAX_SS58_ADDRESS_LENGTH, U128_MAX } from '@nftkit/primitives';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CALL_BYTES, MAX_CALL_DEPTH } from '../src/runtime/codec.js';
import { alice, bob } from './helpers/accounts.js';
import { makeFuzzTarget } from './helpers/fuzzTarget.js';
import { BASE, type TestApp } from './helpers/http.js';
import { type ChainSnapshot, chainSnapshot } from './helpers/snapshot.js';

// The fuzz suite at every bound against hostile clients: values just at and past each bound (address length, u128, amount
// length, call size, nesting depth), in any field of any route. Never a 5xx, never a change of state.
let t: TestApp;
let digest: ChainSnapshot;
beforeAll(async () => {
  ({ t, digest } = await makeFuzzTarget());
});
afterAll(async () => {
  await t.close();
});

const extrinsics = allRoutes()
  .filter((e) => e.family === 'chain' && e.route.kind === 'extrinsic')
  .map((e) => e.route as ExtrinsicRoute);

const nested = async (depth: number): Promise<string> => {
  const encode = async (path: string, args: unknown) =>
    (await t.app.inject({ method: 'POST', url: `${BASE}${path}/encode`, payload: { args } })).json()
      .compactExtrinsic as string;
  let call = await encode('/balances/transfer', { to: bob.address, amount: '1' });
  for (let d = 2; d <= depth; d++) call = await encode('/utility/batch-all', { calls: [call] });
  return call;
};

const edges = [
  'A'.repeat(MAX_SS58_ADDRESS_LENGTH),
  'A'.repeat(MAX_SS58_ADDRESS_LENGTH + 1),
  `${alice.address}A`,
  'A'.repeat(1 << 16),
  U128_MAX.toString(),
  (U128_MAX + 1n).toString(),
  `1${'0'.repeat(60)}`,
  '9'.repeat(81),
  `${U128_MAX}.5`,
  `0x${'ab'.repeat(1 << 15)}`,
  `0x${'a'.repeat(1 << 15)}b`,
];
const fields = fc.constantFrom(
  'address',
  'to',
  'from',
  'owner',
  'recipient',
  'sponsor',
  'spender',
  'sender',
  'amount',
  'price',
  'bidPrice',
  'value',
  'collectionId',
  'calls',
);

describe('bad input at every limit', () => {
  it('build, fee and encode of every extrinsic route with values at and past each bound', async () => {
    const deep = [await nested(MAX_CALL_DEPTH), await nested(MAX_CALL_DEPTH)];
    const edge = fc.oneof(
      fc.constantFrom(...edges),
      fc.constantFrom(...deep).map((c) => [c]),
      fc.constantFrom(...edges).map((e) => [e]),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...extrinsics),
        fc.constantFrom('build', 'fee', 'encode'),
        fc.dictionary(fields, edge, { minKeys: 1, maxKeys: 3 }),
        fc.constantFrom(alice.address, ...edges.slice(0, 4)),
        async (route, action, args, signerAddress) => {
          const res = await t.app.inject({
            method: 'POST',
            url: `${BASE}${route.path}/${action}`,
            payload: { args, options: { signerAddress } },
          });
          if (res.statusCode >= 500 && res.statusCode !== 501)
            throw new Error(`${route.path}/${action} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
        },
      ),
      { numRuns: 250 },
    );
    expect(chainSnapshot(t.chain)).toEqual(digest);
  });

  it('submit with an address, a call and a body at and past their bounds', async () => {
    const built = (
      await t.app.inject({
        method: 'POST',
        url: `${BASE}/balances/transfer/build`,
        payload: { args: { to: bob.address, amount: '1' }, options: { signerAddress: alice.address } },
      })
    ).json().signerPayloadJSON as Record<string, unknown>;
    const cases: [Record<string, unknown>, number][] = [
      [{ address: 'A'.repeat(1 << 20) }, 400],
      [{ address: 'A'.repeat(MAX_SS58_ADDRESS_LENGTH + 1) }, 400],
      [{ method: `0x0000${'ab'.repeat(MAX_CALL_BYTES)}` }, 400],
      [{ method: `0x${'ab'.repeat(MAX_CALL_BYTES * 2)}` }, 413],
      [{ tip: `0x${'f'.repeat(33)}` }, 400],
      [{ nonce: `0x${'f'.repeat(1 << 16)}` }, 400],
    ];
    for (const [change, status] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${BASE}/extrinsics/submit`,
        payload: { signerPayloadJSON: { ...built, ...change }, signature: `0x01${'00'.repeat(64)}` },
      });
      expect(res.statusCode, JSON.stringify(Object.keys(change))).toBe(status);
    }
    expect(chainSnapshot(t.chain)).toEqual(digest);
  });
});
