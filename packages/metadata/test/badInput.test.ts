// Every public function given malformed input throws a typed MetadataError (stable code, clear message).
import { describe, expect, it } from 'vitest';
import {
  calculateRoyalties,
  decodeCollectionFromProperties,
  decodeOldCollectionSchema,
  decodeOldToken,
  decodeRoyalties,
  decodeRoyaltiesV2,
  decodeRoyaltyPart,
  decodeTokenFromProperties,
  detectSchemaFamily,
  encodeCollectionToProperties,
  encodeRoyalties,
  encodeRoyaltiesV2,
  encodeRoyaltyPart,
  encodeTokenToProperties,
  MetadataError,
  PERMISSION_PRESETS,
  type PropertyInput,
} from '../src/index.js';
import { jsonProp, prop } from './oldFormats.js';

const V2 = [prop('schemaName', 'unique'), prop('schemaVersion', '2.0.0')];
const code = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(MetadataError);
    expect((err as Error).message.length).toBeGreaterThan(0);
    return (err as MetadataError).code;
  }
  throw new Error('expected a MetadataError');
};
const bad = <T>(x: unknown) => x as T;

describe('wrong types', () => {
  it.each([
    ['a number', 5],
    ['a string', 'tokenData'],
    ['an object', { key: 'x' }],
    ['null items', [null]],
    ['a key that is a number', [{ key: 1, value: 'x' }]],
    ['an empty key', [{ key: '', value: 'x' }]],
    ['a value that is a number', [{ key: 'x', value: 1 }]],
    ['neither value nor valueHex', [{ key: 'x' }]],
  ])('token properties as %s', (_, input) => {
    expect(code(() => decodeTokenFromProperties(bad(input)))).toBe('INVALID_PROPERTIES');
    expect(code(() => decodeCollectionFromProperties(bad(input)))).toBe('INVALID_PROPERTIES');
    expect(code(() => detectSchemaFamily(bad(input)))).toBe('INVALID_PROPERTIES');
  });

  it('token and collection metadata that are not objects', () => {
    for (const input of [null, 5, 'x', [], true]) {
      expect(code(() => encodeTokenToProperties(bad(input)))).toBe('INVALID_METADATA');
      expect(code(() => encodeCollectionToProperties(bad(input)))).toBe('INVALID_METADATA');
    }
  });

  it('options of the wrong type', () => {
    expect(code(() => encodeTokenToProperties({}, { URI: bad(5) }))).toBe('INVALID_OPTIONS');
    expect(code(() => encodeCollectionToProperties({}, { defaultPermission: bad('SOMETIMES') }))).toBe(
      'INVALID_OPTIONS',
    );
    expect(
      code(() =>
        encodeCollectionToProperties(
          {},
          { defaultPermission: bad({ mutable: 'yes', collectionAdmin: true, tokenOwner: false }) },
        ),
      ),
    ).toBe('INVALID_OPTIONS');
    expect(code(() => encodeCollectionToProperties({}, { overwriteTPPs: bad({}) }))).toBe('INVALID_OPTIONS');
    expect(code(() => encodeCollectionToProperties({}, { overwriteProperties: bad([{ key: 'x' }]) }))).toBe(
      'INVALID_PROPERTIES',
    );
  });

  it('royalty helpers', () => {
    expect(code(() => encodeRoyalties(bad(null)))).toBe('INVALID_ROYALTY');
    expect(code(() => encodeRoyaltiesV2(bad('x')))).toBe('INVALID_ROYALTY');
    expect(code(() => encodeRoyaltiesV2(bad([null])))).toBe('INVALID_ROYALTY');
    expect(code(() => encodeRoyaltiesV2(bad([{ address: 'x', percent: 'ten' }])))).toBe('INVALID_ROYALTY');
    expect(
      code(() =>
        encodeRoyaltiesV2([
          { address: '5Gus5r7HSZv9ScdaTNVbFMBEsxMtc4cZBPTLfJJbLXQK8m9d', percent: Number.NaN },
        ]),
      ),
    ).toBe('INVALID_ROYALTY');
    expect(code(() => encodeRoyaltyPart(bad(undefined)))).toBe('INVALID_ROYALTY');
    expect(code(() => decodeRoyalties(bad(7)))).toBe('INVALID_ROYALTY_ENCODING');
    expect(code(() => calculateRoyalties([], false, bad(-1)))).toBe('INVALID_ROYALTY');
    expect(code(() => calculateRoyalties([], false, bad(1.5)))).toBe('INVALID_ROYALTY');
  });
});

describe('keys the chain would refuse', () => {
  it('a property or permission key outside [A-Za-z0-9_.-], or a property key over 64 bytes', () => {
    expect(
      code(() => encodeTokenToProperties({}, { overwriteProperties: [{ key: 'Total Score', value: '1' }] })),
    ).toBe('INVALID_PROPERTIES');
    expect(
      code(() => encodeTokenToProperties({}, { overwriteProperties: [{ key: 'k'.repeat(65), value: '1' }] })),
    ).toBe('VALUE_TOO_LONG');
    const permission = { mutable: true, collectionAdmin: true, tokenOwner: false };
    expect(
      code(() => encodeCollectionToProperties({}, { overwriteTPPs: [{ key: 'a/b', permission }] })),
    ).toBe('INVALID_PROPERTIES');
    expect(
      encodeCollectionToProperties(
        {},
        { overwriteTPPs: [{ key: 'TotalScore', permission }] },
      ).tokenPropertyPermissions.at(-1),
    ).toEqual({ key: 'TotalScore', permission });
  });
  it('presets cannot be changed by callers', () => {
    expect(() => {
      (PERMISSION_PRESETS.REWRITEABLE_FOR_BOTH as { mutable: boolean }).mutable = false;
    }).toThrow(TypeError);
  });
});

describe('bad checksums and addresses', () => {
  it('a substrate address with a broken checksum is not a royalty address', () => {
    const broken = '5Gus5r7HSZv9ScdaTNVbFMBEsxMtc4cZBPTLfJJbLXQK8m9e';
    expect(code(() => encodeRoyaltyPart({ value: 1, address: broken }))).toBe('INVALID_ROYALTY');
    expect(code(() => encodeTokenToProperties({ royalties: [{ address: broken, percent: 1 }] }))).toBe(
      'INVALID_METADATA',
    );
  });
});

describe('oversize strings', () => {
  it('tokenData over 32768 bytes', () => {
    expect(code(() => encodeTokenToProperties({ description: 'é'.repeat(17000) }))).toBe('VALUE_TOO_LONG');
  });
  it('collectionInfo over 32768 bytes', () => {
    expect(
      code(() => encodeCollectionToProperties({ cover_image: { url: `https://x/${'a'.repeat(33000)}` } })),
    ).toBe('VALUE_TOO_LONG');
  });
  it('a property key over 256 bytes or a value over 32768 bytes', () => {
    expect(code(() => decodeTokenFromProperties([{ key: 'k'.repeat(257), value: 'x' }]))).toBe(
      'VALUE_TOO_LONG',
    );
    expect(
      code(() => decodeTokenFromProperties([...V2, { key: 'tokenData', value: 'x'.repeat(32769) }])),
    ).toBe('VALUE_TOO_LONG');
    expect(
      code(() =>
        decodeTokenFromProperties([...V2, { key: 'tokenData', valueHex: `0x${'00'.repeat(32769)}` }]),
      ),
    ).toBe('VALUE_TOO_LONG');
  });
  it('a URI over 32768 bytes', () => {
    expect(code(() => encodeTokenToProperties({}, { URI: 'u'.repeat(32769) }))).toBe('VALUE_TOO_LONG');
  });
});

describe('truncated hex', () => {
  it('odd-length or non-hex property values', () => {
    expect(code(() => decodeTokenFromProperties([{ key: 'tokenData', valueHex: '0x7b7' }]))).toBe(
      'INVALID_PROPERTIES',
    );
    expect(code(() => decodeTokenFromProperties([{ key: 'tokenData', valueHex: '0xzz' }]))).toBe(
      'INVALID_PROPERTIES',
    );
    expect(code(() => decodeTokenFromProperties([{ key: 'tokenData', valueHex: '7b7d' }]))).toBe(
      'INVALID_PROPERTIES',
    );
  });
  it('truncated royalties (part, list, v2 token property)', () => {
    const full = encodeRoyaltiesV2([
      { address: '5Gus5r7HSZv9ScdaTNVbFMBEsxMtc4cZBPTLfJJbLXQK8m9d', percent: 1 },
    ]);
    expect(code(() => decodeRoyaltyPart(full.slice(0, -2)))).toBe('INVALID_ROYALTY_ENCODING');
    expect(code(() => decodeRoyalties(full.slice(0, -2)))).toBe('INVALID_ROYALTY_ENCODING');
    expect(code(() => decodeRoyaltiesV2(`${full.slice(0, -1)}g`))).toBe('INVALID_ROYALTY_ENCODING');
    const props = encodeTokenToProperties({
      royalties: [{ address: '5Gus5r7HSZv9ScdaTNVbFMBEsxMtc4cZBPTLfJJbLXQK8m9d', percent: 1 }],
    });
    const truncated = props.map((p) =>
      p.key === 'royalties' ? { key: p.key, valueHex: p.valueHex.slice(0, -2) } : p,
    );
    expect(code(() => decodeTokenFromProperties(truncated))).toBe('INVALID_ROYALTY_ENCODING');
  });
  it('a royalty part with unknown type or address-kind nibbles', () => {
    const part = encodeRoyaltiesV2([
      { address: '5Gus5r7HSZv9ScdaTNVbFMBEsxMtc4cZBPTLfJJbLXQK8m9d', percent: 1 },
    ]);
    const broken = `${part.slice(0, 2 + 44)}7${part.slice(2 + 45)}`;
    expect(() => decodeRoyaltiesV2(broken)).toThrow('Royalty type must be one of the known types');
  });
});

describe('non-JSON tokenData', () => {
  it.each([['not json'], ['[1,2]'], ['null'], ['"text"'], ['42'], ['{"name":']])(
    'tokenData %s',
    (tokenData) => {
      expect(() => decodeTokenFromProperties([...V2, prop('tokenData', tokenData)])).toThrow(
        'Unable to parse tokenData JSON',
      );
      expect(code(() => decodeTokenFromProperties([...V2, prop('tokenData', tokenData)]))).toBe(
        'TOKEN_DATA_UNPARSABLE',
      );
    },
  );
  it('tokenData JSON that breaks the schema is refused, not returned', () => {
    const tokenData = JSON.stringify({ attributes: [{ trait_type: 'x', value: true }] });
    expect(code(() => decodeTokenFromProperties([...V2, prop('tokenData', tokenData)]))).toBe(
      'INVALID_METADATA',
    );
  });
  it('collectionInfo that is not JSON', () => {
    expect(code(() => decodeCollectionFromProperties([...V2, prop('collectionInfo', '{oops')]))).toBe(
      'COLLECTION_INFO_UNPARSABLE',
    );
  });
});

describe('bad protobuf', () => {
  const schema = JSON.stringify({
    nested: {
      onChainMetaData: {
        nested: { NFTMeta: { fields: { ipfsJson: { id: 1, rule: 'required', type: 'string' } } } },
      },
    },
  });
  const collection: PropertyInput[] = [
    prop('_old_schemaVersion', 'Unique'),
    prop('_old_constOnChainSchema', schema),
  ];

  it('token bytes that are not the message', () => {
    const token = [{ key: '_old_constData', valueHex: '0x0affff' }];
    expect(() => decodeTokenFromProperties(token, { collectionProperties: collection })).toThrow(
      /^Unable to parse token with old schema, error on decoding Protobuf: /,
    );
    expect(code(() => decodeTokenFromProperties(token, { collectionProperties: collection }))).toBe(
      'OLD_TOKEN_UNPARSABLE',
    );
  });
  it('token bytes missing a required field', () => {
    expect(
      code(() =>
        decodeTokenFromProperties([{ key: '_old_constData', valueHex: '0x' }], {
          collectionProperties: collection,
        }),
      ),
    ).toBe('OLD_TOKEN_UNPARSABLE');
  });
  it('an on-chain schema that is not protobuf JSON', () => {
    const broken = [prop('_old_schemaVersion', 'Unique'), prop('_old_constOnChainSchema', '{"nested":{}}')];
    expect(code(() => decodeCollectionFromProperties(broken))).toBe('INVALID_OLD_SCHEMA');
    expect(
      code(() =>
        decodeCollectionFromProperties([
          prop('_old_schemaVersion', 'Unique'),
          prop('_old_constOnChainSchema', 'nope'),
        ]),
      ),
    ).toBe('INVALID_OLD_SCHEMA');
  });
  it('old token decoding without a schema, with empty properties, or an unknown family', () => {
    expect(code(() => decodeOldToken([prop('x', 'y')], undefined))).toBe('COLLECTION_SCHEMA_NOT_PROVIDED');
    const oldSchema = decodeOldCollectionSchema(collection, 'V0');
    expect(code(() => decodeOldToken([], oldSchema))).toBe('TOKEN_PROPERTIES_EMPTY');
    expect(code(() => decodeOldToken([prop('x', 'y')], bad({ ...oldSchema, schemaFamily: 'V2' })))).toBe(
      'UNKNOWN_TOKEN_SCHEMA',
    );
    expect(code(() => decodeOldCollectionSchema([jsonProp('a', 1)], 'ERC721'))).toBe(
      'UNKNOWN_COLLECTION_SCHEMA',
    );
  });
});
