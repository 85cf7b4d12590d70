import { LONG_POLL_HEADER, type SignerPayloadJSON, SUBMIT_PATH } from '@nftkit/api';
import type { UnsignedPayload } from '../accounts/types.js';
import type { Client } from '../clients/createClient.js';
import type { ApiError } from '../errors/api.js';
import { InvalidBuildAnswerError } from '../errors/signer.js';
import type { AbortError, HttpRequestError } from '../errors/transport.js';
import { InvalidResponseError } from '../errors/transport.js';
import { apiErrorOf } from '../transport/http.js';

export type SubmitExtrinsicParameters = {
  /** The build answer, or its `signerPayloadJSON` alone. */
  payload: UnsignedPayload | SignerPayloadJSON;
  signature: string;
  signal?: AbortSignal | undefined;
};
/** The extrinsic hash (`0x` + 64 hex). */
export type SubmitExtrinsicReturnType = string;
export type SubmitExtrinsicErrorType =
  | InvalidBuildAnswerError
  | InvalidResponseError
  | ApiError
  | HttpRequestError
  | AbortError;

/**
 * `POST /extrinsics/submit` with `{ signerPayloadJSON, signature }` only. Never retried: a second submit of the
 * same signed payload is a different request to the chain.
 *
 * @example
 * const hash = await submitExtrinsic(client, { payload: built, signature });
 */
export async function submitExtrinsic(
  client: Client,
  parameters: SubmitExtrinsicParameters,
): Promise<SubmitExtrinsicReturnType> {
  const { payload } = parameters;
  const signerPayloadJSON =
    'signerPayloadJSON' in payload ? payload.signerPayloadJSON : 'method' in payload ? payload : undefined;
  if (!signerPayloadJSON) throw new InvalidBuildAnswerError('signerPayloadJSON');
  const response = await client.transport.request({
    method: 'POST',
    path: SUBMIT_PATH,
    body: { signerPayloadJSON, signature: parameters.signature },
    ...(parameters.signal ? { signal: parameters.signal } : {}),
  });
  if (response.status < 200 || response.status > 299) throw apiErrorOf(response);
  // A server that long-polls status says so here already: the first status request then waits instead of a 404.
  if (response.headers.has(LONG_POLL_HEADER)) client.capabilities.longPoll = true;
  const data = response.data;
  const hash = (data as { hash?: unknown } | null)?.hash;
  if (typeof hash !== 'string')
    throw new InvalidResponseError('The submit answer has no extrinsic hash.', data);
  return hash;
}
