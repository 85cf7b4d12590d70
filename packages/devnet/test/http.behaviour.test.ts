import { LONG_POLL_HEADER } from '@nftkit/api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { alice, bob, signHex } from './helpers/accounts.js';
import { BASE, get, makeApp, post, type TestApp, write } from './helpers/http.js';
import { chainSnapshot } from './helpers/snapshot.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeApp();
});
afterEach(async () => {
  await t.close();
});

describe('http conventions', () => {
  it('answers health, the OpenAPI document and its page, with CORS', async () => {
    const h = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { origin: 'http://localhost:5173' },
    });
    expect(h.statusCode).toBe(200);
    expect(h.json()).toMatchObject({ status: 'ok' });
    expect(h.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const doc = await t.app.inject({ method: 'GET', url: `${BASE}/openapi.json` });
    expect(doc.json().paths[`${BASE}/token/nfts/mint/build`]).toBeDefined();
    const page = await t.app.inject({ method: 'GET', url: `${BASE}/docs/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('names the failing field in a 400 with zodError', async () => {
    const r = await get(t, '/balances/get', { address: 'not-an-address' });
    expect(r.status).toBe(400);
    const body = r.body as { error: string; zodError: { issues: { path: string[] }[] } };
    expect(body.error).toContain('address');
    expect(body.zodError.issues[0]!.path).toEqual(['address']);
    const b = await post(t, '/token/nfts/mint/build', { args: { collectionId: 1, tokens: [] } });
    expect(b.status).toBe(400);
    expect((b.body as { error: string }).error).toContain('options');
  });

  it('answers 404 for an unknown hash with the long-poll header, and long-polls until inclusion', async () => {
    const slow = await makeApp({ instant: false });
    const unknown = `0x${'ab'.repeat(32)}`;
    const r = await get(slow, `/balances/transfer/status/${unknown}`);
    expect(r.status).toBe(404);
    expect(r.headers[LONG_POLL_HEADER]).toBe('1');
    const cors = await slow.app.inject({
      method: 'GET',
      url: `${BASE}/balances/transfer/status/${unknown}`,
      headers: { origin: 'http://localhost:5173' },
    });
    expect(String(cors.headers['access-control-expose-headers'])).toContain(LONG_POLL_HEADER);
    const built = await post(slow, '/balances/transfer/build', {
      args: { to: bob.address, amount: '1' },
      options: { signerAddress: alice.address },
    });
    const bb = built.body as { signerPayloadJSON: unknown; signerPayloadHex: string };
    const sub = await post(slow, '/extrinsics/submit', {
      signerPayloadJSON: bb.signerPayloadJSON,
      signature: await signHex(alice, bb.signerPayloadHex),
    });
    const { hash } = sub.body as { hash: string };
    expect((await get(slow, `/balances/transfer/status/${hash}`)).status).toBe(404);
    const pending = get(slow, `/balances/transfer/status/${hash}`, { waitMs: 5000 });
    setTimeout(() => slow.chain.produceBlock(), 50);
    const done = await pending;
    expect(done.status).toBe(200);
    expect((done.body as { result: unknown }).result).toEqual({
      from: alice.address,
      to: bob.address,
      amountInCoin: '0.000000000000000001',
      amount: '1',
    });
    expect((await get(slow, `/balances/transfer/status/${hash}`, { isFinalized: true })).status).toBe(404);
    slow.chain.produceBlock();
    slow.chain.produceBlock();
    expect((await get(slow, `/balances/transfer/status/${hash}`, { isFinalized: true })).status).toBe(200);
    await slow.close();
  });

  it('a failed extrinsic answers 400 with section, name and docs', async () => {
    const r = await write(t, alice, '/collection/properties/set', {
      collectionId: 5,
      properties: [{ key: 'a', value: 'b' }],
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      error: 'This collection does not exist.',
      section: 'common',
      name: 'CollectionNotFound',
      docs: ['This collection does not exist.'],
    });
  });

  it('refuses bad submissions with a 400 and no state change', async () => {
    const before = chainSnapshot(t.chain);
    const built = await post(t, '/balances/transfer/build', {
      args: { to: bob.address, amount: '1' },
      options: { signerAddress: alice.address },
    });
    const bb = built.body as { signerPayloadJSON: unknown; signerPayloadHex: string };
    const forged = await post(t, '/extrinsics/submit', {
      signerPayloadJSON: bb.signerPayloadJSON,
      signature: `0x01${'00'.repeat(64)}`,
    });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ details: { code: 'BadSignature' } });
    const foreign = await post(t, '/extrinsics/submit', {
      signerPayloadJSON: bb.signerPayloadJSON,
      signature: await signHex(bob, bb.signerPayloadHex),
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ details: { code: 'BadSignature' } });
    expect(chainSnapshot(t.chain)).toEqual(before);
  });

  it('serves the follow-up routes (a bad body is a 400, not a 501) and 404 for unknown ones', async () => {
    expect((await get(t, '/fungible/total-supply', { collectionId: 999 })).status).toBe(404);
    expect((await post(t, '/evm/unique-refungible/send/build', {})).status).toBe(400);
    expect((await get(t, '/nope')).status).toBe(404);
  });

  it('faucet funds any address, and is refused with 403 when disabled', async () => {
    const fresh = '5DfhGyQdFobKM8NsWvEeAKk5EQQgYe9AydgJ7rMB6E1EqRzV';
    const r = await post(t, '/devnet/faucet', { address: fresh, amount: '2.5' });
    expect(r.status).toBe(200);
    expect((await get(t, '/balances/get', { address: fresh })).body).toMatchObject({ available: '2.5' });
    const off = await makeApp({ faucet: false });
    const refused = await post(off, '/devnet/faucet', { address: fresh });
    expect(refused.status).toBe(403);
    await off.close();
  });

  it('fee and encode answer without changing anything', async () => {
    const before = chainSnapshot(t.chain);
    const fee = await post(t, '/balances/transfer/fee', {
      args: { to: bob.address, amount: '1' },
      options: { signerAddress: alice.address },
    });
    expect(fee.status).toBe(200);
    const total = BigInt((fee.body as { totalFee: string }).totalFee);
    // An NFT-like transfer costs about 0.05–0.15 coins on the real chain (chain-rules §5).
    expect(total > 10n ** 16n && total < 2n * 10n ** 17n).toBe(true);
    const enc = await post(t, '/balances/transfer/encode', { args: { to: bob.address, amount: '1' } });
    expect((enc.body as { compactExtrinsic: string }).compactExtrinsic).toMatch(/^0x[0-9a-f]+$/);
    expect(chainSnapshot(t.chain)).toEqual(before);
  });
});

describe('read cache', () => {
  it('never serves a stale answer after a write', async () => {
    const app = await makeApp();
    const first = await get(app, '/balances/get', { address: bob.address });
    await write(app, alice, '/balances/transfer', { to: bob.address, amount: '7' });
    const second = await get(app, '/balances/get', { address: bob.address });
    expect(
      BigInt((second.body as { free: string }).free) - BigInt((first.body as { free: string }).free),
    ).toBe(7n);
    await post(app, '/devnet/faucet', { address: bob.address, amount: '1' });
    const third = await get(app, '/balances/get', { address: bob.address });
    expect(
      BigInt((third.body as { free: string }).free) - BigInt((second.body as { free: string }).free),
    ).toBe(10n ** 18n);
    await app.close();
  });
});
