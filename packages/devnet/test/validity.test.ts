import { bytesToHex, hexToBytes, type SignerPayloadJSON, signerPayloadToSignBytes } from '@nftkit/primitives';
import { describe, expect, it } from 'vitest';
import { TxRefusedError } from '../src/chain/errors.js';
import { encodeCall } from '../src/runtime/runtime.js';
import { alice, bob, pauper, signHex } from './helpers/accounts.js';
import { expectNoop, makeChain, submit } from './helpers/chain.js';
import { checkInvariants } from './helpers/invariants.js';

const transfer = () => encodeCall('balances', 'transferKeepAlive', { dest: bob.address, value: '1' });

async function refusedWith(p: () => unknown, code: string): Promise<void> {
  let err: unknown;
  try {
    await p();
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(TxRefusedError);
  expect((err as TxRefusedError).code).toBe(code);
}

describe('transaction validity: refused before inclusion, nothing changes', () => {
  it('accepts a well-signed transaction', async () => {
    const chain = makeChain();
    const hash = await submit(chain, alice, 'balances', 'transferKeepAlive', {
      dest: bob.address,
      value: '5',
    });
    expect(chain.history.get(hash)?.success).toBe(true);
    checkInvariants(chain);
  });

  it('refuses a forged signature', async () => {
    const chain = makeChain();
    const b = chain.build(transfer(), { signerAddress: alice.address });
    const forged = `0x01${'ab'.repeat(64)}`;
    await expectNoop(chain, () =>
      refusedWith(() => chain.submit(b.signerPayloadJSON, forged), 'BadSignature'),
    );
  });

  it("refuses another key's signature", async () => {
    const chain = makeChain();
    const b = chain.build(transfer(), { signerAddress: alice.address });
    const sig = await signHex(bob, b.signerPayloadHex);
    await expectNoop(chain, () => refusedWith(() => chain.submit(b.signerPayloadJSON, sig), 'BadSignature'));
  });

  it('refuses a payload changed after signing (other call, other nonce)', async () => {
    const chain = makeChain();
    const b = chain.build(transfer(), { signerAddress: alice.address });
    const sig = await signHex(alice, b.signerPayloadHex);
    const other = encodeCall('balances', 'transferKeepAlive', { dest: bob.address, value: '1000000' });
    const tampered: SignerPayloadJSON = { ...b.signerPayloadJSON, method: bytesToHex(other) };
    await expectNoop(chain, () => refusedWith(() => chain.submit(tampered, sig), 'BadSignature'));
    const renonced: SignerPayloadJSON = { ...b.signerPayloadJSON, nonce: '0x00000001' };
    await expectNoop(chain, () => refusedWith(() => chain.submit(renonced, sig), 'BadSignature'));
  });

  it('refuses signature variants other than sr25519 and malformed signatures', async () => {
    const chain = makeChain();
    const b = chain.build(transfer(), { signerAddress: alice.address });
    const sig = await signHex(alice, b.signerPayloadHex);
    await expectNoop(chain, () =>
      refusedWith(() => chain.submit(b.signerPayloadJSON, `0x00${sig.slice(4)}`), 'UnsupportedSignature'),
    );
    await expectNoop(chain, () =>
      refusedWith(() => chain.submit(b.signerPayloadJSON, sig.slice(0, 100)), 'BadFormat'),
    );
    await expectNoop(chain, () => refusedWith(() => chain.submit(b.signerPayloadJSON, 'zz'), 'BadFormat'));
  });

  it('refuses a replayed transaction', async () => {
    const chain = makeChain();
    const b = chain.build(transfer(), { signerAddress: alice.address });
    const sig = await signHex(alice, b.signerPayloadHex);
    chain.submit(b.signerPayloadJSON, sig);
    await expectNoop(chain, () =>
      refusedWith(() => chain.submit(b.signerPayloadJSON, sig), 'AlreadyImported'),
    );
    chain.produceBlock();
    await expectNoop(chain, () =>
      refusedWith(() => chain.submit(b.signerPayloadJSON, sig), 'AlreadyImported'),
    );
  });

  it('refuses a stale nonce', async () => {
    const chain = makeChain();
    await submit(chain, alice, 'balances', 'transferKeepAlive', { dest: bob.address, value: '1' });
    await expectNoop(chain, () =>
      refusedWith(
        () =>
          submit(
            chain,
            alice,
            'balances',
            'transferKeepAlive',
            { dest: bob.address, value: '2' },
            { nonce: 0 },
          ),
        'Stale',
      ),
    );
  });

  it('keeps a future nonce in the pool until its turn, then includes both in order', async () => {
    const chain = makeChain({ instant: false });
    const later = await submit(
      chain,
      alice,
      'balances',
      'transferKeepAlive',
      { dest: bob.address, value: '2' },
      { nonce: 1 },
    );
    chain.produceBlock();
    expect(chain.history.get(later)).toBeUndefined();
    expect(chain.pool.has(later)).toBe(true);
    expect(chain.nextIndex(alice.address)).toBe(0);
    const first = await submit(
      chain,
      alice,
      'balances',
      'transferKeepAlive',
      { dest: bob.address, value: '1' },
      { nonce: 0 },
    );
    expect(chain.nextIndex(alice.address)).toBe(2);
    chain.produceBlock();
    const a = chain.history.get(first)!;
    const b = chain.history.get(later)!;
    expect(a.blockNumber).toBe(b.blockNumber);
    expect(a.index).toBeLessThan(b.index);
    expect(chain.storage.system.account(alice.address).nonce).toBe(2);
    checkInvariants(chain);
  });

  it('refuses a second pool transaction with the same nonce', async () => {
    const chain = makeChain({ instant: false });
    await submit(
      chain,
      alice,
      'balances',
      'transferKeepAlive',
      { dest: bob.address, value: '1' },
      { nonce: 0 },
    );
    await refusedWith(
      () =>
        submit(
          chain,
          alice,
          'balances',
          'transferKeepAlive',
          { dest: bob.address, value: '9' },
          { nonce: 0 },
        ),
      'PriorityTooLow',
    );
  });

  it('refuses an expired era and a wrong checkpoint block', async () => {
    const chain = makeChain({ instant: false });
    const b = chain.build(transfer(), { signerAddress: alice.address, mortalLength: 4 });
    const sig = await signHex(alice, b.signerPayloadHex);
    for (let i = 0; i < 8; i++) chain.produceBlock();
    await expectNoop(chain, () => refusedWith(() => chain.submit(b.signerPayloadJSON, sig), 'Outdated'));

    const c = chain.build(transfer(), { signerAddress: alice.address });
    const wrongBlock: SignerPayloadJSON = { ...c.signerPayloadJSON, blockHash: `0x${'11'.repeat(32)}` };
    const sig2 = await signHex(alice, bytesToHex(signerPayloadToSignBytes(wrongBlock)));
    await expectNoop(chain, () => refusedWith(() => chain.submit(wrongBlock, sig2), 'AncientBirthBlock'));
  });

  it('accepts an immortal transaction naming the genesis', async () => {
    const chain = makeChain();
    const b = chain.build(transfer(), { signerAddress: alice.address, mortalLength: -1 });
    expect(b.signerPayloadJSON.era).toBe('0x00');
    const hash = chain.submit(b.signerPayloadJSON, await signHex(alice, b.signerPayloadHex));
    expect(chain.history.get(hash)?.success).toBe(true);
  });

  it('refuses a wrong genesis hash even when validly signed', async () => {
    const chain = makeChain();
    const b = chain.build(transfer(), { signerAddress: alice.address });
    const other: SignerPayloadJSON = { ...b.signerPayloadJSON, genesisHash: `0x${'22'.repeat(32)}` };
    const sig = await signHex(alice, bytesToHex(signerPayloadToSignBytes(other)));
    await expectNoop(chain, () => refusedWith(() => chain.submit(other, sig), 'WrongGenesis'));
  });

  it('refuses a transaction whose signer cannot pay the fee', async () => {
    const chain = makeChain();
    await expectNoop(chain, () =>
      refusedWith(
        () => submit(chain, pauper, 'balances', 'transferKeepAlive', { dest: bob.address, value: '0' }),
        'Payment',
      ),
    );
  });

  it('refuses a call that does not decode', async () => {
    const chain = makeChain();
    const b = chain.build(transfer(), { signerAddress: alice.address });
    const bad = hexToBytes(b.signerPayloadJSON.method);
    bad[0] = 250;
    const json: SignerPayloadJSON = { ...b.signerPayloadJSON, method: bytesToHex(bad) };
    const sig = await signHex(alice, bytesToHex(signerPayloadToSignBytes(json)));
    await expectNoop(chain, () => refusedWith(() => chain.submit(json, sig), 'CannotDecodeCall'));
  });

  it('hashes payloads over 256 bytes with blake2-256 before signing', async () => {
    const chain = makeChain();
    const call = encodeCall('system', 'remark', { remark: `0x${'ab'.repeat(400)}` });
    const b = chain.build(call, { signerAddress: alice.address });
    expect(hexToBytes(b.signerPayloadHex)).toHaveLength(32);
    const hash = chain.submit(b.signerPayloadJSON, await signHex(alice, b.signerPayloadHex));
    expect(chain.history.get(hash)?.success).toBe(true);
  });
});

describe('pool capacity', () => {
  it('refuses with PoolFull (503 over HTTP) when the pool is full, and keeps nothing', async () => {
    const { Chain } = await import('../src/chain/chain.js');
    const { openDb } = await import('../src/database.js');
    const { indexChain } = await import('../src/indexer/writer.js');
    const chain = new Chain({
      index: indexChain,
      db: openDb({ path: ':memory:' }),
      instant: false,
      pool: { capacity: 1 },
    });
    await submit(chain, alice, 'balances', 'transferKeepAlive', { dest: bob.address, value: '1' });
    let err: unknown;
    try {
      await submit(chain, bob, 'balances', 'transferKeepAlive', { dest: alice.address, value: '1' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(TxRefusedError);
    expect((err as TxRefusedError).status).toBe(503);
    expect(chain.pool.size).toBe(1);
  });
});
