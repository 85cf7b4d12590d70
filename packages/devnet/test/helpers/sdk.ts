import { type ApiError, UniqueChain } from '@nftkit/sdk';
import type { Devnet } from '../../src/server.js';
import type { TestAccount } from './accounts.js';

/** The `ApiError` a request through the sdk fails with; a request that succeeds fails the test. */
export async function apiError(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('expected the request to fail');
}

/** The sdk client of an account against `devnet`, polling a write's status every 100 ms up to 50 times. */
export const sdkClients = (devnet: Pick<Devnet, 'url'>) => (account: TestAccount) =>
  UniqueChain({ baseUrl: devnet.url, account, statusOptions: { retries: 50, timeout: 100 } });
