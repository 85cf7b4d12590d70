import { STRING_LIMITS, utf8ByteLength } from '@nftkit/primitives';
import * as z from 'zod/mini';

/** A string of at most `limit` UTF-8 bytes, failing with the chain's message `String must not exceed N bytes`. */
export function maxBytesString(limit: number) {
  return z.string().check(
    z.refine((value) => utf8ByteLength(value) <= limit, {
      message: `String must not exceed ${limit} bytes`,
      abort: true,
    }),
  );
}

export const CollectionNameSchema = maxBytesString(STRING_LIMITS.name);
export const CollectionDescriptionSchema = maxBytesString(STRING_LIMITS.description);
export const CollectionSymbolSchema = maxBytesString(STRING_LIMITS.symbol);

/** `0x` followed by an even number of hex digits (`0x` alone is the empty byte string). */
export const HexStringSchema = z.string().check(
  // A non-capturing group: a capturing one makes V8 keep a backtrack frame per byte, and a 7 MB value
  // overflowed the stack ("Maximum call stack size exceeded" answered as a validation error).
  z.regex(/^0x(?:[0-9a-fA-F]{2})*$/, { message: 'Expected a 0x-prefixed hex string of whole bytes' }),
);
export type HexString = z.infer<typeof HexStringSchema>;
