import { UniqueChain } from '@nftkit/sdk';
import { UniqueIndexer } from '@unique-nft/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { alice, bob } from './helpers/accounts.js';
import { devnetForFile } from './helpers/devnet.js';

// The real `@unique-nft/sdk` UniqueIndexer, unchanged, as a differential oracle: it validates every answer with its
// own zod schemas and throws on a mismatch, so each call below proves the devnet's rows have the real shapes.
const devnet = devnetForFile();
let collectionId: number;
let transferHash: string;
beforeAll(async () => {
  const sdk = UniqueChain({
    baseUrl: devnet.url,
    account: alice,
    statusOptions: { retries: 50, timeout: 100 },
  });
  const { result } = await sdk.collection.create({
    mode: 'Nft',
    name: 'Real indexer',
    description: 'oracle',
    symbol: 'RI',
    info: { cover_image: { url: 'https://example.com/c.png' } },
  });
  collectionId = result.collectionId;
  await sdk.token.mintNFTs({
    collectionId,
    tokens: [{ owner: alice.address, data: { name: 'A', attributes: [{ trait_type: 'k', value: 'v' }] } }],
  });
  const tf = await sdk.token.transfer({ collectionId, tokenId: 1, to: bob.address });
  transferHash = tf.extrinsicOutput.hash;
  await sdk.balance.transfer({ to: bob.address, amount: '5' });
}, 60_000);

describe('the real @unique-nft/sdk UniqueIndexer against the devnet', () => {
  it('reads every route and accepts every row', async () => {
    const ix = UniqueIndexer({ baseUrl: `${devnet.url}/indexer` });
    const head = devnet.chain.headNumber;
    expect((await ix.blocks({ limit: 2 })).items.map((b) => b.number)).toEqual([head, head - 1]);
    expect((await ix.block({ hashOrNumber: '1' })).number).toBe(1);
    expect((await ix.account({ address: bob.address })).address).toBe(bob.address);
    expect((await ix.accounts({ isSigner: true })).items.map((a) => a.address)).toEqual([alice.address]);
    expect((await ix.coinBalance({ address: bob.address })).address).toBe(bob.address);
    expect((await ix.coinBalances({ addressIn: [bob.address] })).count).toBe(1);
    expect((await ix.balanceTransfers({ toIn: [bob.address] })).items[0]!.amount).toBe('5');
    const c = await ix.collection({ collectionId: String(collectionId) });
    expect(c.name).toBe('Real indexer');
    expect((await ix.collections({ isBurned: false })).count).toBe(1);
    const nft = await ix.nft({ collectionId: String(collectionId), tokenId: 1 });
    expect(nft.owner).toBe(bob.address);
    expect(nft.name).toBe('A');
    expect((await ix.nfts({ ownerIn: [bob.address] })).count).toBe(1);
    expect((await ix.events({ sectionIn: ['common'], methodIn: ['Transfer'] })).count).toBe(1);
    expect((await ix.eventSections()).length).toBeGreaterThan(3);
    expect((await ix.extrinsic({ hash: transferHash })).method).toBe('transfer');
    expect((await ix.extrinsics({ signerIn: [alice.address] })).count).toBe(4);
    expect((await ix.extrinsicSections()).length).toBeGreaterThan(1);
    expect((await ix.tokenBalances({ addressIn: [bob.address] })).items[0]!.amount).toBe('1');
    expect((await ix.tokenTransfers({ toIn: [bob.address] })).items[0]!.tokenId).toBe(1);
  });
});
