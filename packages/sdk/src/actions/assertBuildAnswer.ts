import type { BuildAnswer } from '@nftkit/api';
import { isHex } from '@nftkit/primitives';
import { InvalidBuildAnswerError } from '../errors/signer.js';

/**
 * A build answer must carry something to sign: `signerPayloadHex` (hex) and `signerPayloadJSON` (for submit and
 * wallets). The real client signs `undefined` when they are missing.
 */
export function assertBuildAnswer(data: unknown): asserts data is BuildAnswer {
  const answer = (typeof data === 'object' && data !== null ? data : {}) as Partial<BuildAnswer>;
  if (
    typeof answer.signerPayloadHex !== 'string' ||
    answer.signerPayloadHex.length <= 2 ||
    !isHex(answer.signerPayloadHex)
  ) {
    throw new InvalidBuildAnswerError('signerPayloadHex');
  }
  if (typeof answer.signerPayloadJSON !== 'object' || answer.signerPayloadJSON === null) {
    throw new InvalidBuildAnswerError('signerPayloadJSON');
  }
}
