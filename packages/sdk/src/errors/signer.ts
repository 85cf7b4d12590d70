import { BaseError } from './base.js';

/** A write needs a signer address: none in the build options and no account on the client. */
export class NoSignerAddressError extends BaseError {
  override name = 'NoSignerAddressError';
  constructor() {
    super('NO_SIGNER_ADDRESS', 'No signer address provided.');
  }
}

/** A write needs a signer: none passed and no account on the client. */
export class NoSignerError extends BaseError {
  override name = 'NoSignerError';
  constructor() {
    super('NO_SIGNER', 'No signer provided.');
  }
}

/**
 * The build answer lacks the payload to sign (`signerPayloadHex`, or `signerPayloadJSON`). The real client signs
 * `undefined` bytes and submits garbage; we stop here.
 */
export class InvalidBuildAnswerError extends BaseError {
  override name = 'InvalidBuildAnswerError';
  constructor(missing: string) {
    super('INVALID_BUILD_ANSWER', `The build answer has no ${missing} to sign.`);
  }
}

/** A signer returned something other than a `0x` hex signature. */
export class InvalidSignatureError extends BaseError {
  override name = 'InvalidSignatureError';
  constructor(signature: unknown) {
    super('INVALID_SIGNATURE', 'The signer returned no valid hex signature.', {
      details: `Got: ${typeof signature === 'string' ? signature : typeof signature}`,
    });
  }
}

/** A secret URI, mnemonic or seed that cannot give a key. */
export class InvalidSecretError extends BaseError {
  override name = 'InvalidSecretError';
  constructor(message: string, cause?: unknown) {
    super('INVALID_SECRET', message, cause === undefined ? {} : { cause });
  }
}
