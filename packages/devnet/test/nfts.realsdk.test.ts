import { AssetHub } from '@unique-nft/sdk';
import { Sr25519Account } from '@unique-nft/sr25519';
import { describe, expect, it } from 'vitest';
import { devnetForFile } from './helpers/devnet.js';

// The real `@unique-nft/sdk` AssetHub client, unchanged, as a differential oracle of the pallet-nfts wire format.
const devnet = devnetForFile();

describe('the real @unique-nft/sdk AssetHub client against the devnet', () => {
  it('creates a collection, mints, sells and buys an item', async () => {
    const alice = Sr25519Account.fromUri('//Alice');
    const bob = Sr25519Account.fromUri('//Bob');
    const client = (account: typeof alice) =>
      AssetHub({ baseUrl: devnet.url, account, statusOptions: { retries: 50, timeout: 100 } } as never);
    const hub = client(alice);
    const created = await hub.nftsPallet.collection.create({
      collectionConfig: { maxSupply: 10, mintSettings: { mintType: 'Public', price: '0' } },
    } as never);
    const collectionId = (created.result as { collectionId: number }).collectionId;
    const minted = await hub.nftsPallet.item.mint({
      collectionId,
      itemId: 1,
      mintTo: alice.address,
      witnessData: { mintPrice: 0 },
    } as never);
    expect(minted.result).toMatchObject({ collectionId, itemId: 1, owner: alice.address });
    await hub.nftsPallet.trade.setPrice({ collectionId, itemId: 1, price: '1000' } as never);
    const bought = await client(bob).nftsPallet.trade.buy({
      collectionId,
      itemId: 1,
      bidPrice: '1000',
    } as never);
    expect(bought.result).toEqual({
      collectionId,
      itemId: 1,
      price: '1000',
      seller: alice.address,
      buyer: bob.address,
    });
    const item = await hub.nftsPallet.item.get({ collectionId, itemId: 1 } as never);
    expect(item).toMatchObject({ owner: bob.address, price: null });
    const role = await hub.nftsPallet.account.getRole({ collectionId, account: alice.address } as never);
    expect(role).toEqual({ issuer: true, admin: true, freezer: true, owner: true });
  });
});
