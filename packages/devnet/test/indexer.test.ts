import { nestingAddressFromIds, substrateToEthereumMirror } from '@nftkit/primitives';
import { UniqueIndexer } from '@nftkit/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { alice, bob, charlie, dave, eve, pauper } from './helpers/accounts.js';
import { devnetForFile } from './helpers/devnet.js';
import { checkIndexerAgrees } from './helpers/indexerInvariants.js';
import { sdkClients } from './helpers/sdk.js';

// The indexer routes of rest-api §4.10, read through the sdk's UniqueIndexer (which validates every answer with
// the api's row schemas) after writes made through the sdk's UniqueChain against a devnet in instant mode.
const devnet = devnetForFile();
let ix: ReturnType<typeof UniqueIndexer>;
const as = sdkClients(devnet);
const ROYALTY = '5HpG9w8EBLe5XCrbczpwq5TSXvedjrBGCwqxK1iQ7qUsSWFc';

let collectionId: number;
let transferHash: string;
let coinTransferAmount: string;

beforeAll(async () => {
  ix = UniqueIndexer({ baseUrl: `${devnet.url}/indexer` });
  const sdk = as(alice);
  const { result: c } = await sdk.collection.create({
    mode: 'Nft',
    name: 'Indexed Snakes',
    description: 'Scores of the snake game',
    symbol: 'ISNK',
    info: { cover_image: { url: 'https://example.com/cover.png' } },
    tokenPropertyPermissions: [
      { key: 'score', permission: { mutable: true, collectionAdmin: true, tokenOwner: true } },
    ],
    permissions: { nesting: { tokenOwner: true } },
  });
  collectionId = c.collectionId;
  await sdk.token.mintNFTs({
    collectionId,
    tokens: [
      {
        owner: bob.address,
        data: {
          name: 'Snake 1',
          image: 'https://example.com/1.png',
          attributes: [{ trait_type: 'color', value: 'green' }],
          royalties: [{ address: ROYALTY, percent: 5 }],
        },
      },
      { owner: bob.address, data: { name: 'Snake 2', attributes: [{ trait_type: 'color', value: 'red' }] } },
      { owner: alice.address, data: { name: 'Snake 3' } },
      { owner: alice.address, data: { name: 'Snake 4' } },
      ...Array.from({ length: 8 }, (_, i) => ({ owner: eve.address, data: { name: `Filler ${i}` } })),
    ],
  });
  const tf = await as(bob).token.transfer({ collectionId, tokenId: 2, to: charlie.address });
  transferHash = tf.extrinsicOutput.hash;
  await sdk.token.nest({ parent: { collectionId, tokenId: 3 }, nested: { collectionId, tokenId: 4 } });
  await as(eve).token.burn({ collectionId, tokenId: 12 });
  // A failed call is still included (and charged): the indexer lists it with its ExtrinsicFailed event.
  await expect(as(dave).token.transfer({ collectionId, tokenId: 1, to: dave.address })).rejects.toMatchObject(
    {
      name: 'ApiError',
      message: expect.stringContaining('"name":"NoPermission"'),
    },
  );
  coinTransferAmount = '1234500000000000000';
  await sdk.balance.transfer({ to: dave.address, amount: coinTransferAmount });
  // Enough collections to see the default page size of 10, one of them destroyed.
  for (let i = 0; i < 10; i++)
    await as(charlie).collection.create({ mode: 'Nft', name: `Filler ${i}`, description: 'f', symbol: 'F' });
  const { result: gone } = await as(charlie).collection.create({
    mode: 'Nft',
    name: 'Gone',
    description: 'g',
    symbol: 'G',
  });
  await as(charlie).collection.destroy({ collectionId: gone.collectionId });
}, 120_000);

describe('indexer: what the test wrote, filtered and paged', () => {
  it('agrees with the chain state', () => {
    checkIndexerAgrees(devnet.chain);
  });

  it('blocks: newest first, ranges, paging, by number and by hash with their extrinsics, 404', async () => {
    const head = devnet.chain.headNumber;
    const all = await ix.blocks({});
    expect(all.count).toBe(head + 1);
    expect(all.items[0]!.number).toBe(head);
    const page = await ix.blocks({ numberFrom: 1, numberTo: 5, orderByNumber: 'asc', limit: 2, offset: 1 });
    expect(page.count).toBe(5);
    expect(page.items.map((b) => b.number)).toEqual([2, 3]);
    const one = await ix.block({ hashOrNumber: 2 });
    expect(one.hash).toBe(devnet.chain.blockHash(2));
    expect(one.extrinsics).toHaveLength(1);
    expect(one.extrinsics![0]!.events!.map((e) => `${e.section}.${e.method}`)).toContain(
      'common.ItemCreated',
    );
    const byHash = await ix.block({ hashOrNumber: one.hash });
    expect(byHash.number).toBe(2);
    await expect(ix.block({ hashOrNumber: 999_999 })).rejects.toThrow(/404/);
  });

  it('extrinsics and events: by signer, call, address and block range; sections', async () => {
    const bobs = await ix.extrinsics({ signerIn: [bob.address] });
    expect(bobs.count).toBe(1);
    expect(bobs.items[0]).toMatchObject({ section: 'unique', method: 'transfer', signer: bob.address });
    const one = await ix.extrinsic({ hash: transferHash });
    expect(one.events!.map((e) => e.method)).toContain('Transfer');
    // An event's asHex is its data's JSON as UTF-8 bytes.
    const hexOf = (data: unknown) => `0x${Buffer.from(JSON.stringify(data), 'utf8').toString('hex')}`;
    await expect(ix.extrinsic({ hash: `0x${'ab'.repeat(32)}` })).rejects.toThrow(/404/);

    const daves = await ix.extrinsics({ signerIn: [dave.address] });
    expect(daves.items.map((x) => `${x.section}.${x.method}`)).toEqual(['unique.transfer']);
    expect(daves.items[0]!.events!.map((e) => `${e.section}.${e.method}`)).toContain(
      'system.ExtrinsicFailed',
    );
    expect((await ix.events({ methodIn: ['ExtrinsicFailed'] })).count).toBe(1);

    const transfers = await ix.events({ sectionIn: ['common'], methodIn: ['Transfer'] });
    expect(transfers.count).toBe(2); // the transfer and the nesting
    const charlies = await ix.events({ address: charlie.address, sectionIn: ['common'] });
    expect(charlies.items.map((e) => e.method)).toContain('Transfer');
    const ranged = await ix.events({ blockNumberFrom: 1, blockNumberTo: 1 });
    expect(ranged.items.every((e) => e.blockNumber === 1)).toBe(true);
    for (const e of ranged.items) expect(e.asHex).toBe(hexOf(e.data));
    expect(ranged.count).toBeGreaterThan(0);
    expect(await ix.eventSections({})).toContainEqual({ section: 'common', method: 'ItemCreated' });
    expect(await ix.extrinsicSections({})).toContainEqual({
      section: 'unique',
      method: 'createCollectionEx',
    });
  });

  it('accounts: flags, mirror, prototype, filters and 404', async () => {
    const b = await ix.account({ address: bob.address });
    expect(b).toMatchObject({
      address: bob.address,
      mirror: substrateToEthereumMirror(bob.address),
      isEthereum: false,
      isSigner: true,
      isSmartContract: false,
    });
    const royalty = await ix.accounts({ addressIn: [ROYALTY] });
    expect(royalty.count).toBe(0); // named in metadata only: no event, no balance
    const signers = await ix.accounts({ isSigner: true, orderByAddress: 'asc' });
    expect(signers.items.map((a) => a.address).sort()).toEqual(
      [alice.address, bob.address, charlie.address, dave.address, eve.address].sort(),
    );
    const contracts = await ix.accounts({ isSmartContract: true });
    expect(contracts.items.every((a) => a.isEthereum)).toBe(true);
    expect(contracts.items.map((a) => a.address)).toContain(nestingAddressFromIds(collectionId, 3));
    await expect(ix.account({ address: pauper.address })).rejects.toThrow(/404/);
  });

  it('coin balances and coin transfers: amounts as text, bigint ranges', async () => {
    const onChain = await as(alice).balance.get({ address: dave.address });
    const d = await ix.coinBalance({ address: dave.address });
    expect(d.free).toBe(onChain.free);
    expect(d.total).toBe(onChain.total);
    const rich = await ix.coinBalances({ freeFrom: BigInt(onChain.free), freeTo: BigInt(onChain.free) });
    expect(rich.items.map((r) => r.address)).toContain(dave.address);
    expect(rich.items.every((r) => r.free === onChain.free)).toBe(true);
    const t = await ix.balanceTransfers({ fromIn: [alice.address], toIn: [dave.address] });
    expect(t.count).toBe(1);
    expect(t.items[0]).toMatchObject({ from: alice.address, to: dave.address, amount: coinTransferAmount });
    expect(t.items[0]!.event).toMatchObject({ extrinsic: { section: 'balances', signer: alice.address } });
    const none = await ix.balanceTransfers({ amountFrom: BigInt(coinTransferAmount) + 1n });
    expect(none.count).toBe(0);
    // The faucet pays outside any block: the indexer has the new balance at once, stamped with the head block.
    await expect(ix.coinBalance({ address: pauper.address })).rejects.toThrow(/404/);
    const paid = await fetch(`${devnet.url}/devnet/faucet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: pauper.address, amount: '7' }),
    });
    expect(paid.status).toBe(200);
    const p = await ix.coinBalance({ address: pauper.address });
    expect(p).toMatchObject({ free: '7000000000000000000', updatedAtBlockNumber: devnet.chain.headNumber });
  });

  it('collections: indexed fields, default page of 10 without burned ones, filters, 404', async () => {
    const c = await ix.collection({ collectionId: String(collectionId) });
    expect(c).toMatchObject({
      collectionId,
      owner: alice.address,
      name: 'Indexed Snakes',
      tokenPrefix: 'ISNK',
      mode: 'NFT',
      lastTokenId: 12,
      schemaName: 'unique',
      isBurned: false,
      erc721metadata: true,
      coverImage: { url: 'https://example.com/cover.png' },
      permissions: { nesting: { token_owner: true } },
    });
    expect(c.tokenPropertyPermissions).toContainEqual({
      key: 'score',
      keyHex: '0x73636f7265',
      permission: { mutable: true, collection_admin: true, token_owner: true },
    });
    const page = await ix.collections({});
    expect(page.count).toBe(11);
    expect(page.items).toHaveLength(10);
    const burned = await ix.collections({ isBurned: true });
    expect(burned.items.map((x) => x.name)).toEqual(['Gone']);
    expect((await ix.collections({ nameLike: 'snakes' })).items.map((x) => x.collectionId)).toEqual([
      collectionId,
    ]);
    const charlies = await ix.collections({
      ownerIn: [charlie.address],
      orderByCollectionId: 'desc',
      limit: 3,
    });
    expect(charlies.count).toBe(10);
    expect(charlies.items.map((x) => x.name)).toEqual(['Filler 9', 'Filler 8', 'Filler 7']);
    expect((await ix.collections({ mode: 'Fungible' })).count).toBe(0);
    await expect(ix.collection({ collectionId: '4000000' })).rejects.toThrow(/404/);
  });

  it('nfts: parsed metadata, owner, nesting, burn, attribute and royalty filters, default page of 10', async () => {
    const n = await ix.nft({ collectionId: String(collectionId), tokenId: 1 });
    expect(n).toMatchObject({
      owner: bob.address,
      topmostOwner: bob.address,
      name: 'Snake 1',
      image: 'https://example.com/1.png',
      attributes: [{ trait_type: 'color', value: 'green' }],
      schemaName: 'unique',
      schemaVersion: '2.0.0',
      isBurned: false,
      isBundle: false,
    });
    const nested = await ix.nft({ collectionId: String(collectionId), tokenId: 4 });
    expect(nested.topmostOwner).toBe(alice.address);
    expect(nested.isBundle).toBe(true);
    expect((await ix.nft({ collectionId: String(collectionId), tokenId: 3 })).isBundle).toBe(true);
    const all = await ix.nfts({ collectionIdIn: [String(collectionId)] });
    expect(all.count).toBe(12);
    expect(all.items).toHaveLength(10);
    const charlies = await ix.nfts({ ownerIn: [charlie.address] });
    expect(charlies.items.map((x) => x.tokenId)).toEqual([2]);
    const burned = await ix.nfts({ isBurned: true });
    expect(burned.items.map((x) => x.tokenId)).toEqual([12]);
    expect((await ix.nfts({ attributeValueIn: ['red'] })).items.map((x) => x.tokenId)).toEqual([2]);
    expect((await ix.nfts({ attributeTraitTypeIn: ['color'] })).count).toBe(2);
    expect((await ix.nfts({ royaltyRecipientIn: [ROYALTY] })).items.map((x) => x.tokenId)).toEqual([1]);
    expect((await ix.nfts({ topmostOwnerIn: [alice.address], isBundle: true })).count).toBe(2);
    const newest = await ix.nfts({
      ownerIn: [eve.address],
      isBurned: false,
      orderByTokenId: 'desc',
      limit: 3,
      offset: 1,
    });
    expect(newest.count).toBe(7);
    expect(newest.items.map((x) => x.tokenId)).toEqual([10, 9, 8]);
    await expect(ix.nft({ collectionId: String(collectionId), tokenId: 999 })).rejects.toThrow(/404/);
  });

  it('token balances and token transfers: by address, mode, ids, amounts', async () => {
    const bobs = await ix.tokenBalances({ addressIn: [bob.address] });
    expect(bobs.items.map((b) => [b.collectionId, b.tokenId, b.amount])).toEqual([[collectionId, 1, '1']]);
    expect((await ix.tokenBalances({ mode: 'NFT', collectionIdIn: [String(collectionId)] })).count).toBe(11);
    expect((await ix.tokenBalances({ mode: 'RFT' })).count).toBe(0);
    expect((await ix.tokenBalances({ tokenIdIn: ['4'] })).items[0]!.address).toMatch(/^0xF8238/i);
    const tf = await ix.tokenTransfers({ fromIn: [bob.address] });
    expect(tf.items).toHaveLength(1);
    expect(tf.items[0]).toMatchObject({
      from: bob.address,
      to: charlie.address,
      collectionId,
      tokenId: 2,
      amount: '1',
      event: { extrinsicHash: transferHash, extrinsic: { section: 'unique', method: 'transfer' } },
    });
    expect((await ix.tokenTransfers({ tokenIdIn: [4], mode: 'NFT' })).count).toBe(1);
    expect((await ix.tokenTransfers({ amountFrom: 2n })).count).toBe(0);
  });

  it('bad input is a 400 naming the field; unknown items are 404s', async () => {
    const base = `${devnet.url}/indexer`;
    const cases: [string, string][] = [
      ['/blocks?limit=0', 'limit'],
      ['/blocks?orderByNumber=sideways', 'orderByNumber'],
      ['/nfts?ownerIn=nobody', 'ownerIn'],
      ['/collections?collectionIdIn=007', 'collectionIdIn'],
      ['/tokens?tokenIdIn=x', 'tokenIdIn'],
      ['/balance?freeFrom=1.5', 'freeFrom'],
      ['/accounts?createdTimestampFrom=yesterday', 'createdTimestampFrom'],
      ['/nfts/abc/1', 'collectionId'],
      [`/extrinsics?${Array.from({ length: 1001 }, (_, i) => `sectionIn=s${i}`).join('&')}`, 'sectionIn'],
    ];
    for (const [path, field] of cases) {
      const res = await fetch(base + path);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { error: string }).error, path).toContain(field);
    }
    expect((await fetch(`${base}/extrinsics/0x00`)).status).toBe(404);
    expect((await fetch(`${base}/balance/${eve.address.slice(0, -1)}x`)).status).toBe(400);
  });
});
