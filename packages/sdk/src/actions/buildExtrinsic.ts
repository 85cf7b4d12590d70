import { type BuildAnswer, BuildOptionsSchema, type ExtrinsicRoute } from '@nftkit/api';
import { issueErrorMap } from '@nftkit/metadata';
import type { z } from 'zod/mini';
import type { Account } from '../accounts/types.js';
import type { Client } from '../clients/createClient.js';
import type { ApiError } from '../errors/api.js';
import type { InvalidBuildAnswerError } from '../errors/signer.js';
import { NoSignerAddressError } from '../errors/signer.js';
import type { AbortError, HttpRequestError } from '../errors/transport.js';
import { InputValidationError } from '../errors/validation.js';
import { requestOk } from '../transport/http.js';
import { assertBuildAnswer } from './assertBuildAnswer.js';
import { parseInput } from './parseInput.js';

/** Build options as callers give them: the signer address defaults to the client account's. */
export type BuildOptionsInput = { signerAddress?: string; nonce?: number; mortalLength?: number };

export type BuildExtrinsicParameters<R extends ExtrinsicRoute> = {
  route: R;
  params: z.input<R['input']>;
  buildOptions?: BuildOptionsInput | undefined;
  /** The account that will sign; its address is the default signer address (before the client's). */
  account?: Account | undefined;
  signal?: AbortSignal | undefined;
};
export type BuildExtrinsicReturnType = BuildAnswer;
export type BuildExtrinsicErrorType =
  | NoSignerAddressError
  | InputValidationError
  | InvalidBuildAnswerError
  | ApiError
  | HttpRequestError
  | AbortError;

/**
 * `POST R/build` with `{ args, options }`: validates the args with the route's schema (sending the parsed output)
 * and the options (`signerAddress` defaults to the client account's address; none at all →
 * {@link NoSignerAddressError}, before any request).
 *
 * @example
 * const built = await buildExtrinsic(client, { route: routes.token.setProperties, params });
 * built.signerPayloadHex; // what the signer signs
 */
export async function buildExtrinsic<R extends ExtrinsicRoute>(
  client: Client,
  parameters: BuildExtrinsicParameters<R>,
): Promise<BuildExtrinsicReturnType> {
  const body = await buildBody(client, parameters);
  const data = await requestOk(client.transport, {
    method: 'POST',
    path: `${parameters.route.path}/build`,
    body,
    ...(parameters.signal ? { signal: parameters.signal } : {}),
  });
  assertBuildAnswer(data);
  return data;
}

/** The `{ args, options }` body shared by `R/build` and `R/fee`. */
export async function buildBody(
  client: Client,
  parameters: {
    route: Pick<ExtrinsicRoute, 'path' | 'input'>;
    params: unknown;
    buildOptions?: BuildOptionsInput | undefined;
    account?: Account | undefined;
  },
): Promise<{ args: unknown; options: z.output<typeof BuildOptionsSchema> }> {
  const signerAddress =
    parameters.buildOptions?.signerAddress || parameters.account?.address || client.account?.address;
  if (!signerAddress) throw new NoSignerAddressError();
  const options = BuildOptionsSchema.safeParse(
    { ...parameters.buildOptions, signerAddress },
    { error: issueErrorMap },
  );
  if (!options.success)
    throw new InputValidationError(`${parameters.route.path} build options`, options.error);
  const args = await parseInput(parameters.route, parameters.params);
  return { args, options: options.data };
}
