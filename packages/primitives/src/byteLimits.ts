import { describe, PrimitivesError } from './errors.js';

/** On-chain byte limits of strings (UTF-8 bytes, not characters). */
export const STRING_LIMITS = Object.freeze({
  name: 64,
  description: 256,
  symbol: 16,
  propertyKey: 64,
  propertyValue: 32768,
  permissionKey: 256,
});

/** UTF-8 length in bytes, counted without encoding (a lone surrogate counts 3, as TextEncoder writes U+FFFD). */
export const utf8ByteLength = (s: string): number => {
  if (typeof s !== 'string') throw new PrimitivesError('INVALID_VALUE', `Expected a string, got ${typeof s}`);
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
};

export class StringTooLongError extends PrimitivesError {
  override name = 'StringTooLongError';
  constructor(
    readonly limit: number,
    readonly byteLength: number,
    readonly field?: string,
  ) {
    super('STRING_TOO_LONG', `String must not exceed ${limit} bytes`);
  }
}

/** Throws `String must not exceed {limit} bytes` (with `field` on the error) when `value` is longer. */
export const assertMaxBytes = (value: string, limit: number, field?: string): void => {
  if (typeof value !== 'string')
    throw new PrimitivesError(
      'INVALID_VALUE',
      `${field ?? 'value'} must be a string, got ${describe(value)} (${typeof value})`,
    );
  const length = utf8ByteLength(value);
  if (length > limit) throw new StringTooLongError(limit, length, field);
};
