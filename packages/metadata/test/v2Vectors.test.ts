import { describe, expect, it } from 'vitest';
import {
  type CollectionInfoInput,
  decodeCollectionFromProperties,
  decodeTokenFromProperties,
  type EncodeCollectionOptions,
  encodeCollectionToProperties,
  encodeTokenToProperties,
  MetadataDecodingError,
  MetadataError,
  MetadataValidationError,
  type PropertyInput,
  type TokenDataInput,
} from '../src/index.js';
import { hexOf, loadFixture } from './fixtures.js';

type Vectors = {
  testVector_collection: {
    input: CollectionInfoInput;
    encoded: {
      collectionProperties: { key: string; valueHex: string }[];
      tokenPropertyPermissions: unknown[];
      flags: number;
    };
    decoded: unknown;
  };
  testVector_token: {
    input: TokenDataInput;
    encoded: { tokenProperties: PropertyInput[] };
    decoded: unknown;
  };
  fullToken: {
    input: TokenDataInput;
    options: { URI: string };
    encoded: { tokenProperties: PropertyInput[] };
    decoded: Record<string, unknown>;
  };
  collectionWithOptions: {
    input: CollectionInfoInput;
    options: EncodeCollectionOptions;
    encoded: {
      collectionProperties: { key: string; valueHex: string }[];
      tokenPropertyPermissions: unknown[];
      flags: number;
    };
  };
  errors: Record<string, string>;
};

const v = loadFixture<Vectors>('schemas_v2_coding.json');

describe('schema v2 vectors: collections', () => {
  it('encodes testVector_collection exactly (properties, permissions, flags)', () => {
    const out = encodeCollectionToProperties(v.testVector_collection.input);
    expect(hexOf(out.properties)).toEqual(v.testVector_collection.encoded.collectionProperties);
    expect(out.tokenPropertyPermissions).toEqual(v.testVector_collection.encoded.tokenPropertyPermissions);
    expect(out.flags).toBe(64);
  });

  it('gives text values beside the hex', () => {
    const out = encodeCollectionToProperties(v.testVector_collection.input);
    expect(out.properties[0]).toEqual({ key: 'schemaName', value: 'unique', valueHex: '0x756e69717565' });
  });

  it('decodes testVector_collection from its hex-only properties', () => {
    expect(decodeCollectionFromProperties(v.testVector_collection.encoded.collectionProperties)).toEqual(
      v.testVector_collection.decoded,
    );
  });

  it('applies default permission, permission overrides and property overrides like the vector', () => {
    const { input, options, encoded } = v.collectionWithOptions;
    const out = encodeCollectionToProperties(input, options);
    expect(hexOf(out.properties)).toEqual(encoded.collectionProperties);
    expect(out.tokenPropertyPermissions).toEqual(encoded.tokenPropertyPermissions);
    expect(out.flags).toBe(encoded.flags);
  });

  it('accepts a preset name as the default permission', () => {
    const out = encodeCollectionToProperties({}, { defaultPermission: 'WRITABLE_ONCE_FOR_TOKEN_OWNER' });
    expect(out.tokenPropertyPermissions.every((t) => !t.permission.mutable && t.permission.tokenOwner)).toBe(
      true,
    );
  });
});

describe('schema v2 vectors: tokens', () => {
  it('encodes testVector_token exactly', () => {
    expect(hexOf(encodeTokenToProperties(v.testVector_token.input))).toEqual(
      v.testVector_token.encoded.tokenProperties,
    );
  });

  it('decodes testVector_token', () => {
    expect(decodeTokenFromProperties(v.testVector_token.encoded.tokenProperties)).toEqual(
      v.testVector_token.decoded,
    );
  });

  it('encodes fullToken (two royalties, URI) exactly', () => {
    expect(hexOf(encodeTokenToProperties(v.fullToken.input, v.fullToken.options))).toEqual(
      v.fullToken.encoded.tokenProperties,
    );
  });

  it('decodes fullToken, keeping the address spelling of tokenData when the royalties property agrees', () => {
    expect(decodeTokenFromProperties(v.fullToken.encoded.tokenProperties)).toEqual(v.fullToken.decoded);
  });

  it('returns the royalties stored in the royalties property when tokenData disagrees', () => {
    const props = v.fullToken.encoded.tokenProperties.filter((p) => p.key !== 'royalties');
    const onlyFirst = encodeTokenToProperties({
      royalties: [{ address: '0xd47b259722f314bd4ec2f26524e34b8a0172e49a', percent: 7.25 }],
    });
    const royalties = onlyFirst.find((p) => p.key === 'royalties')!;
    const decoded = decodeTokenFromProperties([...props, royalties]);
    expect(decoded.royalties).toEqual([
      { address: '0xD47b259722F314BD4EC2f26524E34B8A0172E49A', percent: 7.25 },
    ]);
    expect(decoded.name).toBe('Demo token');
  });

  it('omits royalties that exist only inside tokenData (nothing on chain enforces them)', () => {
    const props = v.fullToken.encoded.tokenProperties.filter((p) => p.key !== 'royalties');
    expect(decodeTokenFromProperties(props).royalties).toBeUndefined();
  });
});

describe('schema v2 vectors: errors', () => {
  const e = v.errors;
  const issuesOf = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      expect(err).toBeInstanceOf(MetadataValidationError);
      return (err as MetadataValidationError).issues;
    }
    throw new Error('expected a validation error');
  };

  it('refuses collection royalties with the spec message', () => {
    expect(() =>
      encodeCollectionToProperties({
        royalties: [{ address: '5Gus5r7HSZv9ScdaTNVbFMBEsxMtc4cZBPTLfJJbLXQK8m9d', percent: 1 }],
      }),
    ).toThrow(new MetadataError('COLLECTION_ROYALTIES_NOT_SUPPORTED', e['encode.collection royalties']!));
  });

  it('refuses a collection schemaName other than "unique"', () => {
    const issues = issuesOf(() => encodeCollectionToProperties({ schemaName: 'foo' }));
    expect(issues).toEqual([
      { path: ['schemaName'], message: 'schemaName must be "unique"', code: 'custom' },
    ]);
    expect(e['encode.collection schemaName "foo"']).toContain('schemaName must be \\"unique\\"');
  });

  it('refuses a collection schemaVersion 3.0.0 with "version must be in semver format: 2.x.x"', () => {
    const issues = issuesOf(() => encodeCollectionToProperties({ schemaVersion: '3.0.0' }));
    expect(issues).toEqual([
      { path: ['schemaVersion'], message: 'version must be in semver format: 2.x.x', code: 'custom' },
    ]);
  });

  it('refuses a token schemaVersion "2.0" at the same path', () => {
    const issues = issuesOf(() => encodeTokenToProperties({ schemaVersion: '2.0' }));
    expect(issues.map((i) => i.path)).toEqual([['schemaVersion']]);
    expect(e['encode.token schemaVersion "2.0"']).toContain('"schemaVersion"');
  });

  it.each([
    [101, 'encode.token royalty percent 101'],
    [-1, 'encode.token royalty percent -1'],
  ])('refuses royalty percent %d at royalties.0.percent', (percent, name) => {
    const issues = issuesOf(() =>
      encodeTokenToProperties({
        royalties: [{ address: '5Gus5r7HSZv9ScdaTNVbFMBEsxMtc4cZBPTLfJJbLXQK8m9d', percent }],
      }),
    );
    expect(issues.map((i) => i.path)).toEqual([['royalties', 0, 'percent']]);
    expect(issues[0]!.code).toBe(percent > 100 ? 'too_big' : 'too_small');
    expect(e[name]).toContain(percent > 100 ? 'too_big' : 'too_small');
  });

  it('refuses a boolean attribute value', () => {
    const issues = issuesOf(() =>
      encodeTokenToProperties({ attributes: [{ trait_type: 'a', value: true as unknown as string }] }),
    );
    expect(issues.map((i) => i.path)).toEqual([['attributes', 0, 'value']]);
  });

  it('refuses an unknown media type', () => {
    const issues = issuesOf(() =>
      encodeTokenToProperties({ media: { a: { type: 'gif' as 'image', url: 'https://x' } } }),
    );
    expect(issues.map((i) => i.path)).toEqual([['media', 'a', 'type']]);
    expect(issues[0]!.code).toBe('invalid_value');
    expect(issues[0]!.message).toContain('"image"');
  });

  it('fails on empty token properties with the unknown-schema message', () => {
    expect(() => decodeTokenFromProperties([])).toThrow(
      new MetadataDecodingError('UNKNOWN_TOKEN_SCHEMA_VERSION', e['decode.token [] ']!),
    );
  });

  it('fails on a v2 token without tokenData', () => {
    const props = [
      { key: 'schemaName', value: 'unique' },
      { key: 'schemaVersion', value: '2.0.0' },
    ];
    expect(() => decodeTokenFromProperties(props)).toThrow(e['decode.token v2 without tokenData']!);
  });

  it('fails on v1-looking token properties without the collection', () => {
    expect(() => decodeTokenFromProperties([{ key: 'n', value: '{"_":"x"}' }])).toThrow(
      e['decode.token v1 token props w/o collection']!,
    );
  });

  it('fails on an ERC721 token with only a URI when nothing may be fetched', () => {
    expect(() => decodeTokenFromProperties([{ key: 'URI', value: 'https://example.com/1.json' }])).toThrow(
      e['decode.token ERC721 URI only (no fetch)']!,
    );
  });
});
