import {
  MAX_COLLECTION_ID,
  type ParseApiTokenIdOptions,
  parseApiCollectionId,
  parseApiTokenId,
} from '@nftkit/primitives';
import * as z from 'zod/mini';
import { meta } from './meta.js';

/**
 * A collection id as the API takes it: an integer 1…4294967295, a digit string without a leading zero, or a
 * collection address; always produces the numeric id. `0`, `"007"` and ids ≥ 2^32 are rejected, and so is a
 * 40-hex address that is not a collection address (the real server silently turns it into 0).
 */
export const CollectionIdOrAddressSchema = meta(
  z.pipe(
    z.union([z.number(), z.string()]),
    z.transform((value, ctx): number => {
      try {
        return parseApiCollectionId(value);
      } catch (error) {
        ctx.issues.push({
          code: 'custom',
          message: error instanceof Error ? error.message : 'Invalid collection id',
          input: value,
        });
        return z.NEVER;
      }
    }),
  ),
  {
    id: 'CollectionIdOrAddress',
    description: `Collection id (1…${MAX_COLLECTION_ID}), a digit string without a leading zero, or a collection address`,
    examples: [42, '0x17C4e6453cC49AaAAEACA894E6D9683e0000002A'],
  },
);
export type CollectionIdOrAddress = z.input<typeof CollectionIdOrAddressSchema>;

/** A collection id in an answer. */
export const CollectionIdSchema = z.number().check(z.int(), z.gte(1), z.lte(MAX_COLLECTION_ID));

// The input schema is a parameter (not picked by a ternary on `options`) so each id's input type is exactly what
// its parse accepts: `number` for extrinsic args, `number | string` for query strings.
function tokenIdSchema<Input extends z.ZodMiniType<number> | z.ZodMiniType<number | string>>(
  input: Input,
  options: ParseApiTokenIdOptions,
  description: string,
) {
  return meta(
    z.pipe(
      input,
      z.transform((value: z.output<Input>, ctx): number => {
        try {
          return parseApiTokenId(value, options);
        } catch (error) {
          ctx.issues.push({
            code: 'custom',
            message: error instanceof Error ? error.message : 'Invalid token id',
            input: value,
          });
          return z.NEVER;
        }
      }),
    ),
    { description, examples: [1] },
  );
}

const numberOrString = () => z.union([z.number(), z.string()]);

/** A token id in a query string: a positive integer, given as a number or a digit string. */
export const QueryTokenIdSchema = tokenIdSchema(numberOrString(), { allowString: true }, 'Token id (> 0)');

/** A token id in a query where 0 is allowed (is-approved, possible-actions). */
export const QueryTokenIdOrZeroSchema = tokenIdSchema(
  numberOrString(),
  { allowString: true, allowZero: true },
  'Token id (≥ 0)',
);

/** A token id in an extrinsic's JSON args: a JSON number, integer, > 0. A string is rejected. */
export const TokenIdSchema = tokenIdSchema(z.number(), {}, 'Token id (> 0)');

/** A plain numeric collection id in a query (≥ 0, coerced); used where the real route takes no address. */
export const QueryNumericCollectionIdSchema = z.coerce
  .number<string | number>()
  .check(z.int(), z.nonnegative(), z.lte(MAX_COLLECTION_ID));

/** `0x` + 64 hex digits; trimmed and lower-cased like the real `zExtrinsicHash`. */
export const ExtrinsicHashSchema = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.regex(/^0x[0-9a-f]{64}$/, { message: 'Extrinsic hash must be 0x followed by 64 hex characters' }),
  );
export type ExtrinsicHash = z.infer<typeof ExtrinsicHashSchema>;
