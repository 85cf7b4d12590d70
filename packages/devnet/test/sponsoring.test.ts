import { Sr25519Account } from '@nftkit/sdk';
import { describe, expect, it } from 'vitest';
import { encodeCall } from '../src/runtime/runtime.js';
import { alice, bob, charlie, pauper } from './helpers/accounts.js';
import { expectNoop, makeChain, ok, run, submit } from './helpers/chain.js';
import { createCollection, mint } from './helpers/fixtures.js';
import { checkInvariants } from './helpers/invariants.js';

const payerOf = (rec: { events: { section: string; method: string; data: Record<string, string> }[] }) =>
  rec.events[0]!.data.who;

describe('sponsored fees (chain-rules §1.4)', () => {
  it('a confirmed sponsor pays for an owner transfer, once per sponsorTransferTimeout per token', async () => {
    const chain = makeChain();
    const id = await createCollection(chain, { pendingSponsor: bob.address });
    const t = await mint(chain, id, pauper.address);
    // Not confirmed yet: the pauper cannot pay, so the transaction is refused before inclusion.
    await expectNoop(
      chain,
      () =>
        run(chain, pauper, 'unique', 'transfer', {
          collectionId: id,
          recipient: charlie.address,
          itemId: t,
          value: '1',
        }),
      { code: 'Payment' },
    );
    await ok(chain, bob, 'unique', 'confirmSponsorship', { collectionId: id });
    const sponsorBefore = chain.storage.system.account(bob.address).free;
    const rec = await ok(chain, pauper, 'unique', 'transfer', {
      collectionId: id,
      recipient: pauper.address,
      itemId: t,
      value: '1',
    });
    expect(payerOf(rec)).toBe(bob.address);
    expect(chain.storage.system.account(bob.address).free).toBe(sponsorBefore - BigInt(rec.fee));
    expect(chain.storage.system.account(pauper.address).nonce).toBe(1);
    // Within the timeout the same token is not sponsored again: the pauper would have to pay, and cannot.
    await expectNoop(
      chain,
      () =>
        run(chain, pauper, 'unique', 'transfer', {
          collectionId: id,
          recipient: pauper.address,
          itemId: t,
          value: '1',
        }),
      { code: 'Payment' },
    );
    for (let i = 0; i < 5; i++)
      await ok(chain, alice, 'balances', 'transferKeepAlive', { dest: charlie.address, value: '1' });
    const later = await ok(chain, pauper, 'unique', 'transfer', {
      collectionId: id,
      recipient: charlie.address,
      itemId: t,
      value: '1',
    });
    expect(payerOf(later)).toBe(bob.address);
    checkInvariants(chain);
  });

  it('never sponsors collection management or multi-item mints', async () => {
    const chain = makeChain();
    const id = await createCollection(chain, { pendingSponsor: bob.address });
    await ok(chain, bob, 'unique', 'confirmSponsorship', { collectionId: id });
    const rec = await ok(chain, alice, 'unique', 'setCollectionProperties', {
      collectionId: id,
      properties: [{ key: 'a', value: '0x01' }],
    });
    expect(payerOf(rec)).toBe(alice.address);
    const m = await ok(chain, alice, 'unique', 'createMultipleItemsEx', {
      collectionId: id,
      items: [{ owner: alice.address, properties: [] }],
    });
    expect(payerOf(m)).toBe(alice.address);
    const single = await ok(chain, alice, 'unique', 'createItem', {
      collectionId: id,
      owner: alice.address,
      data: { properties: [] },
    });
    expect(payerOf(single)).toBe(bob.address);
  });

  it('a sponsored call is refused when its sponsor cannot pay, however rich the signer', async () => {
    const chain = makeChain();
    const sponsor = Sr25519Account.fromUri('//NftkitPoorSponsor');
    const id = await createCollection(chain, { pendingSponsor: sponsor.address });
    const t = await mint(chain, id, alice.address);
    // Just enough for the sponsor to confirm: it holds nothing afterwards.
    const confirm = encodeCall('unique', 'confirmSponsorship', { collectionId: id });
    chain.faucet(sponsor.address, chain.fee(confirm, { signerAddress: sponsor.address }).totalFee);
    await ok(chain, sponsor, 'unique', 'confirmSponsorship', { collectionId: id });
    expect(chain.storage.system.account(sponsor.address).free).toBe(0n);
    const args = { collectionId: id, recipient: bob.address, itemId: t, value: '1' };
    await expectNoop(chain, () => submit(chain, alice, 'unique', 'transfer', args), {
      code: 'Payment',
      message: '1010: Invalid Transaction: Inability to pay some fees , e.g. account balance too low',
    });
    chain.faucet(sponsor.address, 10n ** 18n);
    const aliceBefore = chain.storage.system.account(alice.address).free;
    const rec = await ok(chain, alice, 'unique', 'transfer', args);
    expect(payerOf(rec)).toBe(sponsor.address);
    expect(chain.storage.system.account(alice.address).free).toBe(aliceBefore);
    checkInvariants(chain);
  });
});
