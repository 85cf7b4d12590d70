import { nestingAddressFromIds } from '@nftkit/primitives';
import { describe, expect, it } from 'vitest';
import { toCompactExtrinsic } from '../src/runtime/codec.js';
import { encodeCall } from '../src/runtime/runtime.js';
import { alice, bob, charlie, dave } from './helpers/accounts.js';
import { expectDispatchError, makeChain, ok } from './helpers/chain.js';
import { createCollection, hex, mint } from './helpers/fixtures.js';
import { checkInvariants } from './helpers/invariants.js';

const common = (r: { events: { section: string; method: string; data: Record<string, string> }[] }) =>
  r.events.filter((e) => e.section === 'common').map((e) => [e.method, e.data]);
const sub = (a: string) => JSON.stringify({ substrate: a });

describe('NFT mint (chain-rules §3.1)', () => {
  it('mints many with properties: ids in sequence, property events first, then ItemCreated', async () => {
    const chain = makeChain();
    const id = await createCollection(chain, {
      tokenPropertyPermissions: [
        { key: 'k', permission: { mutable: true, collectionAdmin: true, tokenOwner: false } },
      ],
    });
    const rec = await ok(chain, alice, 'unique', 'createMultipleItemsEx', {
      collectionId: id,
      items: [
        { owner: bob.address, properties: [{ key: 'k', value: hex('1') }] },
        { owner: charlie.address, properties: [{ key: 'k', value: hex('2') }] },
      ],
    });
    expect(common(rec)).toEqual([
      ['TokenPropertySet', { '0': '1', '1': '1', '2': 'k' }],
      ['TokenPropertySet', { '0': '1', '1': '2', '2': 'k' }],
      ['ItemCreated', { '0': '1', '1': '1', '2': sub(bob.address), '3': '1' }],
      ['ItemCreated', { '0': '1', '1': '2', '2': sub(charlie.address), '3': '1' }],
    ]);
    expect(chain.storage.nonfungible.token(id, 2)?.owner).toBe(charlie.address);
    checkInvariants(chain);
  });

  it('mint mode and allow-list: others need mintMode plus allow-listed sender and recipients', async () => {
    const chain = makeChain();
    const id = await createCollection(chain);
    const args = { collectionId: id, items: [{ owner: bob.address, properties: [] }] };
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'createMultipleItemsEx',
      args,
      'common.PublicMintingNotAllowed',
    );
    await ok(chain, alice, 'unique', 'setCollectionPermissions', {
      collectionId: id,
      newPermission: { mintMode: true },
    });
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'createMultipleItemsEx',
      args,
      'common.AddressNotInAllowlist',
    );
    await ok(chain, alice, 'unique', 'addToAllowList', { collectionId: id, address: bob.address });
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'createMultipleItemsEx',
      { collectionId: id, items: [{ owner: charlie.address, properties: [] }] },
      'common.AddressNotInAllowlist',
    );
    await ok(chain, bob, 'unique', 'createMultipleItemsEx', args);
    // Admins skip every allow-list check.
    await ok(chain, alice, 'unique', 'addCollectionAdmin', { collectionId: id, newAdminId: dave.address });
    await ok(chain, dave, 'unique', 'createMultipleItemsEx', {
      collectionId: id,
      items: [{ owner: charlie.address, properties: [] }],
    });
  });

  it('token limit counts minted-ever; ownership limit per account; zero address refused', async () => {
    const chain = makeChain();
    const id = await createCollection(chain, { limits: { tokenLimit: 2, accountTokenOwnershipLimit: 1 } });
    const t1 = await mint(chain, id, bob.address);
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'createMultipleItemsEx',
      { collectionId: id, items: [{ owner: bob.address, properties: [] }] },
      'common.AccountTokenLimitExceeded',
    );
    await ok(chain, bob, 'unique', 'burnItem', { collectionId: id, itemId: t1, value: '1' });
    await mint(chain, id, bob.address);
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'createMultipleItemsEx',
      { collectionId: id, items: [{ owner: charlie.address, properties: [] }] },
      'common.CollectionTokenLimitExceeded',
    );
    const id2 = await createCollection(chain);
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'createMultipleItemsEx',
      { collectionId: id2, items: [{ owner: '0x0000000000000000000000000000000000000000', properties: [] }] },
      'common.AddressIsZero',
    );
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'createMultipleItemsEx',
      { collectionId: id2, items: [] },
      'unique.EmptyArgument',
    );
    checkInvariants(chain);
  });
});

describe('transfer, approve, burn (chain-rules §3.2–3.4)', () => {
  it('transfer moves the token and the counters; only the owner may; approvals are cleared', async () => {
    const chain = makeChain();
    const id = await createCollection(chain);
    const t = await mint(chain, id, bob.address);
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'transfer',
      { collectionId: id, recipient: charlie.address, itemId: t, value: '1' },
      'common.NoPermission',
    );
    await ok(chain, bob, 'unique', 'approve', {
      collectionId: id,
      spender: dave.address,
      itemId: t,
      amount: '1',
    });
    const rec = await ok(chain, bob, 'unique', 'transfer', {
      collectionId: id,
      recipient: charlie.address,
      itemId: t,
      value: '1',
    });
    expect(common(rec)).toEqual([
      ['Approved', { '0': '1', '1': '1', '2': sub(bob.address), '3': sub(dave.address), '4': '0' }],
      ['Transfer', { '0': '1', '1': '1', '2': sub(bob.address), '3': sub(charlie.address), '4': '1' }],
    ]);
    expect(chain.storage.nonfungible.approved(id, t)).toBeUndefined();
    await expectDispatchError(
      chain,
      charlie,
      'unique',
      'transfer',
      { collectionId: id, recipient: bob.address, itemId: t, value: '2' },
      'nonfungible.NonfungibleItemsHaveNoAmount',
    );
    await expectDispatchError(
      chain,
      charlie,
      'unique',
      'transfer',
      { collectionId: id, recipient: bob.address, itemId: 99, value: '1' },
      'common.TokenNotFound',
    );
    checkInvariants(chain);
  });

  it('transferFrom needs an approval (or ownerCanTransfer for admins); transfers can be disabled', async () => {
    const chain = makeChain();
    const id = await createCollection(chain);
    const t = await mint(chain, id, bob.address);
    const tf = { collectionId: id, from: bob.address, recipient: dave.address, itemId: t, value: '1' };
    await expectDispatchError(chain, charlie, 'unique', 'transferFrom', tf, 'common.ApprovedValueTooLow');
    await expectDispatchError(chain, alice, 'unique', 'transferFrom', tf, 'common.ApprovedValueTooLow');
    await expectDispatchError(
      chain,
      charlie,
      'unique',
      'approve',
      { collectionId: id, spender: charlie.address, itemId: t, amount: '1' },
      'common.CantApproveMoreThanOwned',
    );
    const ap = await ok(chain, bob, 'unique', 'approve', {
      collectionId: id,
      spender: charlie.address,
      itemId: t,
      amount: '1',
    });
    expect(common(ap)).toEqual([
      ['Approved', { '0': '1', '1': '1', '2': sub(bob.address), '3': sub(charlie.address), '4': '1' }],
    ]);
    const again = await ok(chain, bob, 'unique', 'approve', {
      collectionId: id,
      spender: charlie.address,
      itemId: t,
      amount: '1',
    });
    expect(common(again)).toEqual([]);
    await ok(chain, alice, 'unique', 'setTransfersEnabledFlag', { collectionId: id, value: false });
    await expectDispatchError(chain, charlie, 'unique', 'transferFrom', tf, 'common.TransferNotAllowed');
    await ok(chain, alice, 'unique', 'setTransfersEnabledFlag', { collectionId: id, value: true });
    await ok(chain, charlie, 'unique', 'transferFrom', tf);
    expect(chain.storage.nonfungible.token(id, t)?.owner).toBe(dave.address);
    const id2 = await createCollection(chain, { limits: { ownerCanTransfer: true } });
    const t2 = await mint(chain, id2, bob.address);
    await ok(chain, alice, 'unique', 'transferFrom', { ...tf, collectionId: id2, itemId: t2 });
    checkInvariants(chain);
  });

  it('allow-list access: sender and recipient must be listed for transfers', async () => {
    const chain = makeChain();
    const id = await createCollection(chain, { permissions: { access: 'AllowList' } });
    const t = await mint(chain, id, bob.address);
    const tr = { collectionId: id, recipient: charlie.address, itemId: t, value: '1' };
    await expectDispatchError(chain, bob, 'unique', 'transfer', tr, 'common.AddressNotInAllowlist');
    await ok(chain, alice, 'unique', 'addToAllowList', { collectionId: id, address: bob.address });
    await expectDispatchError(chain, bob, 'unique', 'transfer', tr, 'common.AddressNotInAllowlist');
    await ok(chain, alice, 'unique', 'addToAllowList', { collectionId: id, address: charlie.address });
    await ok(chain, bob, 'unique', 'transfer', tr);
  });

  it('burn and burnFrom: owner only, approvals honoured, ids not reused', async () => {
    const chain = makeChain();
    const id = await createCollection(chain);
    const t = await mint(chain, id, bob.address);
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'burnItem',
      { collectionId: id, itemId: t, value: '1' },
      'common.NoPermission',
    );
    await expectDispatchError(
      chain,
      charlie,
      'unique',
      'burnFrom',
      { collectionId: id, from: bob.address, itemId: t, value: '1' },
      'common.ApprovedValueTooLow',
    );
    await ok(chain, bob, 'unique', 'approve', {
      collectionId: id,
      spender: charlie.address,
      itemId: t,
      amount: '1',
    });
    const rec = await ok(chain, charlie, 'unique', 'burnFrom', {
      collectionId: id,
      from: bob.address,
      itemId: t,
      value: '1',
    });
    expect(common(rec).map(([m]) => m)).toEqual(['Approved', 'ItemDestroyed']);
    expect(chain.storage.nonfungible.token(id, t)).toBeUndefined();
    expect(await mint(chain, id, bob.address)).toBe(t + 1);
    checkInvariants(chain);
  });
});

describe('token properties: the exact permission rule (chain-rules §2.4)', () => {
  type Who = 'owner' | 'admin' | 'tokenOwner' | 'stranger';
  const signers = { owner: alice, admin: bob, tokenOwner: charlie, stranger: dave };
  const flags = [false, true];
  const cases: { mutable: boolean; collectionAdmin: boolean; tokenOwner: boolean; who: Who }[] = [];
  for (const mutable of flags)
    for (const collectionAdmin of flags)
      for (const tokenOwner of flags)
        for (const who of ['owner', 'admin', 'tokenOwner', 'stranger'] as Who[])
          cases.push({ mutable, collectionAdmin, tokenOwner, who });

  it.each(cases)(
    'mutable=$mutable collectionAdmin=$collectionAdmin tokenOwner=$tokenOwner by $who',
    async (c) => {
      const chain = makeChain();
      const id = await createCollection(chain, {
        adminList: [bob.address],
        tokenPropertyPermissions: [
          {
            key: 'k',
            permission: { mutable: c.mutable, collectionAdmin: c.collectionAdmin, tokenOwner: c.tokenOwner },
          },
        ],
      });
      const t = await mint(chain, id, charlie.address);
      const allowed =
        (c.collectionAdmin && (c.who === 'owner' || c.who === 'admin')) ||
        (c.tokenOwner && c.who === 'tokenOwner');
      const args = { collectionId: id, tokenId: t, properties: [{ key: 'k', value: hex('v1') }] };
      if (!allowed) {
        await expectDispatchError(
          chain,
          signers[c.who],
          'unique',
          'setTokenProperties',
          args,
          'common.NoPermission',
        );
        return;
      }
      const rec = await ok(chain, signers[c.who], 'unique', 'setTokenProperties', args);
      expect(common(rec)).toEqual([['TokenPropertySet', { '0': String(id), '1': String(t), '2': 'k' }]]);
      const rewrite = { ...args, properties: [{ key: 'k', value: hex('v2') }] };
      const del = { collectionId: id, tokenId: t, propertyKeys: ['k'] };
      if (c.mutable) {
        await ok(chain, signers[c.who], 'unique', 'setTokenProperties', rewrite);
        await ok(chain, signers[c.who], 'unique', 'deleteTokenProperties', del);
      } else {
        // Write-once: the first write passed; any later set or delete is refused.
        await expectDispatchError(
          chain,
          signers[c.who],
          'unique',
          'setTokenProperties',
          rewrite,
          'common.NoPermission',
        );
        await expectDispatchError(
          chain,
          signers[c.who],
          'unique',
          'deleteTokenProperties',
          del,
          'common.NoPermission',
        );
      }
    },
  );

  it('no permission entry means nobody may write; a failing key reverts the others', async () => {
    const chain = makeChain();
    const id = await createCollection(chain, {
      tokenPropertyPermissions: [
        { key: 'a', permission: { mutable: true, collectionAdmin: true, tokenOwner: false } },
      ],
    });
    const t = await mint(chain, id, alice.address);
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'setTokenProperties',
      {
        collectionId: id,
        tokenId: t,
        properties: [
          { key: 'a', value: '0x01' },
          { key: 'b', value: '0x02' },
        ],
      },
      'common.NoPermission',
    );
    expect(chain.storage.nonfungible.properties.all(id, t)).toEqual([]);
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'setTokenProperties',
      { collectionId: id, tokenId: 77, properties: [{ key: 'a', value: '0x01' }] },
      'common.TokenNotFound',
    );
  });

  for (const mode of ['NFT', 'ReFungible'] as const)
    it(`the space a ${mode} token's properties use is kept from one call to the next`, async () => {
      const chain = makeChain();
      const id = await createCollection(chain, {
        mode,
        tokenPropertyPermissions: ['a', 'b', 'c'].map((key) => ({
          key,
          permission: { mutable: true, collectionAdmin: true, tokenOwner: false },
        })),
      });
      const t =
        mode === 'NFT'
          ? await mint(chain, id, alice.address)
          : Number(
              (
                await ok(chain, alice, 'unique', 'createMultipleItemsEx', {
                  collectionId: id,
                  refungibleOwners: { users: [{ owner: alice.address, pieces: '1' }], properties: [] },
                })
              ).events.find((e) => e.method === 'ItemCreated')!.data['1'],
            );
      const pallet = mode === 'NFT' ? chain.storage.nonfungible : chain.storage.refungible;
      const big = hex('a'.repeat(20_000));
      const set = (key: string) => ({ collectionId: id, tokenId: t, properties: [{ key, value: big }] });
      await ok(chain, alice, 'unique', 'setTokenProperties', set('a'));
      // The key's and the value's SCALE sizes: 1 + 1 and 4 + 20 000.
      expect(pallet.token(id, t)?.propertiesConsumed).toBe(20_006);
      await expectDispatchError(
        chain,
        alice,
        'unique',
        'setTokenProperties',
        set('b'),
        'common.NoSpaceForProperty',
      );
      await ok(chain, alice, 'unique', 'deleteTokenProperties', {
        collectionId: id,
        tokenId: t,
        propertyKeys: ['a'],
      });
      expect(pallet.token(id, t)?.propertiesConsumed).toBe(0);
      await ok(chain, alice, 'unique', 'setTokenProperties', set('c'));
      checkInvariants(chain);
    });

  it('at mint, the owner path means the signer is the new owner', async () => {
    const chain = makeChain();
    const id = await createCollection(chain, {
      permissions: { mintMode: true },
      tokenPropertyPermissions: [
        { key: 'o', permission: { mutable: true, collectionAdmin: false, tokenOwner: true } },
      ],
    });
    await ok(chain, alice, 'unique', 'addToAllowList', { collectionId: id, address: bob.address });
    await ok(chain, alice, 'unique', 'addToAllowList', { collectionId: id, address: charlie.address });
    await ok(chain, bob, 'unique', 'createMultipleItemsEx', {
      collectionId: id,
      items: [{ owner: bob.address, properties: [{ key: 'o', value: '0x01' }] }],
    });
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'createMultipleItemsEx',
      { collectionId: id, items: [{ owner: charlie.address, properties: [{ key: 'o', value: '0x01' }] }] },
      'common.NoPermission',
    );
  });
});

describe('nesting (chain-rules §3.5)', () => {
  it('is refused by default, allowed for the token owner when enabled, and unnested by the topmost owner', async () => {
    const chain = makeChain();
    const id = await createCollection(chain);
    const parent = await mint(chain, id, bob.address);
    const child = await mint(chain, id, bob.address);
    const to = nestingAddressFromIds(id, parent);
    const nest = { collectionId: id, recipient: to, itemId: child, value: '1' };
    await expectDispatchError(chain, bob, 'unique', 'transfer', nest, 'common.UserIsNotAllowedToNest');
    await ok(chain, alice, 'unique', 'setCollectionPermissions', {
      collectionId: id,
      newPermission: { nesting: { tokenOwner: true } },
    });
    await ok(chain, bob, 'unique', 'transfer', nest);
    expect(chain.storage.nonfungible.token(id, child)?.owner).toBe(to);
    expect(chain.storage.nonfungible.hasChildren(to)).toBe(true);
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'burnItem',
      { collectionId: id, itemId: parent, value: '1' },
      'nonfungible.CantBurnNftWithChildren',
    );
    // Moving the parent moves the subtree: charlie becomes the topmost owner of the child.
    await ok(chain, bob, 'unique', 'transfer', {
      collectionId: id,
      recipient: charlie.address,
      itemId: parent,
      value: '1',
    });
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'transferFrom',
      { collectionId: id, from: to, recipient: bob.address, itemId: child, value: '1' },
      'common.ApprovedValueTooLow',
    );
    await ok(chain, charlie, 'unique', 'transferFrom', {
      collectionId: id,
      from: to,
      recipient: charlie.address,
      itemId: child,
      value: '1',
    });
    expect(chain.storage.nonfungible.token(id, child)?.owner).toBe(charlie.address);
    checkInvariants(chain);
  });

  it('collectionAdmin nesting, restricted collections, loops, depth and collection addresses', async () => {
    const chain = makeChain();
    const id = await createCollection(chain, {
      permissions: { nesting: { tokenOwner: true, collectionAdmin: true } },
    });
    const other = await createCollection(chain);
    const a = await mint(chain, id, bob.address);
    const b = await mint(chain, id, bob.address);
    // The collection owner may nest its own token under bob's token through collectionAdmin.
    const mine = await mint(chain, other, alice.address);
    await ok(chain, alice, 'unique', 'transfer', {
      collectionId: other,
      recipient: nestingAddressFromIds(id, a),
      itemId: mine,
      value: '1',
    });
    await ok(chain, bob, 'unique', 'transfer', {
      collectionId: id,
      recipient: nestingAddressFromIds(id, a),
      itemId: b,
      value: '1',
    });
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'transfer',
      { collectionId: id, recipient: nestingAddressFromIds(id, b), itemId: a, value: '1' },
      'structure.OuroborosDetected',
    );
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'transfer',
      { collectionId: id, recipient: '0x17c4e6453cc49aaaaeaca894e6d9683e00000001', itemId: a, value: '1' },
      'structure.CantNestTokenUnderCollection',
    );
    // Depth: a chain of 5 levels below a user-owned token is the most.
    let top = a;
    const chainIds = [b];
    for (let i = 0; i < 4; i++) {
      const n = await mint(chain, id, bob.address);
      await ok(chain, bob, 'unique', 'transfer', {
        collectionId: id,
        recipient: nestingAddressFromIds(id, chainIds.at(-1)!),
        itemId: n,
        value: '1',
      });
      chainIds.push(n);
    }
    top = chainIds.at(-1)!;
    const extra = await mint(chain, id, bob.address);
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'transfer',
      { collectionId: id, recipient: nestingAddressFromIds(id, top), itemId: extra, value: '1' },
      'structure.DepthLimit',
    );
    const restricted = await createCollection(chain, {
      permissions: { nesting: { tokenOwner: true, restricted: [id] } },
    });
    const p = await mint(chain, restricted, bob.address);
    const fromOther = await mint(chain, other, bob.address);
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'transfer',
      { collectionId: other, recipient: nestingAddressFromIds(restricted, p), itemId: fromOther, value: '1' },
      'common.SourceCollectionIsNotAllowedToNest',
    );
    checkInvariants(chain);
  });
});

describe('utility.batchAll', () => {
  it('applies every call or none', async () => {
    const chain = makeChain();
    const id = await createCollection(chain);
    const mintCall = encodeCall('unique', 'createMultipleItemsEx', {
      collectionId: id,
      items: [{ owner: bob.address, properties: [] }],
    });
    const badCall = encodeCall('unique', 'setCollectionProperties', {
      collectionId: 999,
      properties: [{ key: 'a', value: '0x01' }],
    });
    const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`;
    await expectDispatchError(
      chain,
      alice,
      'utility',
      'batchAll',
      { calls: [hex(mintCall), hex(badCall)] },
      'common.CollectionNotFound',
    );
    expect(chain.storage.common.collection(id)!.tokensMinted).toBe(0);
    const rec = await ok(chain, alice, 'utility', 'batchAll', { calls: [hex(mintCall), hex(mintCall)] });
    expect(rec.events.filter((e) => e.method === 'ItemCompleted')).toHaveLength(2);
    expect(chain.storage.common.collection(id)!.tokensMinted).toBe(2);
    expect(toCompactExtrinsic(mintCall).startsWith('0x')).toBe(true);
    checkInvariants(chain);
  });
});
