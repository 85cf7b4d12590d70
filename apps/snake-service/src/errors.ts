import { SNAKE_ERRORS, type SnakeErrorCode, type TokenTotals } from '@nftkit/snake-protocol';

/** A refusal with one of the contract's codes; the status comes from SNAKE_ERRORS so the two cannot disagree. */
export class SnakeHttpError extends Error {
  override name = 'SnakeHttpError';
  readonly status: number;
  constructor(
    readonly code: SnakeErrorCode,
    message: string,
    readonly token?: TokenTotals,
  ) {
    super(message);
    this.status = SNAKE_ERRORS[code].status;
  }
}

export function refuse(code: SnakeErrorCode, message: string, token?: TokenTotals): never {
  throw new SnakeHttpError(code, message, token);
}
