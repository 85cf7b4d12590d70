// The README example: create a collection, mint a token, set a property, read the token back.
//   NFTKIT_SDK_BASE_URL=http://127.0.0.1:3000/v2/devnet npx tsx packages/sdk/scripts/readme-example.ts
import { pathToFileURL } from 'node:url';
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const baseUrl = process.env.NFTKIT_SDK_BASE_URL;
  if (!baseUrl) throw new Error('Set NFTKIT_SDK_BASE_URL, e.g. http://127.0.0.1:3000/v2/devnet');
  const token = await readmeExample(baseUrl, process.env.NFTKIT_SDK_URI);
  console.log(token.collectionId, token.tokenId, token.properties);
}
