/**
 * Every failure of this package is a `MetadataError`: callers branch on the stable `code`,
 * people read the `message` (the spec's wording, or the reference library's exact text where the
 * vectors record it, so messages match what users of the real API already see).
 */
export type MetadataErrorCode =
  | 'INVALID_METADATA'
  | 'COLLECTION_ROYALTIES_NOT_SUPPORTED'
  | 'INVALID_PROPERTIES'
  | 'VALUE_TOO_LONG'
  | 'INVALID_ROYALTY'
  | 'INVALID_ROYALTY_ENCODING'
  | 'INVALID_OPTIONS'
  | 'TOKEN_DATA_UNPARSABLE'
  | 'COLLECTION_INFO_UNPARSABLE'
  | 'UNKNOWN_TOKEN_SCHEMA_VERSION'
  | 'COLLECTION_PROPERTIES_REQUIRED'
  | 'COLLECTION_PROPERTIES_EMPTY'
  | 'UNKNOWN_COLLECTION_SCHEMA'
  | 'COLLECTION_SCHEMA_NOT_PROVIDED'
  | 'TOKEN_PROPERTIES_EMPTY'
  | 'UNKNOWN_TOKEN_SCHEMA'
  | 'OLD_SCHEMA_MISSING'
  | 'OLD_CONST_DATA_MISSING'
  | 'INVALID_OLD_SCHEMA'
  | 'OLD_TOKEN_UNPARSABLE'
  | 'TOKEN_ID_REQUIRED'
  | 'TOKEN_URI_FETCH_FAILED';

export class MetadataError extends Error {
  override name = 'MetadataError';
  readonly code: MetadataErrorCode;

  constructor(code: MetadataErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** One validation problem, located by its path inside the validated value. */
export type MetadataIssue = { path: (string | number)[]; message: string; code: string };

/** Schema validation failed; `issues` lists every problem (the devnet answers 400 with them). */
export class MetadataValidationError extends MetadataError {
  override name = 'MetadataValidationError';
  readonly issues: MetadataIssue[];

  constructor(issues: MetadataIssue[], code: MetadataErrorCode = 'INVALID_METADATA') {
    super(code, issues.map(formatIssue).join('; '));
    this.issues = issues;
  }
}

const formatIssue = (issue: MetadataIssue): string =>
  issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;

/** A royalty part, list or percent that cannot be encoded or decoded. */
export class RoyaltyError extends MetadataError {
  override name = 'RoyaltyError';
}

/** Properties that do not decode into metadata (spec §8 "Decoding errors"). */
export class MetadataDecodingError extends MetadataError {
  override name = 'MetadataDecodingError';
}

/** Renders any input for an error message without ever throwing itself. */
export const show = (value: unknown): string => {
  if (typeof value === 'string') return value;
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
};
