import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BodyThread } from '../src/http/bodyThread.js';
import { LARGE_BODY_BYTES } from '../src/http/jsonBody.js';
import { alice, bob } from './helpers/accounts.js';
import { BASE, makeApp, type TestApp } from './helpers/http.js';

// A body above LARGE_BODY_BYTES is parsed and checked on the body thread, off the thread that serves
// everyone. The same body padded with whitespace past that size must get the very answer it gets parsed in place:
// the route's own 400 naming the field, Fastify's JSON errors, or the route's result.
let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t.close();
});

const send = async (path: string, payload: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `${BASE}${path}`,
    headers: { 'content-type': 'application/json' },
    payload,
  });
  return { status: res.statusCode, body: res.body };
};
/** `json` with whitespace after its first `{` so that it is a large body, as JSON it is the same value. */
const padded = (json: string) => `{${' '.repeat(LARGE_BODY_BYTES)}${json.slice(1)}`;

const transferArgs = { to: bob.address, amount: '1' };
const submitWithAddress = (address: string) =>
  JSON.stringify({ signerPayloadJSON: { address, version: 4 }, signature: '0x01' });
const cases: [string, string, string][] = [
  ['submit with an address too long', '/extrinsics/submit', submitWithAddress('A'.repeat(60))],
  [
    'build with an address too long in options',
    '/balances/transfer/build',
    JSON.stringify({ args: transferArgs, options: { signerAddress: 'A'.repeat(100) } }),
  ],
  [
    'fee with args the route refuses',
    '/balances/transfer/fee',
    JSON.stringify({ args: { to: bob.address, amount: '-1' }, options: { signerAddress: alice.address } }),
  ],
  ['encode without args', '/balances/transfer/encode', JSON.stringify({ options: {} })],
  ['encode of a legal call', '/balances/transfer/encode', JSON.stringify({ args: transferArgs })],
  [
    'build of a legal call',
    '/balances/transfer/build',
    JSON.stringify({ args: transferArgs, options: { signerAddress: alice.address, nonce: 0 } }),
  ],
  ['a body that is not JSON', '/extrinsics/submit', '{"signerPayloadJSON": {'],
  ['prototype poisoning', '/extrinsics/submit', '{"__proto__": {"polluted": 1}, "signature": "0x01"}'],
  ['constructor poisoning', '/extrinsics/submit', '{"constructor": {"prototype": {"polluted": 1}}}'],
  ['the faucet (no route check)', '/devnet/faucet', JSON.stringify({ address: 'A'.repeat(100) })],
];

describe('large bodies', () => {
  it.each(cases)('%s: the same answer parsed on the body thread as in place', async (_, path, json) => {
    const inPlace = await send(path, json);
    expect(inPlace.status).toBeLessThan(500);
    expect(await send(path, padded(json))).toEqual(inPlace);
  });

  it('a megabyte address is refused on the body thread with the 400 that names the field', async () => {
    const huge = await send('/extrinsics/submit', submitWithAddress('A'.repeat(1 << 20)));
    expect(huge).toEqual(await send('/extrinsics/submit', submitWithAddress('A'.repeat(60))));
    expect(huge.status).toBe(400);
    expect(JSON.parse(huge.body).error).toContain('signerPayloadJSON.address: address is not a valid');
  });
});

describe('BodyThread', () => {
  it('parses in the calling thread, with the same answers, once its worker is gone', async () => {
    const thread = new BodyThread();
    const bytes = (s: string) => new Uint8Array(Buffer.from(padded(s)));
    const check = { kind: 'submit' } as const;
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => undefined,
        (e: Error) => e.message,
      );
    const onWorker = await refusal(thread.parse(bytes(submitWithAddress('A'.repeat(60))), check));
    expect(onWorker).toContain('signerPayloadJSON.address');
    expect(await thread.parse(bytes('{"a": [1, "b"]}'))).toEqual({ a: [1, 'b'] });
    await thread.close();
    expect(await refusal(thread.parse(bytes(submitWithAddress('A'.repeat(60))), check))).toBe(onWorker);
    expect(await thread.parse(bytes('{"a": [1, "b"]}'))).toEqual({ a: [1, 'b'] });
  });
});
