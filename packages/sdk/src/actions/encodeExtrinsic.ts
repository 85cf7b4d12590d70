import type { EncodeAnswer, ExtrinsicRoute } from '@nftkit/api';
import type { z } from 'zod/mini';
import type { Client } from '../clients/createClient.js';
import type { ApiError } from '../errors/api.js';
import type { AbortError, HttpRequestError } from '../errors/transport.js';
import type { InputValidationError } from '../errors/validation.js';
import { requestOk } from '../transport/http.js';
import { parseInput } from './parseInput.js';

export type EncodeExtrinsicParameters<R extends ExtrinsicRoute> = {
  route: R;
  params: z.input<R['input']>;
  signal?: AbortSignal | undefined;
};
export type EncodeExtrinsicReturnType = EncodeAnswer;
export type EncodeExtrinsicErrorType = InputValidationError | ApiError | HttpRequestError | AbortError;

/**
 * `POST R/encode` with `{ args }` (no signer): the call as `compactExtrinsic`, e.g. for `utility.batchAll`.
 *
 * @example
 * const { compactExtrinsic } = await encodeExtrinsic(client, { route: routes.balance.transfer, params });
 */
export async function encodeExtrinsic<R extends ExtrinsicRoute>(
  client: Client,
  parameters: EncodeExtrinsicParameters<R>,
): Promise<EncodeExtrinsicReturnType> {
  const args = await parseInput(parameters.route, parameters.params);
  const data = await requestOk(client.transport, {
    method: 'POST',
    path: `${parameters.route.path}/encode`,
    body: { args },
    ...(parameters.signal ? { signal: parameters.signal } : {}),
  });
  return data as EncodeAnswer;
}
