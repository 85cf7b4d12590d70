import { BaseError } from './base.js';

/** Status polling ran out: `Extrinsic not found in {retries × timeout / 1000 with 2 decimals}s.` */
export class ExtrinsicNotFoundError extends BaseError {
  override name = 'ExtrinsicNotFoundError';
  readonly hash: string;
  readonly retries: number;
  readonly timeout: number;

  constructor(args: { hash: string; retries: number; timeout: number }) {
    super(
      'EXTRINSIC_NOT_FOUND',
      `Extrinsic not found in ${((args.retries * args.timeout) / 1000).toFixed(2)}s.`,
      {
        details: `Hash: ${args.hash}`,
      },
    );
    this.hash = args.hash;
    this.retries = args.retries;
    this.timeout = args.timeout;
  }
}
