import { ApiError, type UniqueChain } from '@nftkit/sdk';
import { type NonceRefusal, nonceRefusalOf } from './operatorNonce.js';

type Chain = ReturnType<typeof UniqueChain>;

/**
 * What became of one `utility/batch-all` sent with an explicit nonce:
 * - `landed`: in a block, applied (batch-all is all or nothing);
 * - `failed`: in a block but refused by the runtime (nothing applied, the nonce is spent);
 * - `refused`: the pool refused its nonce (nothing applied, the nonce is not ours);
 * - `unsent`: refused before the pool took it for another reason (nothing applied, the nonce is unspent);
 * - `doubt`: no answer tells whether it was taken (a lost connection, a status that never came): it may still land.
 */
export type SubmitOutcome =
  | { kind: 'landed' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'refused'; refusal: NonceRefusal; error: unknown }
  | { kind: 'unsent'; error: unknown }
  | { kind: 'doubt'; error: unknown };

/**
 * Builds, signs and submits `calls` as one batch-all at `nonce`, then waits for its block. `submitting` is told
 * when the signed batch goes to the chain (the writer starts planning its next batch then: writer.ts).
 */
export async function submitAtNonce(
  chain: Chain,
  calls: string[],
  nonce: number,
  submitting?: () => void,
): Promise<SubmitOutcome> {
  const batch = chain.utility.batchAll;
  let hash: string;
  try {
    const built = await batch.build({ calls }, { nonce });
    const signature = await batch.sign(built);
    submitting?.();
    hash = await batch.submit(built, signature);
  } catch (error) {
    const refusal = nonceRefusalOf(error);
    if (refusal) return { kind: 'refused', refusal, error };
    // An answer of the server means it did not take the write; no answer leaves it open.
    return ApiError.isApiError(error) ? { kind: 'unsent', error } : { kind: 'doubt', error };
  }
  try {
    await batch.getStatus(batch.route, hash);
    return { kind: 'landed' };
  } catch (error) {
    // The status route answers a failed extrinsic with 400; anything else (a timeout, no connection) is a doubt.
    if (ApiError.isApiError(error) && error.status === 400) return { kind: 'failed', error };
    return { kind: 'doubt', error };
  }
}
