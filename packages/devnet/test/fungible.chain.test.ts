import { nestingAddressFromIds } from '@nftkit/primitives';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Chain } from '../src/chain/chain.js';
import { alice, bob, charlie, dave, pauper } from './helpers/accounts.js';
import { expectDispatchError, makeChain, ok, run } from './helpers/chain.js';
import { createCollection, hex, mint } from './helpers/fixtures.js';
import { checkInvariants } from './helpers/invariants.js';

// The fungible and refungible rules of chain-rules §4 at the runtime level: each refusal is a dispatch error that
// leaves the state as it was (only the fee and the nonce move).
let chain: Chain;
beforeEach(() => {
  chain = makeChain();
});

const ZERO = '0x0000000000000000000000000000000000000000';
const fungible = (decimals = 18, data: Record<string, unknown> = {}) =>
  createCollection(chain, { mode: { Fungible: decimals }, ...data });
const refungible = (data: Record<string, unknown> = {}) =>
  createCollection(chain, { mode: 'ReFungible', ...data });
const ftMint = (collectionId: number, owner: string, value: string, signer = alice) =>
  ok(chain, signer, 'unique', 'createItem', { collectionId, owner, data: { Fungible: { value } } });
const rftMint = (
  collectionId: number,
  users: { owner: string; pieces: string }[],
  properties: unknown[] = [],
) =>
  ok(chain, alice, 'unique', 'createMultipleItemsEx', {
    collectionId,
    refungibleOwners: { users, properties },
  });
const ft = () => chain.storage.fungible;
const rft = () => chain.storage.refungible;

describe('fungible pallet', () => {
  it('decimals above 30 are refused at creation', async () => {
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'createCollectionEx',
      { data: { mode: { Fungible: 31 }, name: 'x', description: 'x', tokenPrefix: 'x' } },
      'unique.CollectionDecimalPointLimitExceeded',
    );
  });

  it('mints through createMultipleItemsEx to several owners, each with its event', async () => {
    const c = await fungible();
    const rec = await ok(chain, alice, 'unique', 'createMultipleItemsEx', {
      collectionId: c,
      fungible: [
        { owner: bob.address, value: '5' },
        { owner: charlie.address, value: '7' },
      ],
    });
    expect(rec.events.filter((e) => e.method === 'ItemCreated').map((e) => e.data['3'])).toEqual(['5', '7']);
    expect(ft().totalSupply(c)).toBe(12n);
    checkInvariants(chain);
  });

  it('refusals change nothing: balance, allowance, id, data kind, permissions, zero address, properties', async () => {
    const c = await fungible();
    await ftMint(c, bob.address, '100');
    const transfer = (value: string, itemId = 0) => ({
      collectionId: c,
      recipient: charlie.address,
      itemId,
      value,
    });
    await expectDispatchError(chain, bob, 'unique', 'transfer', transfer('101'), 'common.TokenValueTooLow');
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'transfer',
      transfer('1', 1),
      'fungible.FungibleItemsHaveNoId',
    );
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'transfer',
      { collectionId: c, recipient: ZERO, itemId: 0, value: '1' },
      'common.AddressIsZero',
    );
    await expectDispatchError(
      chain,
      charlie,
      'unique',
      'transferFrom',
      { collectionId: c, from: bob.address, recipient: charlie.address, itemId: 0, value: '1' },
      'common.ApprovedValueTooLow',
    );
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'approve',
      { collectionId: c, spender: charlie.address, itemId: 0, amount: '101' },
      'common.CantApproveMoreThanOwned',
    );
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'burnItem',
      { collectionId: c, itemId: 0, value: '101' },
      'common.TokenValueTooLow',
    );
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'createItem',
      { collectionId: c, owner: bob.address, data: { properties: [] } },
      'fungible.NotFungibleDataUsedToMintFungibleCollectionToken',
    );
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'createItem',
      { collectionId: c, owner: bob.address, data: { Fungible: { value: '1' } } },
      'common.PublicMintingNotAllowed',
    );
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'setTokenPropertyPermissions',
      {
        collectionId: c,
        propertyPermissions: [
          { key: 'a', permission: { mutable: true, collectionAdmin: true, tokenOwner: true } },
        ],
      },
      'fungible.SettingPropertiesNotAllowed',
    );
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'setTokenProperties',
      { collectionId: c, tokenId: 0, properties: [{ key: 'a', value: hex('b') }] },
      'fungible.SettingPropertiesNotAllowed',
    );
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'createItem',
      { collectionId: c, owner: bob.address, data: { Fungible: { value: `${(1n << 128n) - 1n}` } } },
      'arithmetic.Overflow',
    );
    expect(ft().balance(c, bob.address)).toBe(100n);
    checkInvariants(chain);
  });

  it('allow-list mode, disabled transfers and ownerCanTransfer', async () => {
    const c = await fungible(18, { permissions: { access: 'AllowList', mintMode: true } });
    await ftMint(c, bob.address, '10');
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'transfer',
      { collectionId: c, recipient: charlie.address, itemId: 0, value: '1' },
      'common.AddressNotInAllowlist',
    );
    await ok(chain, alice, 'unique', 'addToAllowList', { collectionId: c, address: bob.address });
    await ok(chain, alice, 'unique', 'addToAllowList', { collectionId: c, address: charlie.address });
    await ok(chain, bob, 'unique', 'transfer', {
      collectionId: c,
      recipient: charlie.address,
      itemId: 0,
      value: '1',
    });
    // Public mint: the sender and the recipient must be allow-listed.
    await ok(chain, bob, 'unique', 'createItem', {
      collectionId: c,
      owner: charlie.address,
      data: { Fungible: { value: '3' } },
    });
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'createItem',
      { collectionId: c, owner: dave.address, data: { Fungible: { value: '3' } } },
      'common.AddressNotInAllowlist',
    );
    await ok(chain, alice, 'unique', 'setTransfersEnabledFlag', { collectionId: c, value: false });
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'transfer',
      { collectionId: c, recipient: charlie.address, itemId: 0, value: '1' },
      'common.TransferNotAllowed',
    );

    const d = await fungible(18, { limits: { ownerCanTransfer: true } });
    await ftMint(d, bob.address, '10');
    // The owner may move anyone's tokens without an allowance, and no Approved event is emitted for it.
    const rec = await ok(chain, alice, 'unique', 'transferFrom', {
      collectionId: d,
      from: bob.address,
      recipient: dave.address,
      itemId: 0,
      value: '4',
    });
    expect(rec.events.filter((e) => e.section === 'common').map((e) => e.method)).toEqual(['Transfer']);
    expect(ft().balance(d, dave.address)).toBe(4n);
    checkInvariants(chain);
  });

  it('fungible tokens nest under an NFT; a fungible or refungible token is never a parent', async () => {
    const nft = await createCollection(chain, { permissions: { nesting: { tokenOwner: true } } });
    const parent = await mint(chain, nft, bob.address);
    const c = await fungible();
    await ftMint(c, bob.address, '10');
    await ok(chain, bob, 'unique', 'transfer', {
      collectionId: c,
      recipient: nestingAddressFromIds(nft, parent),
      itemId: 0,
      value: '4',
    });
    expect(ft().balance(c, nestingAddressFromIds(nft, parent))).toBe(4n);
    // Back out by the parent's owner, through transferFrom.
    await ok(chain, bob, 'unique', 'transferFrom', {
      collectionId: c,
      from: nestingAddressFromIds(nft, parent),
      recipient: bob.address,
      itemId: 0,
      value: '4',
    });
    const other = await createCollection(chain);
    const child = await mint(chain, other, bob.address);
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'transfer',
      { collectionId: other, recipient: nestingAddressFromIds(c, 0), itemId: child, value: '1' },
      'fungible.FungibleDisallowsNesting',
    );
    const r = await refungible();
    await rftMint(r, [{ owner: bob.address, pieces: '3' }]);
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'transfer',
      { collectionId: other, recipient: nestingAddressFromIds(r, 1), itemId: child, value: '1' },
      'refungible.RefungibleDisallowsNesting',
    );
    checkInvariants(chain);
  });
});

describe('refungible pallet', () => {
  it('pieces are bounded by 10^21 and must not be zero; the token limit is strict', async () => {
    const c = await refungible({ limits: { tokenLimit: 2 } });
    for (const pieces of ['1000000000000000000001', '0'])
      await expectDispatchError(
        chain,
        alice,
        'unique',
        'createMultipleItemsEx',
        { collectionId: c, refungibleOwners: { users: [{ owner: bob.address, pieces }], properties: [] } },
        'refungible.WrongRefungiblePieces',
      );
    await ok(chain, alice, 'unique', 'createItem', {
      collectionId: c,
      owner: bob.address,
      data: { ReFungible: { pieces: '1000000000000000000000', properties: [] } },
    });
    // tokenLimit 2 with the refungible pallet's `minted < limit`: a second token is refused.
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'createItem',
      { collectionId: c, owner: bob.address, data: { ReFungible: { pieces: '1', properties: [] } } },
      'common.CollectionTokenLimitExceeded',
    );
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'createItem',
      { collectionId: c, owner: bob.address, data: { Fungible: { value: '1' } } },
      'refungible.NotRefungibleDataUsedToMintFungibleCollectionToken',
    );
    checkInvariants(chain);
  });

  it('refusals change nothing: pieces, allowance, last-pieces burn, property permission, account limit', async () => {
    const c = await refungible({
      limits: { accountTokenOwnershipLimit: 1 },
      tokenPropertyPermissions: [
        { key: 'k', permission: { mutable: false, collectionAdmin: true, tokenOwner: false } },
      ],
    });
    await rftMint(
      c,
      [
        { owner: bob.address, pieces: '6' },
        { owner: charlie.address, pieces: '4' },
      ],
      [{ key: 'k', value: hex('v') }],
    );
    await rftMint(c, [{ owner: dave.address, pieces: '1' }]);
    const t = 1;
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'transfer',
      { collectionId: c, recipient: charlie.address, itemId: t, value: '7' },
      'common.TokenValueTooLow',
    );
    await expectDispatchError(
      chain,
      dave,
      'unique',
      'transfer',
      { collectionId: c, recipient: bob.address, itemId: 2, value: '1' },
      'common.AccountTokenLimitExceeded',
    );
    await expectDispatchError(
      chain,
      dave,
      'unique',
      'burnFrom',
      { collectionId: c, from: bob.address, itemId: t, value: '1' },
      'common.ApprovedValueTooLow',
    );
    // The write-once key cannot be rewritten, even by the owner.
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'setTokenProperties',
      { collectionId: c, tokenId: t, properties: [{ key: 'k', value: hex('w') }] },
      'common.NoPermission',
    );
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'setTokenProperties',
      { collectionId: c, tokenId: 9, properties: [{ key: 'j', value: hex('w') }] },
      'common.NoPermission',
    );
    // A token that does not exist has no pieces to move.
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'transfer',
      { collectionId: c, recipient: charlie.address, itemId: 9, value: '1' },
      'common.TokenValueTooLow',
    );
    // Zero of its pieces: the token is named as missing.
    await expectDispatchError(
      chain,
      bob,
      'unique',
      'transfer',
      { collectionId: c, recipient: charlie.address, itemId: 9, value: '0' },
      'common.TokenNotFound',
    );
    expect(rft().balance(c, t, bob.address)).toBe(6n);
    checkInvariants(chain);
  });

  it('an account that receives its first pieces starts to hold the token; one that sends its last stops', async () => {
    const c = await refungible();
    await rftMint(c, [{ owner: bob.address, pieces: '5' }]);
    await ok(chain, bob, 'unique', 'transfer', {
      collectionId: c,
      recipient: charlie.address,
      itemId: 1,
      value: '5',
    });
    expect(rft().holders(c, 1)).toEqual([{ account: charlie.address, pieces: 5n }]);
    expect(rft().tokensOf(bob.address, c)).toEqual([]);
    expect(rft().tokensOf(charlie.address, c)).toEqual([{ collectionId: c, tokenId: 1 }]);
    // Burning all but the holder's pieces is a partial burn; burning them all destroys the token.
    await ok(chain, charlie, 'unique', 'burnItem', { collectionId: c, itemId: 1, value: '5' });
    expect(rft().token(c, 1)).toBeUndefined();
    expect(chain.storage.common.collection(c)).toMatchObject({ tokensMinted: 1, tokensBurnt: 1 });
    await ok(chain, alice, 'unique', 'destroyCollection', { collectionId: c });
    checkInvariants(chain);
  });
});

describe('sponsored fees on fungible and refungible collections', () => {
  const payerOf = (rec: { events: { data: Record<string, string> }[] }) => rec.events[0]?.data.who;

  it("a holder's transfer is sponsored once per timeout per holder; a non-holder pays", async () => {
    const c = await fungible(18, { pendingSponsor: bob.address });
    await ok(chain, bob, 'unique', 'confirmSponsorship', { collectionId: c });
    await ftMint(c, pauper.address, '10');
    const transfer = { collectionId: c, recipient: charlie.address, itemId: 0, value: '1' };
    const rec = await ok(chain, pauper, 'unique', 'transfer', transfer);
    expect(payerOf(rec)).toBe(bob.address);
    // Within the timeout the pauper would have to pay, and cannot.
    await expect(run(chain, pauper, 'unique', 'transfer', transfer)).rejects.toMatchObject({
      code: 'Payment',
    });
    // Dave holds nothing: never sponsored, so he pays (and fails in dispatch).
    const dave0 = await run(chain, dave, 'unique', 'transfer', transfer);
    expect(payerOf(dave0)).toBe(dave.address);

    const r = await refungible({ pendingSponsor: bob.address });
    await ok(chain, bob, 'unique', 'confirmSponsorship', { collectionId: r });
    await rftMint(r, [{ owner: pauper.address, pieces: '4' }]);
    const piece = await ok(chain, pauper, 'unique', 'transfer', {
      collectionId: r,
      recipient: charlie.address,
      itemId: 1,
      value: '1',
    });
    expect(payerOf(piece)).toBe(bob.address);
    const approve = await ok(chain, pauper, 'unique', 'approve', {
      collectionId: r,
      spender: charlie.address,
      itemId: 1,
      amount: '1',
    });
    expect(payerOf(approve)).toBe(bob.address);
    checkInvariants(chain);
  });
});
