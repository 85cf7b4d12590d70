// Bundled for the browser test: the README flow and the signer, run inside Chromium.
import { readmeExample } from '../scripts/readme-example.js';
import { ApiError, DEV_ACCOUNT_URIS, Sr25519Account, UniqueChain } from '../src/index.js';

const globals = globalThis as unknown as Record<string, unknown>;

globals.sdkDerive = () => DEV_ACCOUNT_URIS.map((uri) => Sr25519Account.fromUri(uri).address);

globals.sdkReadme = async (baseUrl: string) => {
  const token = await readmeExample(baseUrl);
  return token.properties;
};

globals.sdkApiError = async (baseUrl: string) => {
  const error = await UniqueChain({ baseUrl })
    .token.get({ collectionId: 999, tokenId: 1 })
    .catch((e: unknown) => e);
  return {
    isApiError: error instanceof ApiError,
    status: (error as ApiError).status,
    message: (error as Error).message,
  };
};
