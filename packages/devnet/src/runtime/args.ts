import {
  isEthereumAddress,
  isSubstrateAddress,
  normalizeAddress,
  normalizeSubstrateAddress,
  U128_MAX,
} from '@nftkit/primitives';
import { z } from 'zod';

/**
 * Argument types of the runtime's calls (the chain side of a call, not the REST side). A value outside these is a
 * call that "fails to decode": the transaction is refused before inclusion, as on a real chain.
 */
export const u32 = z.number().int().min(0).max(4_294_967_295);
export const u8 = z.number().int().min(0).max(255);

/** A u128 amount, written as a decimal string (JSON has no big integers). */
export const u128 = z
  .string()
  .regex(/^(0|[1-9]\d*)$/, 'expected a decimal integer string')
  .transform((s) => BigInt(s))
  .refine((n) => n <= U128_MAX, 'exceeds u128');

/** `AccountId32`, as an SS58 address of any prefix; normalized to prefix 42. */
export const accountId = z
  .string()
  .refine((s) => isSubstrateAddress(s), 'expected an SS58 address')
  .transform((s) => normalizeSubstrateAddress(s));

/** `CrossAccountId`: an SS58 address is the `Substrate` variant, a 0x address the `Ethereum` variant. */
export const crossAccountId = z
  .string()
  .refine((s) => isSubstrateAddress(s) || isEthereumAddress(s), 'expected an SS58 or Ethereum address')
  .transform((s) => normalizeAddress(s));

// Non-capturing: a capturing group keeps a backtrack frame per byte and overflows the stack on megabyte values.
const HEX = /^0x(?:[0-9a-fA-F]{2})*$/;
/** `Bytes`, as 0x-hex; `max` is the bound of the BoundedVec (checked first, before the text is scanned). */
export const bytes = (max: number) =>
  z
    .string()
    .refine((s) => (s.length - 2) / 2 <= max, `longer than ${max} bytes`)
    .refine((s) => HEX.test(s), 'expected 0x-prefixed hex bytes')
    .transform((s) => s.toLowerCase());

/** A UTF-16 string bounded in code units, like `BoundedVec<u16, N>`. */
export const utf16 = (max: number) => z.string().max(max);
