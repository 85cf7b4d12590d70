import { describe, expect, it } from 'vitest';
import { SNAKE_COLLECTION_INPUT } from '../../api/test/fixtures.js';
import { alice, bob, charlie, dave } from './helpers/accounts.js';
import { devnetForFile } from './helpers/devnet.js';
import { checkInvariants } from './helpers/invariants.js';
import { sdkClients } from './helpers/sdk.js';

// Every route the devnet implements, driven by the sdk client over real HTTP with real sr25519 signatures.
const devnet = devnetForFile();
const as = sdkClients(devnet);

describe('every route through the sdk client', () => {
  it('balances, accounts and the faucet', async () => {
    const sdk = as(alice);
    const b = await sdk.balance.get({ address: bob.address });
    expect(b).toMatchObject({ decimals: 18, tokenSymbol: 'DEV', available: '1000000' });
    const { nextIndex } = await sdk.account.nextIndex({ address: alice.address });
    const t = await sdk.balance.transfer({ to: dave.address, amount: '1.5', isAmountInCoins: true });
    expect(t.result).toEqual({
      from: alice.address,
      to: dave.address,
      amountInCoin: '1.5',
      amount: '1500000000000000000',
    });
    expect((await sdk.account.nextIndex({ address: alice.address })).nextIndex).toBe(nextIndex + 1);
    const res = await fetch(`${devnet.url}/devnet/faucet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: '5EYCAe5ijiYfyeZ2JJCGq56LmPyNRAKzpG4QkoQkkQNB5e6Z', amount: '7' }),
    });
    expect(res.status).toBe(200);
    checkInvariants(devnet.chain);
  });

  it('collections: create, properties, permissions, sponsor, limits, admins, owner, list, stats, delete', async () => {
    const sdk = as(alice);
    const created = await sdk.collection.create({
      ...SNAKE_COLLECTION_INPUT,
      tokenPropertyPermissions: [
        { key: 'score', permission: { mutable: true, collectionAdmin: true, tokenOwner: true } },
      ],
      permissions: { nesting: { tokenOwner: true } },
    });
    const c = created.result;
    expect(c).toMatchObject({
      name: 'Snake',
      symbol: 'SNK',
      mode: 'NFT',
      owner: alice.address,
      isErc721Metadata: true,
    });
    expect(c.info).toMatchObject({ cover_image: { url: 'https://example/cover.png' } });
    const collectionId = c.collectionId;

    const props = await sdk.collection.setProperties({
      collectionId,
      properties: [{ key: 'site', value: 'snake.example' }],
    });
    expect(props.result.properties).toContainEqual({
      key: 'site',
      value: 'snake.example',
      valueHex: '0x736e616b652e6578616d706c65',
    });
    const del = await sdk.collection.deleteProperties({ collectionId, keys: ['site'] });
    expect(del.result.properties.find((p: { key: string }) => p.key === 'site')).toBeUndefined();
    const tpp = await sdk.collection.setTokenPropertyPermissions({
      collectionId,
      tokenPropertyPermissions: [
        { key: 'level', permission: { mutable: false, collectionAdmin: true, tokenOwner: false } },
      ],
    });
    expect(tpp.result.tokenPropertyPermissions).toContainEqual({
      key: 'level',
      permission: { mutable: false, collectionAdmin: true, tokenOwner: false },
    });
    const lim = await sdk.collection.setLimits({
      collectionId,
      limits: { accountTokenOwnershipLimit: 1000 },
    });
    expect(lim.result.limits?.accountTokenOwnershipLimit).toBe(1000);
    const admin = await sdk.collection.addAdmin({ collectionId, newAdmin: charlie.address });
    expect(admin.result.admins).toEqual([charlie.address]);
    const removed = await sdk.collection.removeAdmin({ collectionId, adminToDelete: charlie.address });
    expect(removed.result.admins).toEqual([]);
    await sdk.collection.setSponsor({ collectionId, sponsor: bob.address });
    const confirmed = await as(bob).collection.confirmSponsorship({ collectionId });
    expect(confirmed.result.sponsorship).toEqual({
      isEnabled: true,
      isConfirmed: true,
      sponsor: bob.address,
    });

    const got = await sdk.collection.get({ collectionId });
    expect(got).toMatchObject({ collectionId, lastTokenId: 0, totalSupply: 0 });
    const list = await sdk.collection.list({ limit: 10 });
    expect(list.collections.map((x: { collectionId: number }) => x.collectionId)).toContain(collectionId);
    const stats = await sdk.collection.getAllCollectionStats({});
    expect(stats.created).toBeGreaterThanOrEqual(1);

    const second = await sdk.collection.create({ mode: 'Nft', name: 'Tmp', description: 'x', symbol: 'T' });
    const moved = await sdk.collection.transferCollection({
      collectionId: second.result.collectionId,
      to: bob.address,
    });
    expect(moved.result.owner).toBe(bob.address);
    const gone = await as(bob).collection.destroy({ collectionId: second.result.collectionId });
    expect(gone.result).toEqual({ collectionId: second.result.collectionId });
  });

  it('tokens: mint, get, update, properties, approve, transfer, nest, unnest, burn, queries', async () => {
    const sdk = as(alice);
    const { result: c } = await sdk.collection.create({
      mode: 'Nft',
      name: 'Tokens',
      description: 'd',
      symbol: 'TK',
      info: { cover_image: { url: 'https://example/c.png' } },
      tokenPropertyPermissions: [
        { key: 'score', permission: { mutable: true, collectionAdmin: true, tokenOwner: true } },
      ],
      permissions: { nesting: { tokenOwner: true } },
      limits: { ownerCanTransfer: false },
    });
    const collectionId = c.collectionId;
    const minted = await sdk.token.mintNFTs({
      collectionId,
      tokens: [
        {
          owner: bob.address,
          data: { image: 'https://example/1.png', attributes: [{ trait_type: 'score', value: 0 }] },
        },
        { owner: bob.address, properties: [{ key: 'score', value: '5' }] },
        {},
        {},
      ],
    });
    expect(minted.result.map((t: { tokenId: number }) => t.tokenId)).toEqual([1, 2, 3, 4]);
    expect(minted.result[2]!.owner).toBe(alice.address);
    const token = await sdk.token.get({ collectionId, tokenId: 1 });
    expect(token).toMatchObject({ owner: bob.address, image: 'https://example/1.png', symbol: 'TK' });

    const upd = await sdk.token.update({
      collectionId,
      tokenId: 1,
      data: { image: 'https://example/1b.png' },
    });
    expect(upd.result.image).toBe('https://example/1b.png');
    expect(upd.result.attributes).toEqual([{ trait_type: 'score', value: 0 }]);

    const set = await as(bob).token.setProperties({
      collectionId,
      tokenId: 2,
      properties: [{ key: 'score', value: '120' }],
    });
    expect(set.result.properties).toContainEqual({ key: 'score', value: '120', valueHex: '0x313230' });
    const delp = await as(bob).token.deleteProperties({ collectionId, tokenId: 2, keys: ['score'] });
    expect(delp.result.properties).toEqual([]);

    const ap = await as(bob).token.approve({ collectionId, tokenId: 2, spender: charlie.address });
    expect(ap.result).toEqual({ collectionId, tokenId: 2, spender: charlie.address, amount: 1 });
    expect(await sdk.token.getApproved({ collectionId, tokenId: 2, spender: charlie.address })).toEqual({
      isApproved: true,
      amount: '1',
    });
    const tf = await as(charlie).token.transfer({
      collectionId,
      tokenId: 2,
      from: bob.address,
      to: dave.address,
    });
    expect(tf.result.owner).toBe(dave.address);
    const tr = await as(bob).token.transfer({ collectionId, tokenId: 1, to: charlie.address });
    expect(tr.result.owner).toBe(charlie.address);

    // Dave may not nest under alice's token (tokenOwner nesting needs the parent's owner).
    await expect(
      as(dave).token.nest({ parent: { collectionId, tokenId: 3 }, nested: { collectionId, tokenId: 2 } }),
    ).rejects.toMatchObject({ message: expect.stringContaining('UserIsNotAllowedToNest') });
    const nested = await sdk.token.nest({
      parent: { collectionId, tokenId: 3 },
      nested: { collectionId, tokenId: 4 },
    });
    expect(nested.result.parentToken).toEqual({ collectionId, tokenId: 3 });
    expect(nested.result.topmostOwner).toBe(alice.address);
    const withChildren = await sdk.token.get({ collectionId, tokenId: 3, withChildren: true });
    expect(withChildren.children?.map((x: { tokenId: number }) => x.tokenId)).toEqual([4]);
    const actions = await sdk.token.possibleActions({ sender: alice.address, collectionId, tokenId: 4 });
    expect(actions).toMatchObject({ unnest: true, burn: true });
    const parentActions = await sdk.token.possibleActions({
      sender: alice.address,
      collectionId,
      tokenId: 3,
    });
    expect(parentActions).toMatchObject({ burn: false, transfer: true });
    const un = await sdk.token.unnest({ nested: { collectionId, tokenId: 4 } });
    expect(un.result.owner).toBe(alice.address);

    const tokens = await sdk.collection.accountTokens({ collectionId, address: alice.address });
    expect(tokens).toEqual([
      { collectionId, tokenId: 3 },
      { collectionId, tokenId: 4 },
    ]);
    const meta = await sdk.utility.getParsedMetadata({ collectionId, tokenId: 1 });
    expect(meta.parsed.image).toBe('https://example/1b.png');

    const burnt = await sdk.token.burn({ collectionId, tokenId: 3 });
    expect(burnt.result).toEqual({ collectionId, tokenId: 3, amount: 1 });
    await as(charlie).token.approve({ collectionId, tokenId: 1, spender: alice.address });
    const bf = await sdk.token.burnFrom({ collectionId, tokenId: 1, from: charlie.address });
    expect(bf.result).toEqual({ collectionId, tokenId: 1, amount: 1 });
    checkInvariants(devnet.chain);
  });

  it('utility.batchAll runs encoded calls atomically', async () => {
    const sdk = as(alice);
    const { result: c } = await sdk.collection.create({
      mode: 'Nft',
      name: 'B',
      description: 'b',
      symbol: 'B',
    });
    const { result } = await sdk.utility.batchAll([
      sdk.token.mintNFTs.encode({ collectionId: c.collectionId, tokens: [{ owner: bob.address }] }),
      sdk.balance.transfer.encode({ to: bob.address, amount: '1' }),
    ]);
    expect(result.isSuccess).toBe(true);
    expect(result.calls.map((x: { name: string }) => x.name)).toEqual([
      'unique.createMultipleItemsEx',
      'balances.transferKeepAlive',
    ]);
  });
});
