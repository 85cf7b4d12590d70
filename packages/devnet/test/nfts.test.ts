import type { nftsPalletRoutes, RouteInput } from '@nftkit/api';
import {
  decodeSubstrateAddress,
  encodeSubstrateAddress,
  ethereumToSubstrateMirror,
} from '@nftkit/primitives';
import { AssetHub, Sr25519Account } from '@nftkit/sdk';
import { describe, expect, it } from 'vitest';
import { UNLOCKED_COLLECTION_SETTINGS } from '../../api/test/fixtures.js';
import { NFTS_CONFIG } from '../src/runtime/nfts/config.js';
import { alice, bob, charlie, dave, eve, ferdie, type TestAccount } from './helpers/accounts.js';
import { expectDispatchError, ok } from './helpers/chain.js';
import { devnetForFile } from './helpers/devnet.js';
import { getJson, postJson } from './helpers/fetchClient.js';
import { ISSUER_MINT_SETTINGS } from './helpers/fixtures.js';
import { checkInvariants } from './helpers/invariants.js';
import { checkNftsInvariants } from './helpers/nftsInvariants.js';

// pallet-nfts (rest-api §4.9) driven by the sdk's AssetHub client over real HTTP against a devnet started here.
const devnet = devnetForFile();
const statusOptions = { retries: 50, timeout: 100 };
const hub = (account: TestAccount) => AssetHub({ baseUrl: devnet.url, account, statusOptions });
const DEV = 10n ** 18n;

/** `/pallet-nfts/attributes` answers `any` in the api table; this devnet's shape. */
type Attributes = { attributes: { key: string; value: string; namespace: string }[] };
type Ev = { section: string; method: string; data: Record<string, unknown> };
type Out = { extrinsicOutput: { events: Ev[] } };

const account = (address: string) => devnet.chain.storage.system.account(address);
const nftsEvents = (out: Out) =>
  out.extrinsicOutput.events.filter((e) => e.section === 'nfts').map((e) => e.method);
const event = (out: Out, method: string) => {
  const e = out.extrinsicOutput.events.find((x) => x.section === 'nfts' && x.method === method);
  if (!e) throw new Error(`no nfts.${method} in ${JSON.stringify(out.extrinsicOutput.events)}`);
  return e.data;
};
/** The fee the signer paid (the `balances.Withdraw` at the start of every extrinsic). */
const feeOf = (out: Out, who: string) =>
  BigInt(
    String(
      out.extrinsicOutput.events.find(
        (e) => e.section === 'balances' && e.method === 'Withdraw' && e.data.who === who,
      )?.data.amount,
    ),
  );

/** A write the chain includes but fails with `nfts.<name>`: the sdk rejects with the 400 status answer. */
async function fails(write: Promise<unknown>, name: string, section = 'nfts'): Promise<void> {
  const error = await write.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toMatchObject({ status: 400, data: { section, name } });
}

type CollectionConfig = NonNullable<
  RouteInput<typeof nftsPalletRoutes.collection.create>
>['collectionConfig'];

async function createCollection(who: TestAccount, collectionConfig: CollectionConfig = {}): Promise<number> {
  const { result } = await hub(who).nftsPallet.collection.create({ collectionConfig });
  return result.collectionId;
}

describe('pallet-nfts collections', () => {
  it('create with a config: answer, events, deposit, queries', async () => {
    const before = account(alice.address);
    const { nextCollectionId } = await hub(alice).nftsPallet.collection.nextId({});
    const out = await hub(alice).nftsPallet.collection.create({
      admin: bob.address,
      collectionConfig: {
        settings: UNLOCKED_COLLECTION_SETTINGS,
        maxSupply: 10,
        mintSettings: { mintType: 'Public', price: '100', defaultItemSettings: { lockedTransfers: true } },
      },
    });
    const c = out.result;
    expect(c.collectionId).toBe(nextCollectionId);
    expect(c).toMatchObject({
      owner: alice.address,
      creator: alice.address,
      ownerDeposit: String(NFTS_CONFIG.collectionDeposit),
      items: 0,
      attributes: [],
      metadata: null,
      config: {
        settings: UNLOCKED_COLLECTION_SETTINGS,
        maxSupply: 10,
        mintSettings: {
          mintType: 'Public',
          price: '100',
          startBlock: null,
          endBlock: null,
          defaultItemSettings: { lockedTransfers: true, lockedMetadata: false, lockedAttributes: false },
        },
      },
    });
    expect(nftsEvents(out)).toEqual(['Created', 'NextCollectionIdIncremented']);
    expect(event(out, 'Created')).toEqual({
      collection: String(c.collectionId),
      creator: alice.address,
      owner: bob.address,
    });
    const fee = feeOf(out, alice.address);
    const after = account(alice.address);
    expect(after.reserved - before.reserved).toBe(NFTS_CONFIG.collectionDeposit);
    expect(before.free - after.free).toBe(NFTS_CONFIG.collectionDeposit + fee);

    const sdk = hub(charlie).nftsPallet;
    expect(await sdk.collection.get({ collectionId: c.collectionId })).toEqual(
      (({ creator: _c, ...rest }) => rest)(c),
    );
    expect((await sdk.collection.nextId({})).nextCollectionId).toBe(c.collectionId + 1);
    expect((await sdk.common.nextCollectionId({})).nextCollectionId).toBe(c.collectionId + 1);
    expect(await sdk.common.palletVersion({})).toEqual({ version: NFTS_CONFIG.palletVersion });
    expect((await sdk.account.getCollections({ account: alice.address })).collections).toContain(
      c.collectionId,
    );
    // `admin` got every role; the owner is the creator.
    expect(await sdk.account.getRole({ collectionId: c.collectionId, account: bob.address })).toEqual({
      issuer: true,
      admin: true,
      freezer: true,
      owner: false,
    });
    expect(await sdk.account.getRole({ collectionId: c.collectionId, account: alice.address })).toEqual({
      issuer: false,
      admin: false,
      freezer: false,
      owner: true,
    });
    const page = await sdk.collection.list({ limit: 1000 });
    expect(page.isLastPage).toBe(true);
    expect(page.collections.map((x: { collectionId: number }) => x.collectionId)).toContain(c.collectionId);
    await expect(sdk.collection.get({ collectionId: 999_999 })).rejects.toMatchObject({ status: 404 });
    checkInvariants(devnet.chain);
    checkNftsInvariants(devnet.chain);
  });

  it('ownership transfer needs the new owner to accept; the deposit moves with it', async () => {
    const id = await createCollection(alice);
    await fails(
      hub(alice).nftsPallet.collection.transferOwnership({ collectionId: id, newOwner: bob.address }),
      'Unaccepted',
    );
    const accepted = await hub(bob).nftsPallet.collection.acceptOwnership({ collectionId: id });
    expect(accepted.result).toEqual({ who: bob.address, collectionId: id });
    expect(event(accepted, 'OwnershipAcceptanceChanged')).toEqual({
      who: bob.address,
      maybe_collection: String(id),
    });
    expect(await hub(bob).nftsPallet.account.getOwnershipAcceptance({ account: bob.address })).toEqual({
      collectionId: id,
    });
    // Only the owner may hand it over, even when accepted.
    await fails(
      hub(charlie).nftsPallet.collection.transferOwnership({ collectionId: id, newOwner: bob.address }),
      'NoPermission',
    );
    const [a0, b0] = [account(alice.address), account(bob.address)];
    const moved = await hub(alice).nftsPallet.collection.transferOwnership({
      collectionId: id,
      newOwner: bob.address,
    });
    expect(moved.result.owner).toBe(bob.address);
    expect(event(moved, 'OwnerChanged')).toEqual({ collection: String(id), new_owner: bob.address });
    expect(a0.reserved - account(alice.address).reserved).toBe(NFTS_CONFIG.collectionDeposit);
    expect(account(bob.address).reserved - b0.reserved).toBe(NFTS_CONFIG.collectionDeposit);
    expect(await hub(bob).nftsPallet.account.getOwnershipAcceptance({ account: bob.address })).toEqual({
      collectionId: null,
    });
    expect(
      (await hub(bob).nftsPallet.account.getCollections({ account: bob.address })).collections,
    ).toContain(id);
    // Accepting nothing withdraws an acceptance.
    await hub(charlie).nftsPallet.collection.acceptOwnership({ collectionId: id });
    const none = await hub(charlie).nftsPallet.collection.acceptOwnership({});
    expect(none.result).toEqual({ who: charlie.address, collectionId: null });
    await fails(
      hub(bob).nftsPallet.collection.transferOwnership({ collectionId: id, newOwner: charlie.address }),
      'Unaccepted',
    );
    checkInvariants(devnet.chain);
    checkNftsInvariants(devnet.chain);
  });

  it('set-team replaces the roles; only the owner, and only for roles someone holds', async () => {
    const id = await createCollection(alice);
    await fails(
      hub(bob).nftsPallet.collection.setTeam({ collectionId: id, issuer: bob.address }),
      'NoPermission',
    );
    const team = await hub(alice).nftsPallet.collection.setTeam({
      collectionId: id,
      issuer: bob.address,
      admin: charlie.address,
      freezer: charlie.address,
    });
    expect(team.result.role).toEqual({
      issuer: bob.address,
      admin: charlie.address,
      freezer: charlie.address,
    });
    expect(event(team, 'TeamChanged')).toEqual({
      collection: String(id),
      issuer: bob.address,
      admin: charlie.address,
      freezer: charlie.address,
    });
    const roles = hub(alice).nftsPallet.account.getRole;
    expect(await roles({ collectionId: id, account: alice.address })).toEqual({
      issuer: false,
      admin: false,
      freezer: false,
      owner: true,
    });
    expect(await roles({ collectionId: id, account: charlie.address })).toMatchObject({
      issuer: false,
      admin: true,
      freezer: true,
    });
    // Dropping the issuer leaves nobody holding it: a signed owner cannot give it back.
    const dropped = await hub(alice).nftsPallet.collection.setTeam({
      collectionId: id,
      admin: charlie.address,
    });
    expect(dropped.result.role).toEqual({ issuer: null, admin: charlie.address, freezer: null });
    await fails(
      hub(alice).nftsPallet.collection.setTeam({ collectionId: id, issuer: bob.address }),
      'NoPermission',
    );
    expect(await roles({ collectionId: id, account: bob.address })).toMatchObject({ issuer: false });
  });

  it('metadata: an admin sets and clears it, the owner pays a deposit by length', async () => {
    const id = await createCollection(alice);
    const r0 = account(alice.address).reserved;
    const set = await hub(alice).nftsPallet.collection.setMetadata({
      collectionId: id,
      data: 'ipfs://collection',
    });
    expect(set.result.metadata).toEqual({
      deposit: String(NFTS_CONFIG.metadataDepositBase + 17n * NFTS_CONFIG.depositPerByte),
      data: 'ipfs://collection',
    });
    expect(event(set, 'CollectionMetadataSet').data).toBe('0x697066733a2f2f636f6c6c656374696f6e');
    expect(account(alice.address).reserved - r0).toBe(BigInt(set.result.metadata?.deposit ?? 0));
    await fails(hub(bob).nftsPallet.collection.setMetadata({ collectionId: id, data: 'x' }), 'NoPermission');
    const cleared = await hub(alice).nftsPallet.collection.clearMetadata({ collectionId: id });
    expect(cleared.result.metadata).toBeNull();
    expect(nftsEvents(cleared)).toEqual(['CollectionMetadataCleared']);
    expect(account(alice.address).reserved).toBe(r0);
    expect(cleared.result.ownerDeposit).toBe(String(NFTS_CONFIG.collectionDeposit));
  });

  it('locks: settings are locked for good and enforced', async () => {
    const id = await createCollection(alice, { maxSupply: 5 });
    await hub(alice).nftsPallet.item.mint({ collectionId: id, itemId: 1, mintTo: bob.address });
    await fails(
      hub(bob).nftsPallet.collection.lock({ collectionId: id, settings: { lockedMetadata: true } }),
      'NoPermission',
    );
    const locked = await hub(alice).nftsPallet.collection.lock({
      collectionId: id,
      settings: {
        lockedTransferItems: true,
        lockedMetadata: true,
        lockedAttributes: true,
        lockedMaxSupply: true,
      },
    });
    expect(nftsEvents(locked)).toEqual(['CollectionLocked']);
    expect(locked.result.config.settings).toEqual({
      lockedTransferItems: true,
      lockedMetadata: true,
      lockedAttributes: true,
      lockedMaxSupply: true,
    });
    const nft = hub(bob).nftsPallet;
    await fails(
      nft.item.transfer({ collectionId: id, itemId: 1, to: charlie.address }),
      'ItemsNonTransferable',
    );
    await fails(nft.trade.setPrice({ collectionId: id, itemId: 1, price: '5' }), 'ItemsNonTransferable');
    await fails(
      nft.item.approveTransfer({ collectionId: id, itemId: 1, delegate: charlie.address }),
      'ItemsNonTransferable',
    );
    const owner = hub(alice).nftsPallet;
    await fails(owner.collection.setMaxSupply({ collectionId: id, maxSupply: 9 }), 'MaxSupplyLocked');
    await fails(owner.collection.setMetadata({ collectionId: id, data: 'x' }), 'LockedCollectionMetadata');
    await fails(
      owner.collection.setAttribute({
        collectionId: id,
        attribute: { key: 'k', value: 'v', namespace: 'collectionOwner' },
      }),
      'LockedCollectionAttributes',
    );
    // `false` never unlocks.
    await owner.collection.lock({ collectionId: id, settings: { lockedTransferItems: false } });
    await fails(
      nft.item.transfer({ collectionId: id, itemId: 1, to: charlie.address }),
      'ItemsNonTransferable',
    );
  });

  it('a lock or mint-settings update that changes nothing is refused before it is sent and by the server', async () => {
    const id = await createCollection(alice);
    await expect(
      hub(alice).nftsPallet.collection.lock({ collectionId: id, settings: {} }),
    ).rejects.toMatchObject({
      name: 'InputValidationError',
      message:
        'Invalid input for /pallet-nfts/collection/lock: settings: At least one setting must be changed.',
    });
    const lock = await postJson(`${devnet.url}/pallet-nfts/collection/lock/build`, {
      args: { collectionId: id, settings: {} },
      options: { signerAddress: alice.address },
    });
    expect(lock.status).toBe(400);
    expect(String(lock.body.error)).toContain('At least one setting must be changed');
    const mint = await postJson(`${devnet.url}/pallet-nfts/collection/update-mint-settings/build`, {
      args: { collectionId: id, mintSettings: { defaultItemSettings: {} } },
      options: { signerAddress: alice.address },
    });
    expect(mint.status).toBe(400);
    expect(String(mint.body.error)).toContain('At least one default item setting must be changed');
    const empty = await postJson(`${devnet.url}/pallet-nfts/collection/update-mint-settings/build`, {
      args: { collectionId: id, mintSettings: {} },
      options: { signerAddress: alice.address },
    });
    expect(String(empty.body.error)).toContain('At least one setting must be changed');
  });

  it('max supply and mint settings', async () => {
    const id = await createCollection(alice, { maxSupply: 2 });
    const owner = hub(alice).nftsPallet;
    await owner.item.mint({ collectionId: id, itemId: 1, mintTo: alice.address });
    await owner.item.mint({ collectionId: id, itemId: 2, mintTo: alice.address });
    await fails(owner.item.mint({ collectionId: id, itemId: 3, mintTo: alice.address }), 'MaxSupplyReached');
    await fails(owner.collection.setMaxSupply({ collectionId: id, maxSupply: 1 }), 'MaxSupplyTooSmall');
    await fails(
      hub(bob).nftsPallet.collection.setMaxSupply({ collectionId: id, maxSupply: 5 }),
      'NoPermission',
    );
    const raised = await owner.collection.setMaxSupply({ collectionId: id, maxSupply: 3 });
    expect(raised.result.config.maxSupply).toBe(3);
    expect(event(raised, 'CollectionMaxSupplySet')).toEqual({ collection: String(id), max_supply: '3' });
    await owner.item.mint({ collectionId: id, itemId: 3, mintTo: alice.address });

    // A partial update keeps the rest of the settings.
    const up = await owner.collection.updateMintSettings({
      collectionId: id,
      mintSettings: { mintType: 'Public', price: 7 },
    });
    expect(up.result.config.mintSettings).toMatchObject({ mintType: 'Public', price: '7', startBlock: null });
    const up2 = await owner.collection.updateMintSettings({
      collectionId: id,
      mintSettings: { defaultItemSettings: { lockedMetadata: true } },
    });
    expect(up2.result.config.mintSettings).toMatchObject({
      mintType: 'Public',
      price: '7',
      defaultItemSettings: { lockedTransfers: false, lockedMetadata: true, lockedAttributes: false },
    });
    expect(nftsEvents(up2)).toEqual(['CollectionMintSettingsUpdated']);
    await fails(
      hub(bob).nftsPallet.collection.updateMintSettings({ collectionId: id, mintSettings: { price: 1 } }),
      'NoPermission',
    );
  });
});

describe('pallet-nfts items', () => {
  it('issuer mint, duplicates, non-issuers, item and account queries', async () => {
    const id = await createCollection(alice);
    const r0 = account(alice.address).reserved;
    const minted = await hub(alice).nftsPallet.item.mint({
      collectionId: id,
      itemId: 7,
      mintTo: bob.address,
    });
    expect(minted.result).toEqual({
      collectionId: id,
      itemId: 7,
      owner: bob.address,
      deposit: { account: alice.address, amount: String(NFTS_CONFIG.itemDeposit) },
      transferApprovals: [],
      metadata: null,
      price: null,
      attributes: [],
      settings: { lockedTransfers: false, lockedMetadata: false, lockedAttributes: false },
    });
    expect(event(minted, 'Issued')).toEqual({ collection: String(id), item: '7', owner: bob.address });
    expect(account(alice.address).reserved - r0).toBe(NFTS_CONFIG.itemDeposit);
    await fails(
      hub(alice).nftsPallet.item.mint({ collectionId: id, itemId: 7, mintTo: bob.address }),
      'AlreadyExists',
    );
    await fails(
      hub(bob).nftsPallet.item.mint({ collectionId: id, itemId: 8, mintTo: bob.address }),
      'NoPermission',
    );
    await fails(
      hub(alice).nftsPallet.item.mint({ collectionId: 999_999, itemId: 1, mintTo: bob.address }),
      'NoConfig',
    );
    const sdk = hub(charlie).nftsPallet;
    expect(await sdk.item.get({ collectionId: id, itemId: 7 })).toEqual(minted.result);
    await expect(sdk.item.get({ collectionId: id, itemId: 8 })).rejects.toMatchObject({ status: 404 });
    expect(await sdk.account.getItems({ account: bob.address, collectionId: id })).toEqual([
      { collectionId: id, tokenId: 7 },
    ]);
    const next = await sdk.account.nextIndex({ address: charlie.address });
    expect(typeof next.nextIndex).toBe('number');
  });

  it('public mint with a price pays the collection owner; witness rules; mint window', async () => {
    const id = await createCollection(alice, {
      mintSettings: { mintType: 'Public', price: String(5n * DEV) },
    });
    const minter = hub(bob).nftsPallet;
    await fails(minter.item.mint({ collectionId: id, itemId: 1, mintTo: bob.address }), 'WitnessRequired');
    await fails(
      minter.item.mint({ collectionId: id, itemId: 1, mintTo: bob.address, witnessData: { mintPrice: 4 } }),
      'BadWitness',
    );
    const [a0, b0] = [account(alice.address), account(bob.address)];
    const out = await minter.item.mint({
      collectionId: id,
      itemId: 1,
      mintTo: bob.address,
      witnessData: { mintPrice: Number(5n * DEV) },
    });
    expect(out.result.owner).toBe(bob.address);
    const fee = feeOf(out, bob.address);
    expect(account(alice.address).free - a0.free).toBe(5n * DEV);
    expect(b0.free - account(bob.address).free).toBe(5n * DEV + fee + NFTS_CONFIG.itemDeposit);
    expect(out.extrinsicOutput.events).toContainEqual({
      section: 'balances',
      method: 'Transfer',
      data: { from: bob.address, to: alice.address, amount: String(5n * DEV) },
    });
    // The price goes to whoever owns the collection at mint time; too poor a minter fails and keeps nothing.
    const far = devnet.chain.headNumber + 1000;
    await hub(alice).nftsPallet.collection.updateMintSettings({
      collectionId: id,
      mintSettings: { price: null, startBlock: far },
    });
    await fails(minter.item.mint({ collectionId: id, itemId: 2, mintTo: bob.address }), 'MintNotStarted');
    await hub(alice).nftsPallet.collection.updateMintSettings({
      collectionId: id,
      mintSettings: { startBlock: null, endBlock: 1 },
    });
    await fails(minter.item.mint({ collectionId: id, itemId: 2, mintTo: bob.address }), 'MintEnded');
    checkInvariants(devnet.chain);
    checkNftsInvariants(devnet.chain);
  });

  it('holder-of mint: one claim per owned item, only by its holder', async () => {
    const pass = await createCollection(alice);
    await hub(alice).nftsPallet.item.mint({ collectionId: pass, itemId: 1, mintTo: bob.address });
    const id = await createCollection(alice, { mintSettings: { mintType: { holderOf: pass } } });
    const claim = (who: TestAccount, itemId: number, ownedItemId?: number) =>
      hub(who).nftsPallet.item.mint({
        collectionId: id,
        itemId,
        mintTo: who.address,
        ...(ownedItemId === undefined ? {} : { witnessData: { ownedItemId } }),
      });
    await fails(claim(bob, 1), 'WitnessRequired');
    await fails(claim(charlie, 1, 1), 'BadWitness');
    const out = await claim(bob, 1, 1);
    expect(nftsEvents(out)).toEqual(['PalletAttributeSet', 'Issued']);
    await fails(claim(bob, 2, 1), 'AlreadyClaimed');
    // The claim is recorded on the pass in the pallet namespace.
    const attrs = await hub(bob).nftsPallet.attributes.getAll({
      collectionId: pass,
      itemId: 1,
      namespace: 'pallet',
    });
    expect((attrs as Attributes).attributes).toEqual([
      { key: `0x00${hexU32(id)}`, value: '', namespace: 'pallet' },
    ]);
  });

  it('transfer, approvals with deadlines, cancel and clear', async () => {
    const id = await createCollection(alice);
    await hub(alice).nftsPallet.item.mint({ collectionId: id, itemId: 1, mintTo: bob.address });
    const owner = hub(bob).nftsPallet.item;
    await fails(
      hub(charlie).nftsPallet.item.transfer({ collectionId: id, itemId: 1, to: charlie.address }),
      'NoPermission',
    );
    await fails(owner.transfer({ collectionId: id, itemId: 2, to: charlie.address }), 'UnknownItem');
    const approved = await owner.approveTransfer({ collectionId: id, itemId: 1, delegate: dave.address });
    expect(approved.result).toMatchObject({
      collectionId: id,
      itemId: 1,
      owner: bob.address,
      delegate: dave.address,
      deadline: null,
    });
    expect(event(approved, 'TransferApproved')).toEqual({
      collection: String(id),
      item: '1',
      owner: bob.address,
      delegate: dave.address,
      deadline: 'null',
    });
    await fails(
      hub(charlie).nftsPallet.item.approveTransfer({
        collectionId: id,
        itemId: 1,
        delegate: charlie.address,
      }),
      'NoPermission',
    );
    const moved = await hub(dave).nftsPallet.item.transfer({
      collectionId: id,
      itemId: 1,
      to: charlie.address,
    });
    expect(moved.result).toMatchObject({ owner: charlie.address, transferApprovals: [] });
    expect(event(moved, 'Transferred')).toEqual({
      collection: String(id),
      item: '1',
      from: bob.address,
      to: charlie.address,
    });
    // The approval went with the transfer.
    await fails(
      hub(dave).nftsPallet.item.transfer({ collectionId: id, itemId: 1, to: dave.address }),
      'NoPermission',
    );

    const holder = hub(charlie).nftsPallet.item;
    const timed = await holder.approveTransfer({
      collectionId: id,
      itemId: 1,
      delegate: eve.address,
      deadline: 1,
    });
    const until = Number(timed.extrinsicOutput.blockNumber) + 1;
    expect(timed.result).toMatchObject({ deadline: until });
    expect((await holder.get({ collectionId: id, itemId: 1 })).transferApprovals).toEqual([
      { delegate: eve.address, deadlineBlock: until },
    ]);
    await hub(alice).balance.transfer({ to: ferdie.address, amount: '1' });
    await hub(alice).balance.transfer({ to: ferdie.address, amount: '1' });
    await fails(
      hub(eve).nftsPallet.item.transfer({ collectionId: id, itemId: 1, to: eve.address }),
      'ApprovalExpired',
    );
    // Anyone may cancel an expired approval.
    const cancelled = await hub(ferdie).nftsPallet.item.cancelTransferApproval({
      collectionId: id,
      itemId: 1,
      delegate: eve.address,
    });
    expect(cancelled.result).toEqual({
      collectionId: id,
      itemId: 1,
      owner: charlie.address,
      delegate: eve.address,
    });
    expect(nftsEvents(cancelled)).toEqual(['ApprovalCancelled']);
    await fails(
      holder.cancelTransferApproval({ collectionId: id, itemId: 1, delegate: eve.address }),
      'NotDelegate',
    );
    await holder.approveTransfer({ collectionId: id, itemId: 1, delegate: dave.address });
    await fails(
      hub(ferdie).nftsPallet.item.cancelTransferApproval({
        collectionId: id,
        itemId: 1,
        delegate: dave.address,
      }),
      'NoPermission',
    );
    const cleared = await holder.clearAllTransferApprovals({ collectionId: id, itemId: 1 });
    expect(cleared.result).toEqual({ collectionId: id, itemId: 1 });
    expect(nftsEvents(cleared)).toEqual(['AllApprovalsCancelled']);
    expect((await holder.get({ collectionId: id, itemId: 1 })).transferApprovals).toEqual([]);
  });

  it('freezer locks and unlocks transfers; admins lock metadata and attributes', async () => {
    const id = await createCollection(alice);
    await hub(alice).nftsPallet.item.mint({ collectionId: id, itemId: 1, mintTo: bob.address });
    await fails(hub(bob).nftsPallet.item.lockTransfer({ collectionId: id, itemId: 1 }), 'NoPermission');
    const locked = await hub(alice).nftsPallet.item.lockTransfer({ collectionId: id, itemId: 1 });
    expect(locked.result).toEqual({ collectionId: id, itemId: 1 });
    expect(event(locked, 'ItemTransferLocked')).toEqual({ collection: String(id), item: '1' });
    await fails(
      hub(bob).nftsPallet.item.transfer({ collectionId: id, itemId: 1, to: charlie.address }),
      'ItemLocked',
    );
    await fails(hub(bob).nftsPallet.trade.setPrice({ collectionId: id, itemId: 1, price: 1 }), 'ItemLocked');
    const unlocked = await hub(alice).nftsPallet.item.unlockTransfer({ collectionId: id, itemId: 1 });
    expect(nftsEvents(unlocked)).toEqual(['ItemTransferUnlocked']);
    await hub(bob).nftsPallet.item.transfer({ collectionId: id, itemId: 1, to: charlie.address });

    const meta = await hub(alice).nftsPallet.item.setMetadata({
      collectionId: id,
      itemId: 1,
      data: '{"name":"Snake #1","image":"ipfs://img"}',
    });
    expect(meta.result.metadata).toMatchObject({
      data: '{"name":"Snake #1","image":"ipfs://img"}',
      deposit: { account: null },
    });
    expect(
      await hub(bob).nftsPallet.utility.getParsedTokenMetadata({ collectionId: id, tokenId: 1 }),
    ).toEqual({
      data: '{"name":"Snake #1","image":"ipfs://img"}',
      resolved: null,
      parsed: { name: 'Snake #1', image: 'ipfs://img' },
    });
    await fails(
      hub(charlie).nftsPallet.item.setMetadata({ collectionId: id, itemId: 1, data: 'mine' }),
      'NoPermission',
    );
    await fails(
      hub(charlie).nftsPallet.item.lockProperties({ collectionId: id, itemId: 1, lockMetadata: true }),
      'NoPermission',
    );
    const props = await hub(alice).nftsPallet.item.lockProperties({
      collectionId: id,
      itemId: 1,
      lockMetadata: true,
    });
    expect(props.result).toEqual({ collectionId: id, itemId: 1, lockMetadata: true, lockAttributes: false });
    expect(event(props, 'ItemPropertiesLocked')).toEqual({
      collection: String(id),
      item: '1',
      lock_metadata: 'true',
      lock_attributes: 'false',
    });
    await fails(
      hub(alice).nftsPallet.item.setMetadata({ collectionId: id, itemId: 1, data: 'new' }),
      'LockedItemMetadata',
    );
    await fails(
      hub(alice).nftsPallet.item.clearMetadata({ collectionId: id, itemId: 1 }),
      'LockedItemMetadata',
    );
    await hub(alice).nftsPallet.item.lockProperties({ collectionId: id, itemId: 1, lockAttributes: true });
    await fails(
      hub(alice).nftsPallet.item.setAttribute({
        collectionId: id,
        itemId: 1,
        attribute: { key: 'k', value: 'v', namespace: 'collectionOwner' },
      }),
      'LockedItemAttributes',
    );
    // The owner's own namespace is not locked by the admin's lock.
    const own = await hub(charlie).nftsPallet.item.setAttribute({
      collectionId: id,
      itemId: 1,
      attribute: { key: 'nick', value: 'c', namespace: 'itemOwner' },
    });
    expect(own.result.attributes).toEqual([{ key: 'nick', value: 'c', namespace: 'itemOwner' }]);
    expect(own.result.settings).toEqual({
      lockedTransfers: false,
      lockedMetadata: true,
      lockedAttributes: true,
    });
  });

  it('item metadata set and clear move the owner deposit', async () => {
    const id = await createCollection(alice);
    await hub(alice).nftsPallet.item.mint({ collectionId: id, itemId: 1, mintTo: bob.address });
    const r0 = account(alice.address).reserved;
    const set = await hub(alice).nftsPallet.item.setMetadata({ collectionId: id, itemId: 1, data: 'abc' });
    const dep = NFTS_CONFIG.metadataDepositBase + 3n * NFTS_CONFIG.depositPerByte;
    expect(set.result.metadata).toEqual({ data: 'abc', deposit: { account: null, amount: String(dep) } });
    expect(event(set, 'ItemMetadataSet')).toEqual({ collection: String(id), item: '1', data: '0x616263' });
    expect(account(alice.address).reserved - r0).toBe(dep);
    await fails(hub(bob).nftsPallet.item.clearMetadata({ collectionId: id, itemId: 1 }), 'NoPermission');
    const cleared = await hub(alice).nftsPallet.item.clearMetadata({ collectionId: id, itemId: 1 });
    expect(cleared.result.metadata).toBeNull();
    expect(event(cleared, 'ItemMetadataCleared')).toEqual({ collection: String(id), item: '1' });
    expect(account(alice.address).reserved).toBe(r0);
    await fails(
      hub(alice).nftsPallet.item.clearMetadata({ collectionId: id, itemId: 1 }),
      'MetadataNotFound',
    );
  });
});

const hexU32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b.toString('hex');
};

describe('pallet-nfts attributes', () => {
  it('namespaces: collection owner, item owner, approved accounts; pallet is read-only', async () => {
    const id = await createCollection(alice);
    await hub(alice).nftsPallet.item.mint({ collectionId: id, itemId: 1, mintTo: bob.address });
    const admin = hub(alice).nftsPallet;
    const coll = await admin.collection.setAttribute({
      collectionId: id,
      attribute: { key: 'theme', value: 'dark', namespace: 'collectionOwner' },
    });
    expect(coll.result.attributes).toEqual([{ key: 'theme', value: 'dark', namespace: 'collectionOwner' }]);
    expect(event(coll, 'AttributeSet')).toEqual({
      collection: String(id),
      maybe_item: 'null',
      key: '0x7468656d65',
      value: '0x6461726b',
      namespace: 'CollectionOwner',
    });
    const dep = NFTS_CONFIG.attributeDepositBase + 9n * NFTS_CONFIG.depositPerByte;
    expect(BigInt(coll.result.ownerDeposit)).toBe(NFTS_CONFIG.collectionDeposit + dep);
    await fails(
      hub(bob).nftsPallet.collection.setAttribute({
        collectionId: id,
        attribute: { key: 'theme', value: 'x', namespace: 'collectionOwner' },
      }),
      'NoPermission',
    );
    await fails(
      admin.collection.setAttribute({
        collectionId: id,
        attribute: { key: 'p', value: 'x', namespace: 'pallet' },
      }),
      'NoPermission',
    );
    // itemOwner needs an item, and the item's owner.
    await fails(
      admin.collection.setAttribute({
        collectionId: id,
        attribute: { key: 'p', value: 'x', namespace: 'itemOwner' },
      }),
      'NoPermission',
    );
    await fails(
      admin.item.setAttribute({
        collectionId: id,
        itemId: 1,
        attribute: { key: 'p', value: 'x', namespace: 'itemOwner' },
      }),
      'NoPermission',
    );
    const b0 = account(bob.address).reserved;
    const echoed = await hub(bob).nftsPallet.attributes.set({
      collectionId: id,
      itemId: 1,
      attribute: { key: 'level', value: '3', namespace: 'itemOwner' },
    });
    expect(echoed.result).toEqual({
      collectionId: id,
      itemId: 1,
      attribute: { key: 'level', value: '3', namespace: 'itemOwner' },
    });
    expect(account(bob.address).reserved - b0).toBe(
      NFTS_CONFIG.attributeDepositBase + 6n * NFTS_CONFIG.depositPerByte,
    );

    // An account namespace: the owner approves charlie, who writes under his own address.
    await fails(
      hub(charlie).nftsPallet.item.setAttribute({
        collectionId: id,
        itemId: 1,
        attribute: { key: 'score', value: '10', namespace: charlie.address },
      }),
      'NoPermission',
    );
    await fails(
      hub(charlie).nftsPallet.item.approveAttributes({
        collectionId: id,
        itemId: 1,
        delegate: charlie.address,
      }),
      'NoPermission',
    );
    const ok = await hub(bob).nftsPallet.item.approveAttributes({
      collectionId: id,
      itemId: 1,
      delegate: charlie.address,
    });
    expect(ok.result).toEqual({ collectionId: id, itemId: 1, delegate: charlie.address });
    expect(nftsEvents(ok)).toEqual(['ItemAttributesApprovalAdded']);
    const c0 = account(charlie.address).reserved;
    await hub(charlie).nftsPallet.item.setAttribute({
      collectionId: id,
      itemId: 1,
      attribute: { key: 'score', value: '10', namespace: charlie.address },
    });
    expect(account(charlie.address).reserved).toBeGreaterThan(c0);
    const q = hub(dave).nftsPallet.attributes;
    expect(await q.get({ collectionId: id, itemId: 1, namespace: charlie.address, key: 'score' })).toEqual({
      collectionId: id,
      itemId: 1,
      attribute: { key: 'score', value: '10', namespace: charlie.address },
    });
    expect(await q.get({ collectionId: id, itemId: 1, namespace: 'itemOwner', key: 'nope' })).toMatchObject({
      attribute: null,
    });
    expect(((await q.getAll({ collectionId: id, itemId: 1 })) as Attributes).attributes).toHaveLength(2);
    expect(((await q.getAll({ collectionId: id })) as Attributes).attributes).toEqual([
      { key: 'theme', value: 'dark', namespace: 'collectionOwner' },
    ]);
    // Cancelling the approval removes what the delegate wrote and returns the deposit.
    const cancel = await hub(bob).nftsPallet.item.cancelAttributesApproval({
      collectionId: id,
      itemId: 1,
      delegate: charlie.address,
    });
    expect(cancel.result).toEqual({
      collectionId: id,
      itemId: 1,
      owner: bob.address,
      delegate: charlie.address,
    });
    expect(nftsEvents(cancel)).toEqual(['ItemAttributesApprovalRemoved']);
    expect(account(charlie.address).reserved).toBe(c0);
    expect(((await q.getAll({ collectionId: id, itemId: 1 })) as Attributes).attributes).toEqual([
      { key: 'level', value: '3', namespace: 'itemOwner' },
    ]);

    // Clearing: the depositor, at collection and item level.
    await fails(
      hub(charlie).nftsPallet.attributes.clear({
        collectionId: id,
        itemId: 1,
        attribute: { key: 'level', namespace: 'itemOwner' },
      }),
      'NoPermission',
    );
    const gone = await hub(bob).nftsPallet.attributes.clear({
      collectionId: id,
      itemId: 1,
      attribute: { key: 'level', namespace: 'itemOwner' },
    });
    expect(gone.result).toEqual({
      collectionId: id,
      itemId: 1,
      attribute: { key: 'level', namespace: 'itemOwner' },
    });
    expect(account(bob.address).reserved).toBe(b0);
    await fails(
      hub(bob).nftsPallet.attributes.clear({
        collectionId: id,
        itemId: 1,
        attribute: { key: 'level', namespace: 'itemOwner' },
      }),
      'AttributeNotFound',
    );
    const cleared = await admin.collection.clearAttribute({
      collectionId: id,
      attribute: { key: 'theme', namespace: 'collectionOwner' },
    });
    expect(cleared.result.attributes).toEqual([]);
    expect(cleared.result.ownerDeposit).toBe(String(NFTS_CONFIG.collectionDeposit));
    const itemLevel = await admin.item.setAttribute({
      collectionId: id,
      itemId: 1,
      attribute: { key: 'rarity', value: 'gold', namespace: 'collectionOwner' },
    });
    expect(itemLevel.result.attributes).toContainEqual({
      key: 'rarity',
      value: 'gold',
      namespace: 'collectionOwner',
    });
    const itemCleared = await admin.item.clearAttribute({
      collectionId: id,
      itemId: 1,
      attribute: { key: 'rarity', value: 'gold', namespace: 'collectionOwner' },
    });
    expect(itemCleared.result.attributes).toEqual([]);
    checkInvariants(devnet.chain);
    checkNftsInvariants(devnet.chain);
  });
});

describe('pallet-nfts trade', () => {
  it('set-price and buy move the balances from buyer to seller', async () => {
    const id = await createCollection(alice);
    await hub(alice).nftsPallet.item.mint({ collectionId: id, itemId: 1, mintTo: bob.address });
    const seller = hub(bob).nftsPallet.trade;
    const buyer = hub(charlie).nftsPallet.trade;
    await fails(buyer.buy({ collectionId: id, itemId: 1, bidPrice: '1' }), 'NotForSale');
    await fails(buyer.setPrice({ collectionId: id, itemId: 1, price: '1' }), 'NoPermission');
    const price = 3n * DEV;
    const offer = await seller.setPrice({ collectionId: id, itemId: 1, price: String(price) });
    expect(offer.result).toEqual({ collectionId: id, itemId: 1, price: String(price), buyer: null });
    expect(event(offer, 'ItemPriceSet')).toEqual({
      collection: String(id),
      item: '1',
      price: String(price),
      whitelisted_buyer: 'null',
    });
    expect((await hub(bob).nftsPallet.item.get({ collectionId: id, itemId: 1 })).price).toEqual({
      amount: String(price),
      buyer: null,
    });
    await fails(buyer.buy({ collectionId: id, itemId: 1, bidPrice: String(price - 1n) }), 'BidTooLow');
    await fails(seller.buy({ collectionId: id, itemId: 1, bidPrice: String(price) }), 'NoPermission');
    const [b0, c0] = [account(bob.address), account(charlie.address)];
    // The buyer pays the asking price, not the (higher) bid.
    const bought = await buyer.buy({ collectionId: id, itemId: 1, bidPrice: String(4n * DEV) });
    expect(bought.result).toEqual({
      collectionId: id,
      itemId: 1,
      price: String(price),
      seller: bob.address,
      buyer: charlie.address,
    });
    expect(nftsEvents(bought)).toEqual(['Transferred', 'ItemBought']);
    expect(account(bob.address).free - b0.free).toBe(price);
    expect(c0.free - account(charlie.address).free).toBe(price + feeOf(bought, charlie.address));
    const item = await hub(bob).nftsPallet.item.get({ collectionId: id, itemId: 1 });
    expect(item).toMatchObject({ owner: charlie.address, price: null });

    // A whitelisted buyer; removing the price.
    await buyer.setPrice({ collectionId: id, itemId: 1, price: 5, buyer: dave.address });
    await fails(hub(eve).nftsPallet.trade.buy({ collectionId: id, itemId: 1, bidPrice: 5 }), 'NoPermission');
    const removed = await buyer.setPrice({ collectionId: id, itemId: 1 });
    expect(removed.result).toEqual({ collectionId: id, itemId: 1, price: null, buyer: null });
    expect(nftsEvents(removed)).toEqual(['ItemPriceRemoved']);
    await fails(hub(dave).nftsPallet.trade.buy({ collectionId: id, itemId: 1, bidPrice: 5 }), 'NotForSale');
    // Too poor a buyer: the balances refusal, nothing moves.
    await buyer.setPrice({ collectionId: id, itemId: 1, price: String(10n ** 30n) });
    await fails(
      hub(dave).nftsPallet.trade.buy({ collectionId: id, itemId: 1, bidPrice: String(10n ** 30n) }),
      'InsufficientBalance',
      'balances',
    );
    expect((await hub(dave).nftsPallet.item.get({ collectionId: id, itemId: 1 })).owner).toBe(
      charlie.address,
    );
    checkInvariants(devnet.chain);
    checkNftsInvariants(devnet.chain);
  });
});

describe('pallet-nfts burn and destroy', () => {
  it('burn returns the deposits; destroy needs an empty collection and an exact witness', async () => {
    const r0 = account(alice.address).reserved;
    const id = await createCollection(alice);
    const owner = hub(alice).nftsPallet;
    await owner.item.mint({ collectionId: id, itemId: 1, mintTo: bob.address });
    await owner.item.setMetadata({ collectionId: id, itemId: 1, data: 'm' });
    await hub(bob).nftsPallet.item.setAttribute({
      collectionId: id,
      itemId: 1,
      attribute: { key: 'k', value: 'v', namespace: 'itemOwner' },
    });
    await fails(owner.collection.destroy({ collectionId: id }), 'CollectionNotEmpty');
    await fails(owner.item.burn({ collectionId: id, itemId: 1 }), 'NoPermission');
    const burned = await hub(bob).nftsPallet.item.burn({ collectionId: id, itemId: 1 });
    expect(burned.result).toEqual({ collectionId: id, itemId: 1, owner: bob.address });
    expect(event(burned, 'Burned')).toEqual({ collection: String(id), item: '1', owner: bob.address });
    const c = await owner.collection.get({ collectionId: id });
    // The metadata went with the item; the owner's attribute stays and counts in the witness.
    expect(c).toMatchObject({ items: 0, itemMetadatas: 0, itemConfigs: 0 });
    await fails(hub(bob).nftsPallet.collection.destroy({ collectionId: id }), 'NoPermission');
    await fails(owner.collection.destroy({ collectionId: id }), 'BadWitness');
    const b0 = account(bob.address).reserved;
    const destroyed = await owner.collection.destroy({
      collectionId: id,
      witness: { itemMetadatas: 0, itemConfigs: 0, attributes: 1 },
    });
    expect(destroyed.result).toEqual({ collectionId: id });
    expect(event(destroyed, 'Destroyed')).toEqual({ collection: String(id) });
    expect(account(alice.address).reserved).toBe(r0);
    expect(b0 - account(bob.address).reserved).toBe(
      NFTS_CONFIG.attributeDepositBase + 2n * NFTS_CONFIG.depositPerByte,
    );
    await expect(owner.collection.get({ collectionId: id })).rejects.toMatchObject({ status: 404 });
    checkInvariants(devnet.chain);
    checkNftsInvariants(devnet.chain);
  });
});

describe('pallet-nfts failures change nothing but the fee', () => {
  it('refused calls leave the state as it was', async () => {
    const id = await createCollection(alice, { maxSupply: 1 });
    await hub(alice).nftsPallet.item.mint({ collectionId: id, itemId: 1, mintTo: bob.address });
    const chain = devnet.chain;
    const cases: [TestAccount, string, Record<string, unknown>, string][] = [
      [
        alice,
        'mint',
        { collection: id, item: 2, mintTo: bob.address, witnessData: null },
        'nfts.MaxSupplyReached',
      ],
      [bob, 'transfer', { collection: id, item: 9, dest: charlie.address }, 'nfts.UnknownItem'],
      [charlie, 'burn', { collection: id, item: 1 }, 'nfts.NoPermission'],
      [bob, 'setPrice', { collection: id, item: 1, price: '5', whitelistedBuyer: charlie.address }, ''],
      [charlie, 'buyItem', { collection: id, item: 1, bidPrice: '4' }, 'nfts.BidTooLow'],
      [dave, 'buyItem', { collection: id, item: 1, bidPrice: '5' }, 'nfts.NoPermission'],
      [alice, 'transferOwnership', { collection: id, newOwner: dave.address }, 'nfts.Unaccepted'],
      [
        alice,
        'destroy',
        { collection: id, witness: { itemMetadatas: 0, itemConfigs: 1, attributes: 0 } },
        'nfts.CollectionNotEmpty',
      ],
      [bob, 'lockCollection', { collection: id, lockSettings: 1 }, 'nfts.NoPermission'],
      [alice, 'lockCollection', { collection: id, lockSettings: 16 }, 'nfts.WrongSetting'],
      [
        alice,
        'create',
        {
          admin: alice.address,
          config: {
            settings: 16,
            maxSupply: null,
            mintSettings: ISSUER_MINT_SETTINGS,
          },
        },
        'nfts.WrongSetting',
      ],
    ];
    for (const [who, method, args, error] of cases) {
      // An empty error marks a setup step that must succeed.
      if (error === '') await ok(chain, who, 'nfts', method, args);
      else await expectDispatchError(chain, who, 'nfts', method, args, error);
    }
    checkInvariants(chain);
    checkNftsInvariants(chain);
  });
});

describe('pallet-nfts in a batch', () => {
  it('utility.batchAll applies pallet-nfts calls all or nothing', async () => {
    const id = await createCollection(alice);
    const sdk = hub(alice);
    const mint = (itemId: number) =>
      sdk.nftsPallet.item.mint.encode({ collectionId: id, itemId, mintTo: bob.address });
    const batch = await sdk.utility.batchAll([mint(1), mint(2)]);
    expect(batch.extrinsicOutput.events.filter((e) => e.method === 'Issued')).toHaveLength(2);
    // The second call fails (item 1 exists): the first one's mint of item 3 is undone.
    await fails(sdk.utility.batchAll([mint(3), mint(1)]), 'AlreadyExists');
    expect(await hub(bob).nftsPallet.account.getItems({ account: bob.address, collectionId: id })).toEqual([
      { collectionId: id, tokenId: 1 },
      { collectionId: id, tokenId: 2 },
    ]);
    checkInvariants(devnet.chain);
    checkNftsInvariants(devnet.chain);
  });
});

describe('pallet-nfts README example', () => {
  it('runs as written in the README', async () => {
    const hub = AssetHub({ baseUrl: devnet.url, account: Sr25519Account.fromUri('//Alice') });
    const { result: c } = await hub.nftsPallet.collection.create({
      collectionConfig: {
        maxSupply: 100,
        mintSettings: { mintType: 'Public', price: '1000000000000000000' },
      },
    });
    const bob = AssetHub({ baseUrl: devnet.url, account: Sr25519Account.fromUri('//Bob') });
    const { result: item } = await bob.nftsPallet.item.mint({
      collectionId: c.collectionId,
      itemId: 1,
      mintTo: Sr25519Account.fromUri('//Bob').address,
      witnessData: { mintPrice: 1e18 },
    });
    expect(item.owner).toBe(Sr25519Account.fromUri('//Bob').address);
  });
});

describe('pallet-nfts inputs', () => {
  it('addresses, atBlockHash and namespaces', async () => {
    const id = await createCollection(alice);
    const eth = '0xd43593c715Fdd31c61141ABd04a99FD6822c8558';
    // An Ethereum address acts through its substrate mirror.
    const minted = await hub(alice).nftsPallet.item.mint({ collectionId: id, itemId: 1, mintTo: eth });
    expect(minted.result.owner).toBe(ethereumToSubstrateMirror(eth));
    const sdk = hub(bob).nftsPallet;
    const hash = devnet.chain.headHash;
    expect((await sdk.collection.get({ collectionId: id, atBlockHash: hash })).collectionId).toBe(id);
    await expect(
      sdk.collection.get({ collectionId: id, atBlockHash: `0x${'00'.repeat(32)}` }),
    ).rejects.toMatchObject({
      status: 404,
    });
    // `Account` is not a namespace (the account namespace is an address); any SS58 prefix is the same account.
    const bad = await getJson(
      `${devnet.url}/pallet-nfts/attribute?collectionId=${id}&namespace=Account&key=k`,
    );
    expect(bad.status).toBe(400);
    const unique = encodeSubstrateAddress(decodeSubstrateAddress(charlie.address), 7391);
    await hub(alice).nftsPallet.item.mint({ collectionId: id, itemId: 2, mintTo: bob.address });
    await hub(bob).nftsPallet.item.approveAttributes({ collectionId: id, itemId: 2, delegate: unique });
    const set = await hub(charlie).nftsPallet.attributes.set({
      collectionId: id,
      itemId: 2,
      attribute: { key: 'k', value: 'v', namespace: unique },
    });
    expect(set.result.attribute.namespace).toBe(charlie.address);
    expect(
      (await sdk.attributes.get({ collectionId: id, itemId: 2, namespace: unique, key: 'k' })).attribute,
    ).toEqual({ key: 'k', value: 'v', namespace: charlie.address });
  });

  it('attributes of a burned item can be cleared by anyone, refunding their depositor', async () => {
    const id = await createCollection(alice);
    await hub(alice).nftsPallet.item.mint({ collectionId: id, itemId: 1, mintTo: bob.address });
    await hub(bob).nftsPallet.item.setAttribute({
      collectionId: id,
      itemId: 1,
      attribute: { key: 'k', value: 'v', namespace: 'itemOwner' },
    });
    const r0 = account(bob.address).reserved;
    await hub(bob).nftsPallet.item.burn({ collectionId: id, itemId: 1 });
    expect((await hub(bob).nftsPallet.collection.get({ collectionId: id })).items).toBe(0);
    // Anyone may clear it now; the deposit goes back to bob, who paid it.
    const cleared = await hub(dave).nftsPallet.attributes.clear({
      collectionId: id,
      itemId: 1,
      attribute: { key: 'k', namespace: 'itemOwner' },
    });
    expect(nftsEvents(cleared)).toEqual(['AttributeCleared']);
    expect(r0 - account(bob.address).reserved).toBe(
      NFTS_CONFIG.attributeDepositBase + 2n * NFTS_CONFIG.depositPerByte,
    );
    // Now the default witness fits and the collection can go.
    await hub(alice).nftsPallet.collection.destroy({ collectionId: id });
  });
});

describe('pallet-nfts write flow', () => {
  it('fee, encode and a bad status hash', async () => {
    const args = { collectionConfig: { maxSupply: 3 } };
    const fee = await postJson(`${devnet.url}/pallet-nfts/collection/create/fee`, {
      args,
      options: { signerAddress: alice.address },
    });
    expect(fee.status).toBe(200);
    expect(BigInt(String(fee.body.totalFee))).toBeGreaterThan(0n);
    const encoded = await postJson(`${devnet.url}/pallet-nfts/items/burn/encode`, {
      args: { collectionId: 1, itemId: 1 },
    });
    expect(encoded.status).toBe(200);
    expect(String(encoded.body.compactExtrinsic)).toMatch(/^0x[0-9a-f]+$/);
    // `admin` defaults to the signer, so encoding a create without one cannot name the admin.
    const noSigner = await postJson(`${devnet.url}/pallet-nfts/collection/create/encode`, { args: {} });
    expect(noSigner.status).toBe(400);
    const status = await getJson(`${devnet.url}/pallet-nfts/items/mint/status/0x${'ab'.repeat(32)}`);
    expect(status.status).toBe(404);
    const badMeta = await postJson(`${devnet.url}/pallet-nfts/collection/set-metadata/build`, {
      args: { collectionId: 1, data: 'x'.repeat(NFTS_CONFIG.stringLimit + 1) },
      options: { signerAddress: alice.address },
    });
    expect(badMeta.status).toBe(400);
    expect(String(badMeta.body.error)).toContain('data');
    const badPrice = await postJson(`${devnet.url}/pallet-nfts/items/set-price/build`, {
      args: { collectionId: 1, itemId: 1, price: 'ten' },
      options: { signerAddress: alice.address },
    });
    expect(badPrice.status).toBe(400);
    expect(String(badPrice.body.error)).toContain('price');
  });
});
