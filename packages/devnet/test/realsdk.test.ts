import { UniqueChain } from '@unique-nft/sdk';
import { Sr25519Account } from '@unique-nft/sr25519';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Devnet, startDevnet } from '../src/server.js';

// The real `@unique-nft/sdk` client, unchanged, as a differential oracle of the wire format: it must be able to
// create a collection, mint, set properties and read tokens on the devnet.
let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet({ port: 0, dbPath: ':memory:', instant: true, logLevel: 'silent' });
});
afterAll(async () => {
  await devnet?.stop();
});

describe('the real @unique-nft/sdk client against the devnet', () => {
  it('creates a collection, mints, sets a property and reads the token', async () => {
    const account = Sr25519Account.fromUri('//Alice');
    const sdk = UniqueChain({
      baseUrl: devnet.url,
      account,
      statusOptions: { retries: 50, timeout: 100 },
    } as never);
    const balance = await sdk.balance.get({ address: account.address });
    expect(balance.available).toBe('1000000');
    const created = await sdk.collection.create({
      mode: 'Nft',
      name: 'Real',
      description: 'real sdk',
      symbol: 'RL',
      info: { cover_image: { url: 'https://example/c.png' } },
      tokenPropertyPermissions: [
        { key: 'score', permission: { mutable: true, collectionAdmin: true, tokenOwner: false } },
      ],
    } as never);
    const collectionId = created.result.collectionId;
    const minted = await sdk.token.mintNFTs({
      collectionId,
      tokens: [{ data: { image: 'https://example/1.png' } }],
    } as never);
    const tokenId = minted.result[0]!.tokenId;
    await sdk.token.setProperties({ collectionId, tokenId, properties: [{ key: 'score', value: '42' }] });
    const token = await sdk.token.get({ collectionId, tokenId });
    expect(token.owner).toBe(account.address);
    expect(token.image).toBe('https://example/1.png');
    expect(token.properties).toContainEqual({ key: 'score', value: '42', valueHex: '0x3432' });
  });
});
