import type { ExtrinsicRoute } from '@nftkit/api';
import { normalizeAddress } from '@nftkit/primitives';
import type { z } from 'zod/mini';
import type { Account } from '../accounts/types.js';
import type { Client, StatusOptions } from '../clients/createClient.js';
import { type BuildExtrinsicErrorType, type BuildOptionsInput, buildExtrinsic } from './buildExtrinsic.js';
import {
  type GetExtrinsicStatusErrorType,
  type GetExtrinsicStatusReturnType,
  getExtrinsicStatus,
} from './getExtrinsicStatus.js';
import { type SignExtrinsicErrorType, signExtrinsic } from './signExtrinsic.js';
import { type SubmitExtrinsicErrorType, submitExtrinsic } from './submitExtrinsic.js';

export type WriteExtrinsicParameters<R extends ExtrinsicRoute> = {
  route: R;
  params: z.input<R['input']>;
  buildOptions?: BuildOptionsInput | undefined;
  /** Signs in place of the client's account; also the default signer address. */
  account?: Account | undefined;
  /** Polling options; `signal` aborts every step. */
  statusOptions?: StatusOptions | undefined;
};
export type WriteExtrinsicReturnType<R extends ExtrinsicRoute> = GetExtrinsicStatusReturnType<
  z.output<R['output']>
>;
export type WriteExtrinsicErrorType =
  | BuildExtrinsicErrorType
  | SignExtrinsicErrorType
  | SubmitExtrinsicErrorType
  | GetExtrinsicStatusErrorType;

/** One queue per account whatever the address form (SS58 prefix, Ethereum case). */
function accountKey(address: string): string {
  try {
    return normalizeAddress(address);
  } catch {
    return address;
  }
}

/**
 * The whole write: build → sign → submit → poll the status; returns `{ result, extrinsicOutput }`.
 *
 * @example
 * const { result } = await writeExtrinsic(client, {
 *   route: routes.token.setProperties,
 *   params: { collectionId: 42, tokenId: 1, properties: [{ key: 'score', value: '120' }] },
 * });
 */
export async function writeExtrinsic<R extends ExtrinsicRoute>(
  client: Client,
  parameters: WriteExtrinsicParameters<R>,
): Promise<WriteExtrinsicReturnType<R>> {
  const { route, account, statusOptions, buildOptions } = parameters;
  const signal = statusOptions?.signal ?? client.statusOptions.signal;
  const send = async () => {
    const built = await buildExtrinsic(client, {
      route,
      params: parameters.params,
      buildOptions,
      account,
      signal,
    });
    const signature = await signExtrinsic(client, { payload: built, account, signal });
    const hash = await submitExtrinsic(client, { payload: built, signature, signal });
    return { nonce: Number.parseInt(built.signerPayloadJSON.nonce, 16), value: hash };
  };
  // Without an explicit nonce, the account's writes go through the client's nonce manager, one submit at a time;
  // the statuses are awaited side by side.
  const signer = buildOptions?.signerAddress || account?.address || client.account?.address;
  const hash =
    buildOptions?.nonce !== undefined || !signer
      ? (await send()).value
      : await client.nonces.run(accountKey(signer), send);
  return getExtrinsicStatus(client, { route: route.path, hash, options: statusOptions });
}
