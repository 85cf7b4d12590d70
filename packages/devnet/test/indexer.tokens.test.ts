import { UniqueChain, UniqueIndexer } from '@nftkit/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { alice, bob, charlie, dave } from './helpers/accounts.js';
import { devnetForFile } from './helpers/devnet.js';
import { checkIndexerAgrees } from './helpers/indexerInvariants.js';

// Fungible and refungible collections as the indexer sees them: collection mode, token balances kept from the
// event amounts (fungible token id 0, RFT pieces), transfers, and the mode filters.
const devnet = devnetForFile();
let ix: ReturnType<typeof UniqueIndexer>;
let gold: number;
let shares: number;
const as = (account: typeof alice) =>
  UniqueChain({ baseUrl: devnet.url, account, statusOptions: { retries: 50, timeout: 100 } });

beforeAll(async () => {
  ix = UniqueIndexer({ baseUrl: `${devnet.url}/indexer` });
  const g = await as(alice).collection.create({
    mode: 'Fungible',
    tokenDecimals: 6,
    name: 'Gold',
    description: 'g',
    symbol: 'GLD',
  });
  gold = g.result.collectionId;
  await as(alice).fungible.mint({ collectionId: gold, amount: '1000', recipient: bob.address });
  await as(bob).fungible.transfer({ collectionId: gold, to: charlie.address, amount: '300' });
  await as(charlie).fungible.burn({ collectionId: gold, amount: '100' });
  const s = await as(alice).collection.create({
    mode: 'ReFungible',
    name: 'Shares',
    description: 's',
    symbol: 'SHR',
  });
  shares = s.result.collectionId;
  await as(alice).refungible.mint({
    collectionId: shares,
    owners: [
      { address: bob.address, pieces: 60 },
      { address: charlie.address, pieces: 40 },
    ],
  });
  await as(bob).refungible.transfer({ collectionId: shares, tokenId: 1, to: dave.address, amount: 25 });
}, 60_000);

describe('indexer: fungible and refungible tokens', () => {
  it('balances follow mints, transfers and burns, and agree with the pallets', async () => {
    checkIndexerAgrees(devnet.chain);
    const fungible = await ix.tokenBalances({ mode: 'Fungible', orderByAddress: 'asc' });
    expect(fungible.items.map((b) => [b.address, b.tokenId, b.amount]).sort()).toEqual(
      [
        [bob.address, 0, '700'],
        [charlie.address, 0, '200'],
      ].sort(),
    );
    const rft = await ix.tokenBalances({ mode: 'RFT', collectionIdIn: [String(shares)] });
    expect(rft.items.map((b) => [b.address, b.amount]).sort()).toEqual(
      [
        [bob.address, '35'],
        [charlie.address, '40'],
        [dave.address, '25'],
      ].sort(),
    );
    expect(
      (await ix.tokenBalances({ mode: 'RFT', amountFrom: 30n, amountTo: 39n })).items.map((b) => b.address),
    ).toEqual([bob.address]);
    expect((await ix.tokenBalances({ mode: 'NFT' })).count).toBe(0);
  });

  it('transfers carry amounts and filter by mode', async () => {
    const f = await ix.tokenTransfers({ mode: 'Fungible' });
    expect(f.items.map((t) => [t.from, t.to, t.amount, t.tokenId])).toEqual([
      [bob.address, charlie.address, '300', 0],
    ]);
    const r = await ix.tokenTransfers({ mode: 'RFT', orderByAmount: 'desc' });
    expect(r.items.map((t) => [t.from, t.to, t.amount])).toEqual([[bob.address, dave.address, '25']]);
  });

  it('collections show their mode as the indexer names it', async () => {
    expect((await ix.collection({ collectionId: String(gold) })).mode).toBe('Fungible');
    expect((await ix.collections({ mode: 'RFT' })).items.map((c) => c.collectionId)).toEqual([shares]);
  });
});
