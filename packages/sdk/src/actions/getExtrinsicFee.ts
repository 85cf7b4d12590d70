import type { ExtrinsicRoute, FeeAnswer } from '@nftkit/api';
import type { Client } from '../clients/createClient.js';
import type { ApiError } from '../errors/api.js';
import type { NoSignerAddressError } from '../errors/signer.js';
import type { AbortError, HttpRequestError } from '../errors/transport.js';
import type { InputValidationError } from '../errors/validation.js';
import { requestOk } from '../transport/http.js';
import { type BuildExtrinsicParameters, buildBody } from './buildExtrinsic.js';

export type GetExtrinsicFeeParameters<R extends ExtrinsicRoute> = BuildExtrinsicParameters<R>;
export type GetExtrinsicFeeReturnType = FeeAnswer;
export type GetExtrinsicFeeErrorType =
  | NoSignerAddressError
  | InputValidationError
  | ApiError
  | HttpRequestError
  | AbortError;

/**
 * `POST R/fee` with the same body as build: the fee parts in wei, as decimal strings.
 *
 * @example
 * const { totalFee } = await getExtrinsicFee(client, { route: routes.balance.transfer, params: { to, amount: '1' } });
 */
export async function getExtrinsicFee<R extends ExtrinsicRoute>(
  client: Client,
  parameters: GetExtrinsicFeeParameters<R>,
): Promise<GetExtrinsicFeeReturnType> {
  const body = await buildBody(client, parameters);
  const data = await requestOk(client.transport, {
    method: 'POST',
    path: `${parameters.route.path}/fee`,
    body,
    ...(parameters.signal ? { signal: parameters.signal } : {}),
  });
  return data as FeeAnswer;
}
