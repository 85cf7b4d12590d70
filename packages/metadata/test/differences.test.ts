// Each deliberate difference from @unique-nft/schemas (docs/decisions/metadata.md), shown against the reference.
import { SchemaTools } from '@unique-nft/schemas';
import { describe, expect, it } from 'vitest';
import {
  decodeCollectionFromProperties,
  decodeTokenFromProperties,
  detectSchemaFamily,
  encodeRoyaltiesV2,
  encodeTokenToProperties,
  type PropertyInput,
} from '../src/index.js';
import { jsonProp, prop, v0Schema } from './oldFormats.js';

const SUB = '5Gus5r7HSZv9ScdaTNVbFMBEsxMtc4cZBPTLfJJbLXQK8m9d';
const hexOnly = (props: PropertyInput[]) => props.map(({ key, valueHex }) => ({ key, valueHex: valueHex! }));
const reference = SchemaTools as unknown as {
  encode: { token: (t: unknown) => { tokenProperties: { key: string; valueHex: string }[] } };
  decode: {
    token: (p: unknown, o?: unknown) => Promise<Record<string, unknown>>;
    collection: (p: unknown) => Promise<Record<string, unknown>>;
  };
};

describe('differences from the reference', () => {
  it('1. 0.29% is a valid royalty (the reference refuses it through float arithmetic)', () => {
    const token = { royalties: [{ address: SUB, percent: 0.29 }] };
    expect(() => reference.encode.token(token)).toThrow('maximum 2 decimal places');
    expect(decodeTokenFromProperties(encodeTokenToProperties(token)).royalties).toEqual(token.royalties);
  });

  it('2. the royalties property wins over the copy in tokenData', async () => {
    const props = hexOnly(
      encodeTokenToProperties({ name: 'x', royalties: [{ address: SUB, percent: 1 }] }),
    ).map((p) =>
      p.key === 'royalties' ? { key: p.key, valueHex: encodeRoyaltiesV2([{ address: SUB, percent: 5 }]) } : p,
    );
    expect((await reference.decode.token(props)).royalties).toEqual([{ address: SUB, percent: 1 }]);
    expect(decodeTokenFromProperties(props).royalties).toEqual([{ address: SUB, percent: 5 }]);
  });

  it('4. a v2 collection without collectionInfo decodes to the defaults (the reference gives {})', async () => {
    const props = [prop('schemaName', 'unique'), prop('schemaVersion', '2.0.0')];
    expect(await reference.decode.collection(props)).toEqual({});
    expect(decodeCollectionFromProperties(props)).toEqual({ schemaName: 'unique', schemaVersion: '2.0.0' });
  });

  it('9. URISuffix without a baseURI is no token URI', async () => {
    const props = [prop('URISuffix', '1.json')];
    await expect(reference.decode.token(props)).rejects.toThrow('Unable to parse tokenData JSON');
    expect(detectSchemaFamily([], props)).toBe('UNKNOWN');
    expect(() => decodeTokenFromProperties(props)).toThrow('Unknown token schema version');
  });

  it('10. a quoted "unique" token schemaName is recognised', () => {
    const props = [
      prop('schemaName', '"unique"'),
      prop('schemaVersion', '2.0.0'),
      prop('tokenData', '{"name":"q"}'),
    ];
    expect(decodeTokenFromProperties(props).name).toBe('q');
  });

  it('11. a v1 collection without coverPicture decodes (the reference throws)', async () => {
    const props = [jsonProp('schemaName', 'unique'), jsonProp('schemaVersion', '1.0.0')];
    await expect(reference.decode.collection(props)).rejects.toThrow(TypeError);
    expect(decodeCollectionFromProperties(props)).toEqual({
      schemaName: 'unique',
      schemaVersion: '2.0.0',
      originalSchemaVersion: '1.0.0',
    });
  });

  it('11. a $ in a v1 url infix is kept literally', () => {
    const collection = [
      jsonProp('schemaName', 'unique'),
      jsonProp('schemaVersion', '1.0.0'),
      jsonProp('image', { urlTemplate: 'https://x/{infix}.png' }),
    ];
    expect(decodeTokenFromProperties([prop('i.i', 'a$&b')], { collectionProperties: collection }).image).toBe(
      'https://x/a$&b.png',
    );
  });

  const v0 = (schema: object, constData: string) => ({
    collection: [
      prop('_old_schemaVersion', 'Unique'),
      prop('_old_constOnChainSchema', JSON.stringify(schema)),
    ],
    token: [{ key: '_old_constData', valueHex: constData }],
  });

  it('12. repeated string fields give one attribute per item (the reference drops them)', async () => {
    const schema = {
      nested: {
        onChainMetaData: {
          nested: {
            NFTMeta: {
              fields: {
                ipfsJson: { id: 1, type: 'string' },
                tags: { id: 2, rule: 'repeated', type: 'string' },
              },
            },
          },
        },
      },
    };
    // field 2 = "a", field 2 = "b"
    const { collection, token } = v0(schema, '0x120161120162');
    const theirs = await reference.decode.token(token, { collectionProperties: collection });
    expect(theirs.attributes).toBeUndefined();
    expect(decodeTokenFromProperties(token, { collectionProperties: collection }).attributes).toEqual([
      { trait_type: 'tags', value: 'a' },
      { trait_type: 'tags', value: 'b' },
    ]);
  });

  it('12. an enum value without options shows its name (the reference throws)', async () => {
    const schema = v0Schema([{ name: 'color', kind: 'enum', rule: 'required', values: ['red'] }]) as {
      nested: { onChainMetaData: { nested: Record<string, { options?: unknown }> } };
    };
    delete schema.nested.onChainMetaData.nested.E0Color!.options;
    // field 1 (ipfsJson) = "", field 2 = 0
    const { collection, token } = v0(schema, '0x0a001000');
    await expect(reference.decode.token(token, { collectionProperties: collection })).rejects.toThrow();
    expect(decodeTokenFromProperties(token, { collectionProperties: collection }).attributes).toEqual([
      { trait_type: 'color', value: 'V0' },
    ]);
  });
});
