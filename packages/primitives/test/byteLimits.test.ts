import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertMaxBytes, STRING_LIMITS, StringTooLongError, utf8ByteLength } from '../src/index.js';
import { thrown } from './helpers.js';

describe('byte limits', () => {
  it('has the spec limits', () => {
    expect(STRING_LIMITS).toEqual({
      name: 64,
      description: 256,
      symbol: 16,
      propertyKey: 64,
      propertyValue: 32768,
      permissionKey: 256,
    });
  });

  it('counts UTF-8 bytes like TextEncoder, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(utf8ByteLength(s)).toBe(new TextEncoder().encode(s).length);
      }),
    );
    expect(utf8ByteLength('\ud800')).toBe(3);
    expect(utf8ByteLength('贪吃蛇')).toBe(9);
    expect(utf8ByteLength('🐍')).toBe(4);
  });

  it('refuses strings over the limit with the spec message', () => {
    assertMaxBytes('a'.repeat(64), STRING_LIMITS.name, 'name');
    const error = thrown(() => assertMaxBytes('蛇'.repeat(22), STRING_LIMITS.name, 'name'));
    expect(error).toBeInstanceOf(StringTooLongError);
    expect(error.message).toBe('String must not exceed 64 bytes');
    expect(error.code).toBe('STRING_TOO_LONG');
    expect((error as StringTooLongError).field).toBe('name');
    expect((error as StringTooLongError).byteLength).toBe(66);
    expect(thrown(() => assertMaxBytes(5 as never, 16)).code).toBe('INVALID_VALUE');
    expect(thrown(() => utf8ByteLength(null as never)).code).toBe('INVALID_VALUE');
  });
});
