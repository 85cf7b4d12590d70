import { describe, expect, it } from 'vitest';
import { COLLECTION_CREATION_FEE } from '../src/runtime/common/collection.js';
import { TREASURY_ADDRESS } from '../src/runtime/treasury.js';
import { alice, bob, charlie, dave, eve, ferdie } from './helpers/accounts.js';
import { expectDispatchError, makeChain, ok, run } from './helpers/chain.js';
import { createCollection, hex, mint } from './helpers/fixtures.js';
import { checkInvariants } from './helpers/invariants.js';

const name = (r: { events: { section: string; method: string }[] }) =>
  r.events.map((e) => `${e.section}.${e.method}`);

describe('collections (chain-rules §1)', () => {
  it('creates with sequential ids, charges 2 coins to the treasury, emits the documented events', async () => {
    const chain = makeChain();
    const before = chain.storage.system.account(alice.address).free;
    const rec = await ok(chain, alice, 'unique', 'createCollectionEx', {
      data: { mode: 'NFT', name: 'A', description: 'B', tokenPrefix: 'C' },
    });
    expect(name(rec)).toEqual([
      'balances.Withdraw',
      'balances.Deposit',
      'balances.Withdraw',
      'common.CollectionCreated',
      'balances.Deposit',
      'treasury.Deposit',
      'system.ExtrinsicSuccess',
    ]);
    expect(rec.events[1]!.data).toEqual({ who: TREASURY_ADDRESS, amount: String(COLLECTION_CREATION_FEE) });
    expect(rec.events[3]!.data).toEqual({ '0': '1', '1': '1', '2': alice.address });
    const after = chain.storage.system.account(alice.address).free;
    expect(before - after).toBe(COLLECTION_CREATION_FEE + BigInt(rec.fee));
    expect(await createCollection(chain)).toBe(2);
    checkInvariants(chain);
  });

  it('stores every creation field and emits no extra events for them', async () => {
    const chain = makeChain();
    const rec = await ok(chain, alice, 'unique', 'createCollectionEx', {
      data: {
        mode: 'NFT',
        name: 'Full',
        description: 'All fields',
        tokenPrefix: 'FULL',
        pendingSponsor: bob.address,
        limits: { accountTokenOwnershipLimit: 3, ownerCanTransfer: true },
        permissions: { access: 'AllowList', mintMode: true, nesting: { tokenOwner: true, restricted: [1] } },
        tokenPropertyPermissions: [
          { key: 'k', permission: { mutable: false, collectionAdmin: true, tokenOwner: false } },
        ],
        properties: [{ key: 'p', value: hex('v') }],
        adminList: [charlie.address, charlie.address],
      },
    });
    expect(name(rec).filter((n) => n.startsWith('common.'))).toEqual(['common.CollectionCreated']);
    const c = chain.storage.common.collection(1)!;
    expect(c.sponsorState).toBe('Unconfirmed');
    expect(c.sponsor).toBe(bob.address);
    expect(c.limits.accountTokenOwnershipLimit).toBe(3);
    expect(c.permissions).toEqual({
      access: 'AllowList',
      mintMode: true,
      nesting: { tokenOwner: true, collectionAdmin: false, restricted: [1] },
    });
    expect(chain.storage.common.admins(1)).toEqual([charlie.address]);
    expect(chain.storage.common.properties(1).map((p) => p.key)).toEqual(['p']);
  });

  it('refuses bad creation data with the chain errors and charges only the fee', async () => {
    const chain = makeChain();
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'createCollectionEx',
      { data: { tokenPrefix: 'X'.repeat(17) } },
      'common.CollectionTokenPrefixLimitExceeded',
    );
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'createCollectionEx',
      { data: { adminList: [bob, charlie, dave, eve, ferdie, alice].map((a) => a.address) } },
      'common.CollectionAdminCountExceeded',
    );
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'createCollectionEx',
      { data: { flags: 0x80 } },
      'common.NoPermission',
    );
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'createCollectionEx',
      { data: { properties: [{ key: 'bad key', value: '0x00' }] } },
      'common.InvalidCharacterInPropertyKey',
    );
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'createCollectionEx',
      { data: { mode: { Fungible: 31 } } },
      'unique.CollectionDecimalPointLimitExceeded',
    );
    expect(chain.storage.common.createdCount).toBe(0);
    checkInvariants(chain);
  });

  it('property bounds: 64 keys, 40960 bytes, empty key, and the space check on rewrite', async () => {
    const chain = makeChain();
    const id = await createCollection(chain);
    const many = Array.from({ length: 64 }, (_, i) => ({ key: `k${i}`, value: '0x01' }));
    await ok(chain, alice, 'unique', 'setCollectionProperties', { collectionId: id, properties: many });
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'setCollectionProperties',
      { collectionId: id, properties: [{ key: 'k64', value: '0x01' }] },
      'common.PropertyLimitReached',
    );
    const big = `0x${'aa'.repeat(32_000)}`;
    const id2 = await createCollection(chain);
    await ok(chain, alice, 'unique', 'setCollectionProperties', {
      collectionId: id2,
      properties: [{ key: 'a', value: big }],
    });
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'setCollectionProperties',
      { collectionId: id2, properties: [{ key: 'b', value: `0x${'bb'.repeat(9000)}` }] },
      'common.NoSpaceForProperty',
    );
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'setCollectionProperties',
      { collectionId: id2, properties: [{ key: '', value: '0x01' }] },
      'common.EmptyPropertyKey',
    );
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'setCollectionProperties',
      { collectionId: id2, properties: [] },
      'unique.EmptyArgument',
    );
  });

  it('collection properties: owner or admin only; events carry the key; delete of an absent key still emits', async () => {
    const chain = makeChain();
    const id = await createCollection(chain);
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'setCollectionProperties',
      { collectionId: id, properties: [{ key: 'a', value: '0x01' }] },
      'common.NoPermission',
    );
    await ok(chain, alice, 'unique', 'addCollectionAdmin', { collectionId: id, newAdminId: bob.address });
    const set = await ok(chain, bob, 'unique', 'setCollectionProperties', {
      collectionId: id,
      properties: [{ key: 'a', value: '0x01' }],
    });
    expect(set.events.find((e) => e.method === 'CollectionPropertySet')!.data).toEqual({
      '0': String(id),
      '1': 'a',
    });
    const del = await ok(chain, bob, 'unique', 'deleteCollectionProperties', {
      collectionId: id,
      propertyKeys: ['a', 'zz'],
    });
    expect(del.events.filter((e) => e.method === 'CollectionPropertyDeleted')).toHaveLength(2);
    expect(chain.storage.common.properties(id)).toEqual([]);
    expect(chain.storage.common.collection(id)!.propertiesConsumed).toBe(0);
  });

  it('admins: owner only, at most 5, re-adding is silent, removing a non-admin fails', async () => {
    const chain = makeChain();
    const id = await createCollection(chain);
    await ok(chain, alice, 'unique', 'addCollectionAdmin', { collectionId: id, newAdminId: bob.address });
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'addCollectionAdmin',
      { collectionId: id, newAdminId: charlie.address },
      'common.NoPermission',
    );
    const again = await ok(chain, alice, 'unique', 'addCollectionAdmin', {
      collectionId: id,
      newAdminId: bob.address,
    });
    expect(again.events.filter((e) => e.section === 'common')).toEqual([]);
    for (const a of [charlie, dave, eve, ferdie])
      await ok(chain, alice, 'unique', 'addCollectionAdmin', { collectionId: id, newAdminId: a.address });
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'addCollectionAdmin',
      { collectionId: id, newAdminId: '0x1234567890123456789012345678901234567890' },
      'common.CollectionAdminCountExceeded',
    );
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'removeCollectionAdmin',
      { collectionId: id, accountId: bob.address },
      'common.NoPermission',
    );
    await ok(chain, alice, 'unique', 'removeCollectionAdmin', { collectionId: id, accountId: bob.address });
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'removeCollectionAdmin',
      { collectionId: id, accountId: bob.address },
      'common.UserIsNotCollectionAdmin',
    );
  });

  it('sponsorship: set by owner/admin, confirmed only by the sponsor, removed by owner/admin', async () => {
    const chain = makeChain();
    const id = await createCollection(chain);
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'setCollectionSponsor',
      { collectionId: id, newSponsor: bob.address },
      'common.NoPermission',
    );
    await ok(chain, alice, 'unique', 'setCollectionSponsor', { collectionId: id, newSponsor: bob.address });
    await expectDispatchError(
      chain,
      charlie,
      'unique',
      'confirmSponsorship',
      { collectionId: id },
      'common.ConfirmSponsorshipFail',
    );
    const conf = await ok(chain, bob, 'unique', 'confirmSponsorship', { collectionId: id });
    expect(conf.events.find((e) => e.method === 'SponsorshipConfirmed')!.data).toEqual({
      '0': String(id),
      '1': bob.address,
    });
    expect(chain.storage.common.collection(id)!.sponsorState).toBe('Confirmed');
    await ok(chain, alice, 'unique', 'removeCollectionSponsor', { collectionId: id });
    expect(chain.storage.common.collection(id)!.sponsorState).toBe('Disabled');
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'confirmSponsorship',
      { collectionId: id },
      'common.ConfirmSponsorshipFail',
    );
  });

  it('owner change: the old owner keeps no rights', async () => {
    const chain = makeChain();
    const id = await createCollection(chain);
    await ok(chain, alice, 'unique', 'changeCollectionOwner', { collectionId: id, newOwner: bob.address });
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'setCollectionProperties',
      { collectionId: id, properties: [{ key: 'a', value: '0x01' }] },
      'common.NoPermission',
    );
    await ok(chain, bob, 'unique', 'setCollectionProperties', {
      collectionId: id,
      properties: [{ key: 'a', value: '0x01' }],
    });
  });

  it('limits: bounds, token limit only decreases, owner permissions cannot be re-enabled', async () => {
    const chain = makeChain();
    const id = await createCollection(chain);
    const setL = (newLimit: object) => ({ collectionId: id, newLimit });
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'setCollectionLimits',
      setL({ accountTokenOwnershipLimit: 100_000_001 }),
      'common.CollectionLimitBoundsExceeded',
    );
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'setCollectionLimits',
      setL({ sponsoredDataSize: 2049 }),
      'common.CollectionLimitBoundsExceeded',
    );
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'setCollectionLimits',
      setL({ sponsorTransferTimeout: 10_368_001 }),
      'common.CollectionLimitBoundsExceeded',
    );
    await ok(chain, alice, 'unique', 'setCollectionLimits', setL({ tokenLimit: 10 }));
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'setCollectionLimits',
      setL({ tokenLimit: 11 }),
      'common.CollectionTokenLimitExceeded',
    );
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'setCollectionLimits',
      setL({ tokenLimit: 0 }),
      'common.CollectionTokenLimitExceeded',
    );
    await ok(
      chain,
      alice,
      'unique',
      'setCollectionLimits',
      setL({ ownerCanDestroy: false, ownerCanTransfer: false }),
    );
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'setCollectionLimits',
      setL({ ownerCanDestroy: true }),
      'common.OwnerPermissionsCantBeReverted',
    );
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'setCollectionLimits',
      setL({ ownerCanTransfer: true }),
      'common.OwnerPermissionsCantBeReverted',
    );
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'setCollectionLimits',
      setL({ transfersEnabled: false }),
      'common.NoPermission',
    );
    expect(chain.storage.common.collection(id)!.limits.tokenLimit).toBe(10);
  });

  it('permissions: merged; a given nesting replaces the whole nesting object', async () => {
    const chain = makeChain();
    const id = await createCollection(chain, {
      permissions: { nesting: { tokenOwner: true, collectionAdmin: true } },
    });
    await ok(chain, alice, 'unique', 'setCollectionPermissions', {
      collectionId: id,
      newPermission: { mintMode: true },
    });
    expect(chain.storage.common.collection(id)!.permissions.nesting.tokenOwner).toBe(true);
    await ok(chain, alice, 'unique', 'setCollectionPermissions', {
      collectionId: id,
      newPermission: { nesting: { collectionAdmin: true } },
    });
    expect(chain.storage.common.collection(id)!.permissions).toEqual({
      access: 'Normal',
      mintMode: true,
      nesting: { tokenOwner: false, collectionAdmin: true, restricted: null },
    });
  });

  it('destroy: empty only, owner only, ownerCanDestroy, ids never reused', async () => {
    const chain = makeChain();
    const id = await createCollection(chain);
    const t = await mint(chain, id, alice.address);
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'destroyCollection',
      { collectionId: id },
      'common.CantDestroyNotEmptyCollection',
    );
    await ok(chain, alice, 'unique', 'burnItem', { collectionId: id, itemId: t, value: '1' });
    await ok(chain, alice, 'unique', 'addCollectionAdmin', { collectionId: id, newAdminId: bob.address });
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'destroyCollection',
      { collectionId: id },
      'common.NoPermission',
    );
    const rec = await ok(chain, alice, 'unique', 'destroyCollection', { collectionId: id });
    expect(name(rec)).toContain('common.CollectionDestroyed');
    expect(chain.storage.common.collection(id)).toBeUndefined();
    expect(chain.storage.common.admins(id)).toEqual([]);
    expect(await createCollection(chain)).toBe(id + 1);
    expect([chain.storage.common.createdCount, chain.storage.common.destroyedCount]).toEqual([2, 1]);
    const id3 = await createCollection(chain, { limits: { ownerCanDestroy: false } });
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'destroyCollection',
      { collectionId: id3 },
      'common.NoPermission',
    );
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'destroyCollection',
      { collectionId: 99 },
      'common.CollectionNotFound',
    );
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'destroyCollection',
      { collectionId: 0 },
      'common.UnsupportedOperation',
    );
    checkInvariants(chain);
  });

  it('a failed call is included, charged, bumps the nonce and reverts its writes', async () => {
    const chain = makeChain();
    const id = await createCollection(chain);
    const nonce = chain.storage.system.account(bob.address).nonce;
    const free = chain.storage.system.account(bob.address).free;
    const rec = await run(chain, bob, 'unique', 'setCollectionProperties', {
      collectionId: id,
      properties: [{ key: 'a', value: '0x01' }],
    });
    expect(rec.success).toBe(false);
    expect(name(rec)).toEqual([
      'balances.Withdraw',
      'balances.Deposit',
      'treasury.Deposit',
      'system.ExtrinsicFailed',
    ]);
    expect(JSON.parse(rec.events.at(-1)!.data.dispatch_error!)).toEqual({
      module: { index: 66, error: '0x02000000' },
    });
    expect(chain.storage.system.account(bob.address).nonce).toBe(nonce + 1);
    expect(chain.storage.system.account(bob.address).free).toBe(free - BigInt(rec.fee));
    checkInvariants(chain);
  });
});
