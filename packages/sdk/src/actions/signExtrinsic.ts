import { isHex } from '@nftkit/primitives';
import type { Account, UnsignedPayload } from '../accounts/types.js';
import type { Client } from '../clients/createClient.js';
import type { InvalidBuildAnswerError } from '../errors/signer.js';
import { InvalidSignatureError, NoSignerError } from '../errors/signer.js';
import type { AbortError } from '../errors/transport.js';
import { throwIfAborted } from '../utils/abort.js';

export type SignExtrinsicParameters = {
  payload: UnsignedPayload;
  account?: Account | undefined;
  signal?: AbortSignal | undefined;
};
/** The signature, e.g. `0x01` + 64 bytes for sr25519. */
export type SignExtrinsicReturnType = string;
export type SignExtrinsicErrorType =
  | NoSignerError
  | InvalidSignatureError
  | InvalidBuildAnswerError
  | AbortError;

/**
 * Signs a build answer with the given account's signer, else the client's ({@link NoSignerError} when neither).
 *
 * @example
 * const signature = await signExtrinsic(client, { payload: built });
 */
export async function signExtrinsic(
  client: Client,
  parameters: SignExtrinsicParameters,
): Promise<SignExtrinsicReturnType> {
  const signer = parameters.account?.signer ?? client.account?.signer;
  if (!signer) throw new NoSignerError();
  throwIfAborted(parameters.signal);
  const { signature } = (await signer.sign(parameters.payload)) ?? {};
  throwIfAborted(parameters.signal);
  if (typeof signature !== 'string' || signature.length <= 2 || !isHex(signature))
    throw new InvalidSignatureError(signature);
  return signature;
}
