import type { ApiError } from '@nftkit/sdk';

/** The `ApiError` a request through the sdk fails with; a request that succeeds fails the test. */
export async function apiError(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('expected the request to fail');
}
