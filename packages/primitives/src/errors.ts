/**
 * Every failure of this package is a `PrimitivesError`: callers branch on the stable `code`,
 * people read the `message` (the spec's wording where the spec gives one).
 */
export type PrimitivesErrorCode =
  | 'INVALID_HEX'
  | 'INVALID_BYTES'
  | 'INVALID_SS58_FORMAT'
  | 'INVALID_KEY_LENGTH'
  | 'INVALID_CHECKSUM'
  | 'UNEXPECTED_SS58_FORMAT'
  | 'INVALID_SUBSTRATE_ADDRESS'
  | 'INVALID_ETHEREUM_ADDRESS'
  | 'INVALID_ADDRESS'
  | 'INVALID_COLLECTION_ADDRESS'
  | 'INVALID_NESTING_ADDRESS'
  | 'INVALID_CROSS_ACCOUNT_ID'
  | 'INVALID_ID'
  | 'INVALID_VALUE'
  | 'INVALID_DECIMALS'
  | 'INVALID_GWEI'
  | 'INVALID_NUMBER'
  | 'STRING_TOO_LONG'
  | 'INVALID_CHAIN'
  | 'INVALID_SCALE'
  | 'INVALID_ERA'
  | 'INVALID_SIGNER_PAYLOAD';

export class PrimitivesError extends Error {
  override name = 'PrimitivesError';
  readonly code: PrimitivesErrorCode;

  constructor(code: PrimitivesErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** Renders any input for an error message without ever throwing itself. */
export const describe = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint') return `${value}n`;
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
};
