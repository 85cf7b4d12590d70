import { bytesToHex, hexToBytes, type SignerPayloadJSON, signerPayloadToSignBytes } from '@nftkit/primitives';
import { describe, expect, it } from 'vitest';
import type { Chain } from '../src/chain/chain.js';
import { CHAIN } from '../src/runtime/identity.js';
import { encodeCall } from '../src/runtime/runtime.js';
import { alice, bob, pauper, signHex, type TestAccount } from './helpers/accounts.js';
import { expectNoop, makeChain, submit } from './helpers/chain.js';
import { checkInvariants } from './helpers/invariants.js';

const transfer = (value = '1') => encodeCall('balances', 'transferKeepAlive', { dest: bob.address, value });
const BAD_SIGNATURE = '1010: Invalid Transaction: Transaction has a bad signature';

/** `json` (changed after building) signed by `who`: a valid signature over whatever it says. */
const signed = async (json: SignerPayloadJSON, who: TestAccount = alice) =>
  signHex(who, bytesToHex(signerPayloadToSignBytes(json)));

/** The blocks an instant chain makes by itself: a pooling chain makes them when told. */
const include = (chain: Chain) => {
  if (!chain.instant) chain.produceBlock();
};

// Every refusal runs on an instant chain (a wrongly accepted transaction would be in a block at once) and on a pooling
// one (it would only wait in the pool): expectNoop fails on either.
describe.each([
  { mode: 'instant', instant: true },
  { mode: 'pooling', instant: false },
])('transaction validity ($mode): refused before inclusion, nothing changes', ({ instant }) => {
  it('accepts a well-signed transaction', async () => {
    const chain = makeChain({ instant });
    const hash = await submit(chain, alice, 'balances', 'transferKeepAlive', {
      dest: bob.address,
      value: '5',
    });
    include(chain);
    expect(chain.history.get(hash)?.success).toBe(true);
    checkInvariants(chain);
  });

  it('refuses a forged signature', async () => {
    const chain = makeChain({ instant });
    const b = chain.build(transfer(), { signerAddress: alice.address });
    const forged = `0x01${'ab'.repeat(64)}`;
    await expectNoop(chain, () => chain.submit(b.signerPayloadJSON, forged), {
      code: 'BadSignature',
      message: BAD_SIGNATURE,
    });
  });

  it("refuses another key's signature", async () => {
    const chain = makeChain({ instant });
    const b = chain.build(transfer(), { signerAddress: alice.address });
    const sig = await signHex(bob, b.signerPayloadHex);
    await expectNoop(chain, () => chain.submit(b.signerPayloadJSON, sig), {
      code: 'BadSignature',
      message: BAD_SIGNATURE,
    });
  });

  it('refuses a payload changed after signing (other call, other nonce, other signer)', async () => {
    const chain = makeChain({ instant });
    const b = chain.build(transfer(), { signerAddress: alice.address });
    const sig = await signHex(alice, b.signerPayloadHex);
    const tampered: SignerPayloadJSON = { ...b.signerPayloadJSON, method: bytesToHex(transfer('1000000')) };
    await expectNoop(chain, () => chain.submit(tampered, sig), {
      code: 'BadSignature',
      message: BAD_SIGNATURE,
    });
    const renonced: SignerPayloadJSON = { ...b.signerPayloadJSON, nonce: '0x00000001' };
    await expectNoop(chain, () => chain.submit(renonced, sig), {
      code: 'BadSignature',
      message: BAD_SIGNATURE,
    });
    const otherSigner: SignerPayloadJSON = { ...b.signerPayloadJSON, address: bob.address };
    await expectNoop(chain, () => chain.submit(otherSigner, sig), {
      code: 'BadSignature',
      message: BAD_SIGNATURE,
    });
  });

  it('checks the signature first: a forged transaction learns nothing of the other checks', async () => {
    const chain = makeChain({ instant });
    const b = chain.build(transfer(), { signerAddress: alice.address });
    const json: SignerPayloadJSON = {
      ...b.signerPayloadJSON,
      genesisHash: `0x${'22'.repeat(32)}`,
      nonce: '0x00000000',
      specVersion: '0x00000063',
    };
    await expectNoop(chain, () => chain.submit(json, `0x01${'ab'.repeat(64)}`), {
      code: 'BadSignature',
      message: BAD_SIGNATURE,
    });
  });

  it('refuses signature variants other than sr25519 and malformed signatures', async () => {
    const chain = makeChain({ instant });
    const b = chain.build(transfer(), { signerAddress: alice.address });
    const sig = await signHex(alice, b.signerPayloadHex);
    await expectNoop(chain, () => chain.submit(b.signerPayloadJSON, `0x00${sig.slice(4)}`), {
      code: 'UnsupportedSignature',
      message: 'Only sr25519 signatures (MultiSignature variant 0x01) are supported, got variant 0x00',
    });
    await expectNoop(chain, () => chain.submit(b.signerPayloadJSON, sig.slice(0, 100)), {
      code: 'BadFormat',
      message: 'signature must be 65 bytes (0x01 ‖ 64-byte sr25519 signature), got 49',
    });
    await expectNoop(chain, () => chain.submit(b.signerPayloadJSON, 'zz'), {
      code: 'BadFormat',
      message: 'signature must be 0x-prefixed hex',
    });
  });

  it('refuses a malformed payload: version, address, numbers, a nonce above u32', async () => {
    const chain = makeChain({ instant });
    const b = chain.build(transfer(), { signerAddress: alice.address });
    const refusedAs = async (json: SignerPayloadJSON, message: string) => {
      // Signed as a wallet would sign it where it can be; the format is checked before the signature.
      const sig = await signed(json).catch(() => `0x01${'ab'.repeat(64)}`);
      await expectNoop(chain, () => chain.submit(json, sig), { code: 'BadFormat', message });
    };
    await refusedAs({ ...b.signerPayloadJSON, version: 3 }, 'Unsupported extrinsic version 3; expected 4');
    await refusedAs(
      { ...b.signerPayloadJSON, address: '0x0000000000000000000000000000000000000001' },
      'signerPayloadJSON.address must be an SS58 address',
    );
    await refusedAs({ ...b.signerPayloadJSON, tip: '12' }, 'signerPayloadJSON.tip must be a 0x hex number');
    await refusedAs({ ...b.signerPayloadJSON, nonce: '0x100000000' }, 'signerPayloadJSON.nonce is above u32');
  });

  it('refuses a replayed transaction, in the pool and once included', async () => {
    const chain = makeChain({ instant });
    const b = chain.build(transfer(), { signerAddress: alice.address });
    const sig = await signHex(alice, b.signerPayloadHex);
    const hash = chain.submit(b.signerPayloadJSON, sig);
    const already = { code: 'AlreadyImported', message: 'Transaction Already Imported' } as const;
    await expectNoop(chain, () => chain.submit(b.signerPayloadJSON, sig), already);
    chain.produceBlock();
    expect(chain.history.get(hash)?.success).toBe(true);
    await expectNoop(chain, () => chain.submit(b.signerPayloadJSON, sig), already);
  });

  it('refuses a stale nonce', async () => {
    const chain = makeChain({ instant });
    await submit(chain, alice, 'balances', 'transferKeepAlive', { dest: bob.address, value: '1' });
    include(chain);
    await expectNoop(
      chain,
      () =>
        submit(
          chain,
          alice,
          'balances',
          'transferKeepAlive',
          { dest: bob.address, value: '2' },
          { nonce: 0 },
        ),
      { code: 'Stale', message: '1010: Invalid Transaction: Transaction is outdated (stale nonce 0 < 1)' },
    );
  });

  it('refuses a nonce too far in the future', async () => {
    const chain = makeChain({ instant });
    await expectNoop(
      chain,
      () =>
        submit(
          chain,
          alice,
          'balances',
          'transferKeepAlive',
          { dest: bob.address, value: '2' },
          { nonce: 257 },
        ),
      {
        code: 'Future',
        message: '1010: Invalid Transaction: nonce 257 is too far in the future (next is 0)',
      },
    );
  });

  it('refuses another spec or transaction version', async () => {
    const chain = makeChain({ instant });
    const b = chain.build(transfer(), { signerAddress: alice.address });
    const spec: SignerPayloadJSON = { ...b.signerPayloadJSON, specVersion: '0x00000063' };
    await expectNoop(chain, async () => chain.submit(spec, await signed(spec)), {
      code: 'BadVersion',
      message: `1010: Invalid Transaction: specVersion must be ${CHAIN.specVersion}`,
    });
    const tx: SignerPayloadJSON = { ...b.signerPayloadJSON, transactionVersion: '0x00000063' };
    await expectNoop(chain, async () => chain.submit(tx, await signed(tx)), {
      code: 'BadVersion',
      message: `1010: Invalid Transaction: transactionVersion must be ${CHAIN.transactionVersion}`,
    });
  });

  it('refuses an expired era and a wrong checkpoint block', async () => {
    const chain = makeChain({ instant });
    const b = chain.build(transfer(), { signerAddress: alice.address, mortalLength: 4 });
    const sig = await signHex(alice, b.signerPayloadHex);
    for (let i = 0; i < 8; i++) chain.produceBlock();
    await expectNoop(chain, () => chain.submit(b.signerPayloadJSON, sig), {
      code: 'Outdated',
      message: '1010: Invalid Transaction: Transaction is outdated',
    });

    const c = chain.build(transfer(), { signerAddress: alice.address });
    const wrongBlock: SignerPayloadJSON = { ...c.signerPayloadJSON, blockHash: `0x${'11'.repeat(32)}` };
    await expectNoop(chain, async () => chain.submit(wrongBlock, await signed(wrongBlock)), {
      code: 'AncientBirthBlock',
      message:
        '1010: Invalid Transaction: Transaction has an ancient birth block (blockHash is not the era birth block)',
    });
  });

  it('refuses an immortal transaction that does not name the genesis', async () => {
    const chain = makeChain({ instant });
    chain.produceBlock();
    const b = chain.build(transfer(), { signerAddress: alice.address, mortalLength: -1 });
    const json: SignerPayloadJSON = { ...b.signerPayloadJSON, blockHash: chain.headHash };
    await expectNoop(chain, async () => chain.submit(json, await signed(json)), {
      code: 'AncientBirthBlock',
      message: '1010: Invalid Transaction: an immortal transaction must name the genesis hash',
    });
  });

  it('accepts an immortal transaction naming the genesis', async () => {
    const chain = makeChain({ instant });
    const b = chain.build(transfer(), { signerAddress: alice.address, mortalLength: -1 });
    expect(b.signerPayloadJSON.era).toBe('0x00');
    const hash = chain.submit(b.signerPayloadJSON, await signHex(alice, b.signerPayloadHex));
    include(chain);
    expect(chain.history.get(hash)?.success).toBe(true);
  });

  it('refuses a wrong genesis hash even when validly signed', async () => {
    const chain = makeChain({ instant });
    const b = chain.build(transfer(), { signerAddress: alice.address });
    const other: SignerPayloadJSON = { ...b.signerPayloadJSON, genesisHash: `0x${'22'.repeat(32)}` };
    await expectNoop(chain, async () => chain.submit(other, await signed(other)), {
      code: 'WrongGenesis',
      message: `1010: Invalid Transaction: genesisHash is not this chain's (${chain.genesisHash})`,
    });
  });

  it('refuses a transaction whose signer cannot pay the fee', async () => {
    const chain = makeChain({ instant });
    await expectNoop(
      chain,
      () => submit(chain, pauper, 'balances', 'transferKeepAlive', { dest: bob.address, value: '0' }),
      {
        code: 'Payment',
        message: '1010: Invalid Transaction: Inability to pay some fees , e.g. account balance too low',
      },
    );
  });

  it('refuses a transaction whose signer can pay less than the fee by one', async () => {
    const chain = makeChain({ instant });
    const call = transfer('0');
    const fee = chain.fee(call, { signerAddress: pauper.address }).totalFee;
    chain.faucet(pauper.address, fee - 1n);
    await expectNoop(
      chain,
      () => submit(chain, pauper, 'balances', 'transferKeepAlive', { dest: bob.address, value: '0' }),
      {
        code: 'Payment',
      },
    );
    chain.faucet(pauper.address, 1n);
    await submit(chain, pauper, 'balances', 'transferKeepAlive', { dest: bob.address, value: '0' });
    include(chain);
    expect(chain.storage.system.account(pauper.address)).toMatchObject({ free: 0n, nonce: 1 });
    checkInvariants(chain);
  });

  it('refuses a call that does not decode', async () => {
    const chain = makeChain({ instant });
    const b = chain.build(transfer(), { signerAddress: alice.address });
    const bad = hexToBytes(b.signerPayloadJSON.method);
    bad[0] = 250;
    const json: SignerPayloadJSON = { ...b.signerPayloadJSON, method: bytesToHex(bad) };
    await expectNoop(chain, async () => chain.submit(json, await signed(json)), {
      code: 'CannotDecodeCall',
      message: /^1002: Verification Error: /,
    });
  });

  it('hashes payloads over 256 bytes with blake2-256 before signing', async () => {
    const chain = makeChain({ instant });
    const call = encodeCall('system', 'remark', { remark: `0x${'ab'.repeat(400)}` });
    const b = chain.build(call, { signerAddress: alice.address });
    expect(hexToBytes(b.signerPayloadHex)).toHaveLength(32);
    const hash = chain.submit(b.signerPayloadJSON, await signHex(alice, b.signerPayloadHex));
    include(chain);
    expect(chain.history.get(hash)?.success).toBe(true);
  });
});

describe('transaction validity in the pool', () => {
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
    const first = await submit(
      chain,
      alice,
      'balances',
      'transferKeepAlive',
      { dest: bob.address, value: '1' },
      { nonce: 0 },
    );
    await expectNoop(
      chain,
      () =>
        submit(
          chain,
          alice,
          'balances',
          'transferKeepAlive',
          { dest: bob.address, value: '9' },
          { nonce: 0 },
        ),
      { code: 'PriorityTooLow', message: '1014: Priority is too low' },
    );
    expect(chain.pool.has(first)).toBe(true);
  });

  it('refuses with PoolFull (503 over HTTP) when the pool is full, and keeps nothing', async () => {
    const chain = makeChain({ instant: false, pool: { capacity: 1 } });
    await submit(chain, alice, 'balances', 'transferKeepAlive', { dest: bob.address, value: '1' });
    await expectNoop(
      chain,
      () => submit(chain, bob, 'balances', 'transferKeepAlive', { dest: alice.address, value: '1' }),
      { code: 'PoolFull', status: 503, message: '1016: Immediately Dropped: the transaction pool is full' },
    );
    expect(chain.pool.size).toBe(1);
  });
});
