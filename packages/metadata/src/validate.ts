import type { z } from 'zod/mini';
import { type MetadataErrorCode, type MetadataIssue, MetadataValidationError } from './errors.js';
import { issueErrorMap } from './issueMessage.js';
import { type CollectionInfo, CollectionInfoSchema } from './schemas/collection.js';
import { type TokenData, TokenDataSchema } from './schemas/token.js';

const toIssues = (error: z.core.$ZodError): MetadataIssue[] =>
  error.issues.map((i) => ({
    path: i.path.filter((p): p is string | number => typeof p !== 'symbol'),
    message: i.message,
    code: i.code,
  }));

export const parseWith = <S extends z.ZodMiniType>(
  schema: S,
  input: unknown,
  code: MetadataErrorCode = 'INVALID_METADATA',
): z.output<S> => {
  const result = schema.safeParse(input, { error: issueErrorMap });
  if (!result.success) throw new MetadataValidationError(toIssues(result.error), code);
  return result.data;
};

/** Validates token metadata (spec §5), filling in the default schema name and version. */
export const parseTokenData = (input: unknown): TokenData => parseWith(TokenDataSchema, input);

/** Validates collection metadata (spec §5), filling in the default schema name and version. */
export const parseCollectionInfo = (input: unknown): CollectionInfo => parseWith(CollectionInfoSchema, input);
