import { bytesToHex, concatBytes, hexToBytes, MAX_SS58_ADDRESS_LENGTH, U128_MAX } from '@nftkit/primitives';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fromCompactExtrinsic,
  MAX_CALL_BYTES,
  MAX_CALL_DEPTH,
  MAX_INNER_CALLS,
} from '../src/runtime/codec.js';
import { decodeCall, encodeCall } from '../src/runtime/runtime.js';
import { alice, bob } from './helpers/accounts.js';
import { expectDispatchError, ok } from './helpers/chain.js';
import { createCollection } from './helpers/fixtures.js';
import { BASE, makeApp, post, type TestApp } from './helpers/http.js';

// Inputs a hostile client sends. Each was a freeze, a misleading failure or a stack overflow.
let t: TestApp;
beforeEach(async () => {
  t = await makeApp();
});
afterEach(async () => {
  await t.close();
});

const errorOf = (body: unknown) => (body as { error: string }).error;
const MEGABYTE_ADDRESS = 'A'.repeat(1 << 20);

describe('a long address', () => {
  // Base58 decoding grew with the square of the length: 1 MB froze the server for minutes (these tests would
  // outlive the runner's timeout). Each entry point refuses it by its length and names the field.
  it('is refused on submit, naming signerPayloadJSON.address, and the answer does not echo it', async () => {
    const r = await post(t, '/extrinsics/submit', {
      signerPayloadJSON: { address: MEGABYTE_ADDRESS, version: 4 },
      signature: '0x01',
    });
    expect(r.status).toBe(400);
    expect(errorOf(r.body)).toContain('signerPayloadJSON.address');
    expect(errorOf(r.body)).toContain(`longer than ${MAX_SS58_ADDRESS_LENGTH} characters`);
    expect(JSON.stringify(r.body).length).toBeLessThan(10_000);
  });

  it('is refused as options.signerAddress, an Address argument and a substrate-only sponsor', async () => {
    const build = await post(t, '/balances/transfer/build', {
      args: { to: bob.address, amount: '1' },
      options: { signerAddress: MEGABYTE_ADDRESS },
    });
    expect(build.status).toBe(400);
    expect(errorOf(build.body)).toContain('options.signerAddress');
    const to = await post(t, '/balances/transfer/fee', {
      args: { to: MEGABYTE_ADDRESS, amount: '1' },
      options: { signerAddress: alice.address },
    });
    expect(to.status).toBe(400);
    expect(errorOf(to.body)).toContain('args.to');
    const sponsor = await post(t, '/collection/sponsor/set/encode', {
      args: { collectionId: 1, sponsor: MEGABYTE_ADDRESS },
    });
    expect(sponsor.status).toBe(400);
    expect(errorOf(sponsor.body)).toContain('args.sponsor');
  });
});

describe('amounts above u128', () => {
  it('are refused by /fungible/mint/build, naming args.amount', async () => {
    const c = await createCollection(t.chain, { mode: { Fungible: 0 } });
    for (const amount of [(U128_MAX + 1n).toString(), `1${'0'.repeat(60)}`, '9'.repeat(100)]) {
      const r = await post(t, '/fungible/mint/build', {
        args: { collectionId: c, amount, recipient: bob.address },
        options: { signerAddress: alice.address },
      });
      expect(r.status, amount).toBe(400);
      expect(errorOf(r.body)).toContain('args.amount');
    }
    const max = await post(t, '/fungible/mint/build', {
      args: { collectionId: c, amount: U128_MAX.toString(), recipient: bob.address },
      options: { signerAddress: alice.address },
    });
    expect(max.status).toBe(200);
  });

  it('a real overflow fails as arithmetic.Overflow, the way Substrate reports it', async () => {
    const c = await createCollection(t.chain, { mode: { Fungible: 0 } });
    await ok(t.chain, alice, 'unique', 'createItem', {
      collectionId: c,
      owner: bob.address,
      data: { Fungible: { value: U128_MAX.toString() } },
    });
    const rec = await expectDispatchError(
      t.chain,
      alice,
      'unique',
      'createItem',
      { collectionId: c, owner: bob.address, data: { Fungible: { value: '1' } } },
      'arithmetic.Overflow',
    );
    const failed = rec.events.find((e) => e.method === 'ExtrinsicFailed')!;
    expect(JSON.parse(failed.data.dispatch_error!)).toEqual({ arithmetic: 'Overflow' });
  });
});

describe('nested batches', () => {
  const encode = async (path: string, args: unknown) => {
    const r = await t.app.inject({ method: 'POST', url: `${BASE}${path}/encode`, payload: { args } });
    return { status: r.statusCode, body: r.json() as { compactExtrinsic: string; error: string } };
  };

  it(`nest at most ${MAX_CALL_DEPTH} deep, refused with a message that says so`, async () => {
    let inner = (await encode('/balances/transfer', { to: bob.address, amount: '1' })).body.compactExtrinsic;
    // A transfer is depth 1; each batch around it adds one.
    for (let depth = 2; depth <= MAX_CALL_DEPTH; depth++) {
      const r = await encode('/utility/batch-all', { calls: [inner] });
      expect(r.status, `depth ${depth}`).toBe(200);
      inner = r.body.compactExtrinsic;
    }
    const tooDeep = await encode('/utility/batch-all', { calls: [inner] });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.error).toContain(`Calls nest at most ${MAX_CALL_DEPTH} deep`);
    expect(tooDeep.body.error).not.toContain('call stack');
  });

  it(`a batch holding more than ${MAX_INNER_CALLS} calls in all is refused, before it is built`, async () => {
    const transfer = (await encode('/balances/transfer', { to: bob.address, amount: '1' })).body
      .compactExtrinsic;
    const thousand = await encode('/utility/batch-all', { calls: Array(MAX_INNER_CALLS).fill(transfer) });
    expect(thousand.status).toBe(200);
    // A batch of two such batches holds 2 002 calls.
    const started = Date.now();
    const r = await encode('/utility/batch-all', { calls: [thousand.body.compactExtrinsic, transfer] });
    expect(r.status).toBe(400);
    expect(r.body.error).toContain(`calls: A call holds at most ${MAX_INNER_CALLS} calls in all`);
    // Bounded work: the inner batch is read once (it was decoded when it was encoded), nothing is built.
    expect(Date.now() - started).toBeLessThan(20_000);
    // The same bound for SCALE submitted as it is: the scan refuses it before @polkadot/types decodes anything.
    const inner = fromCompactExtrinsic(thousand.body.compactExtrinsic);
    const outer = new Uint8Array([156, 2, 8, ...inner, ...inner]);
    expect(() => decodeCall(outer)).toThrow(/holds at most 1000 calls in all/);
  });

  it(`a call above ${MAX_CALL_BYTES} bytes is refused by its size (a block would not take it)`, () => {
    const remark = (n: number) =>
      bytesToHex(encodeCall('system', 'remark', { remark: `0x${'ab'.repeat(n)}` }));
    const mb = remark(1 << 20);
    expect(() => encodeCall('utility', 'batchAll', { calls: [mb, mb, mb, mb] })).toThrow(
      `a block takes calls of at most ${MAX_CALL_BYTES} bytes`,
    );
    const oversized = hexToBytes(
      bytesToHex(concatBytes(new Uint8Array([156, 2, 16]), ...Array(4).fill(hexToBytes(mb)))),
    );
    expect(() => decodeCall(oversized)).toThrow(`at most ${MAX_CALL_BYTES} bytes`);
    // Just below the bound the same batch encodes.
    expect(encodeCall('utility', 'batchAll', { calls: [mb, mb, mb] }).length).toBeLessThan(MAX_CALL_BYTES);
  });
});
