// The README example: create a collection, mint a token, set a property, read the token back.
// Run it with scripts/run-readme-example.ts; the tests run it in Node and in Chromium.
import { Sr25519Account, UniqueChain } from '../src/index.js';

export async function readmeExample(baseUrl: string, uri = '//Alice') {
  const account = Sr25519Account.fromUri(uri);
  const sdk = UniqueChain({ baseUrl, account });

  const { result: collection } = await sdk.collection.create({
    mode: 'Nft',
    name: 'Snake',
    description: 'Snake scores',
    symbol: 'SNK',
    tokenPropertyPermissions: [
      { key: 'score', permission: { mutable: true, collectionAdmin: true, tokenOwner: false } },
    ],
  });

  const { result: minted } = await sdk.token.mintNFTs({
    collectionId: collection.collectionId,
    tokens: [{ owner: account.address, properties: [{ key: 'score', value: '0' }] }],
  });
  const tokenId = minted[0]!.tokenId;

  await sdk.token.setProperties({
    collectionId: collection.collectionId,
    tokenId,
    properties: [{ key: 'score', value: '120' }],
  });

  return sdk.token.get({ collectionId: collection.collectionId, tokenId });
}
