import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeTokenFromProperties,
  encodeTokenToProperties,
  MetadataError,
  type PropertyInput,
  tryDecodeTokenFromProperties,
  UNKNOWN_TOKEN_SCHEMA_MESSAGE,
} from '../src/index.js';
import { tokenDataArb } from './arbitraries.js';
import { jsonProp, prop, v1CollectionArb, v1CollectionProperties } from './oldFormats.js';

/** What `decodeTokenFromProperties` does with the input, as a `tryDecodeTokenFromProperties` answer. */
function thrown(tokenProperties: PropertyInput[], collectionProperties?: PropertyInput[]) {
  try {
    return { ok: true, data: decodeTokenFromProperties(tokenProperties, { collectionProperties }) };
  } catch (e) {
    if (!(e instanceof MetadataError)) throw e;
    return { ok: false, code: e.code, message: e.message };
  }
}

const tokenPropsArb: fc.Arbitrary<PropertyInput[]> = fc.oneof(
  tokenDataArb.map((d) => encodeTokenToProperties(d)),
  fc.constant<PropertyInput[]>([]),
  fc.constant<PropertyInput[]>([
    prop('schemaName', 'unique'),
    prop('schemaVersion', '2.0.0'),
    prop('tokenData', '{not json'),
  ]),
  fc.constant<PropertyInput[]>([prop('URI', 'https://example.com/1.json')]),
  fc.array(
    fc.record({
      key: fc.constantFrom('schemaName', 'schemaVersion', 'tokenData', 'URI', 'x'),
      value: fc.string(),
    }),
    { maxLength: 4 },
  ),
);

describe('tryDecodeTokenFromProperties', () => {
  it('answers what decodeTokenFromProperties returns or throws, for v2, unknown and broken tokens', () => {
    fc.assert(
      fc.property(tokenPropsArb, (props) => {
        expect(tryDecodeTokenFromProperties(props)).toEqual(thrown(props));
      }),
      { numRuns: 300 },
    );
  });

  it('does so for v1 tokens, which need their collection', () => {
    fc.assert(
      fc.property(v1CollectionArb, (spec) => {
        const { properties } = v1CollectionProperties(spec);
        const token = [jsonProp('name', { _: 'n' })];
        expect(tryDecodeTokenFromProperties(token, { collectionProperties: properties })).toEqual(
          thrown(token, properties),
        );
      }),
      { numRuns: 50 },
    );
  });

  it('answers a token without a schema with the unknown-schema reason', () => {
    expect(tryDecodeTokenFromProperties([])).toEqual({
      ok: false,
      code: 'UNKNOWN_TOKEN_SCHEMA_VERSION',
      message: UNKNOWN_TOKEN_SCHEMA_MESSAGE,
    });
  });

  it('still throws on input that is not a property list', () => {
    expect(() => tryDecodeTokenFromProperties('nope' as never)).toThrow(MetadataError);
  });
});
