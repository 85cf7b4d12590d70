import { Sr25519Account, UniqueChain } from '@nftkit/sdk';
import { expect, it } from 'vitest';
import { startDevnet } from '../src/index.js';

// The README's example, as written there.
it('runs the README example', async () => {
  const devnet = await startDevnet({ port: 0, dbPath: ':memory:', instant: true, logLevel: 'silent' });
  try {
    const sdk = UniqueChain({ baseUrl: devnet.url, account: Sr25519Account.fromUri('//Alice') });

    const { result: collection } = await sdk.collection.create({
      mode: 'Nft',
      name: 'Snake',
      description: 'Snake scores',
      symbol: 'SNK',
      info: { cover_image: { url: 'https://example/cover.png' } },
      tokenPropertyPermissions: [
        { key: 'TotalScore', permission: { mutable: true, collectionAdmin: true, tokenOwner: false } },
      ],
    });
    const {
      result: [token],
    } = await sdk.token.mintNFTs({
      collectionId: collection.collectionId,
      tokens: [
        { data: { image: 'https://example/snake.png' }, properties: [{ key: 'TotalScore', value: '0' }] },
      ],
    });
    const read = await sdk.token.get({ collectionId: collection.collectionId, tokenId: token!.tokenId });
    expect(read.image).toBe('https://example/snake.png');
    expect(read.properties).toContainEqual({ key: 'TotalScore', value: '0', valueHex: '0x30' });
  } finally {
    await devnet.stop();
  }
});
