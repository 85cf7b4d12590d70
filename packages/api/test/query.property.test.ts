import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeQuery, encodeQuery, zQueryBoolean } from '../src/index.js';

// Keys without brackets (the encoding uses them for nesting) and not `__proto__`-like names.
const key = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,11}$/);
const text = fc.string({ maxLength: 20 });
const leaf = fc.oneof(text, fc.array(text, { minLength: 2, maxLength: 4 }));
const value = fc.oneof(leaf, fc.dictionary(key, text, { minKeys: 1, maxKeys: 3 }));

describe('query-string properties', () => {
  it('decodeQuery(encodeQuery(x)) = x for strings, repeated values and one level of nesting', () => {
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 6 }), (input) => {
        expect(decodeQuery(encodeQuery(input))).toEqual(input);
      }),
    );
  });

  it('numbers, booleans and bigints come back as their decimal/text form', () => {
    fc.assert(
      fc.property(fc.integer(), fc.boolean(), fc.bigInt(), (n, b, big) => {
        expect(decodeQuery(encodeQuery({ n, b, big }))).toEqual({
          n: String(n),
          b: String(b),
          big: big.toString(),
        });
      }),
    );
  });

  it('a query boolean survives the round trip', () => {
    fc.assert(
      fc.property(fc.boolean(), (flag) => {
        const decoded = decodeQuery(encodeQuery({ flag })) as { flag: string };
        expect(zQueryBoolean.parse(decoded.flag)).toBe(flag);
      }),
    );
  });
});
