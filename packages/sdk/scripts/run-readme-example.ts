// NFTKIT_SDK_BASE_URL=http://127.0.0.1:9944/v2/devnet npx tsx packages/sdk/scripts/run-readme-example.ts   (a devnet from `npx nftkit-devnet`)
import { readmeExample } from './readme-example.js';

const baseUrl = process.env.NFTKIT_SDK_BASE_URL;
if (!baseUrl) throw new Error('Set NFTKIT_SDK_BASE_URL, e.g. http://127.0.0.1:9944/v2/devnet');
const token = await readmeExample(baseUrl, process.env.NFTKIT_SDK_URI);
console.log(token.collectionId, token.tokenId, token.properties);
