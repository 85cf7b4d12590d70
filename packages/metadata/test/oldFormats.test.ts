import { describe, expect, it } from 'vitest';
import {
  decodeCollectionFromProperties,
  decodeOldCollectionSchema,
  decodeOldToken,
  decodeTokenFromProperties,
  encodeRoyaltiesV2,
  MetadataDecodingError,
  type PropertyInput,
} from '../src/index.js';
import { loadFixture } from './fixtures.js';
import { jsonProp, prop, v0Schema, v0TokenProperties } from './oldFormats.js';

const errors = loadFixture<{ errors: Record<string, string> }>('schemas_v2_coding.json').errors;
const SUB = '5Gus5r7HSZv9ScdaTNVbFMBEsxMtc4cZBPTLfJJbLXQK8m9d';
const SUB2 = '5DUAdq6nLoyttjdCQsnTd3WYSjYxZ17LiHJY5NrXL51ZxqbY';

const v1Collection: PropertyInput[] = [
  jsonProp('schemaName', 'unique'),
  jsonProp('schemaVersion', '1.0.0'),
  jsonProp('image', { urlTemplate: 'https://cdn.example/{infix}.png' }),
  jsonProp('video', { urlTemplate: 'https://video.example/{infix}' }),
  jsonProp('coverPicture', { urlInfix: 'cover' }),
  jsonProp('attributesSchema.0', {
    name: { _: 'gender', ru: 'пол' },
    type: 'string',
    enumValues: { 0: { _: 'Male', ru: 'Мужской' }, 1: { _: 'Female' } },
  }),
  jsonProp('attributesSchema.1', {
    name: { _: 'traits' },
    type: 'string',
    isArray: true,
    enumValues: { 0: { en: 'Smile' }, 1: { _: 'Hat' } },
  }),
  jsonProp('attributesSchema.2', { name: { _: 'power' }, type: 'integer' }),
  jsonProp('attributesSchema.3', { name: { _: 'motto' }, type: 'string' }),
  {
    key: 'royalties',
    valueHex: encodeRoyaltiesV2([
      { address: SUB, percent: 1 },
      { address: SUB2, percent: 2 },
    ]),
  },
];

describe('v1', () => {
  it('decodes a collection: cover from the template, enum values, collection royalties', () => {
    expect(decodeCollectionFromProperties(v1Collection)).toEqual({
      schemaName: 'unique',
      schemaVersion: '2.0.0',
      originalSchemaVersion: '1.0.0',
      cover_image: { url: 'https://cdn.example/cover.png' },
      potential_attributes: [
        { trait_type: 'gender', display_type: 'string', values: ['Male', 'Female'] },
        { trait_type: 'traits', display_type: 'string', values: ['Smile', 'Hat'] },
        { trait_type: 'power', display_type: 'integer' },
        { trait_type: 'motto', display_type: 'string' },
      ],
      royalties: [
        { address: SUB, percent: 1 },
        { address: SUB2, percent: 2 },
      ],
    });
  });

  it('decodes a token: url infix, IPFS media, enums, localized values, merged royalties', () => {
    const token = [
      jsonProp('n', { _: 'Bob', ru: 'Боб' }),
      jsonProp('d', { en: 'A punk' }),
      prop('i.i', 'bob'),
      prop('v.c', 'QmVideo'),
      jsonProp('a.0', 1),
      jsonProp('a.1', [0, 1, 7]),
      jsonProp('a.2', { _: 42 }),
      jsonProp('a.3', { _: 'carpe diem', la: 'carpe diem' }),
      jsonProp('a.9', 'no such attribute'),
      {
        key: 'royalties',
        valueHex: encodeRoyaltiesV2([{ address: SUB2, percent: 0.29, isPrimaryOnly: true }]),
      },
    ];
    expect(decodeTokenFromProperties(token, { collectionProperties: v1Collection })).toEqual({
      schemaName: 'unique',
      schemaVersion: '2.0.0',
      originalSchemaVersion: '1.0.0',
      name: 'Bob',
      description: 'A punk',
      image: 'https://cdn.example/bob.png',
      media: { video: { type: 'video', url: 'https://video.example/QmVideo' } },
      attributes: [
        { trait_type: 'gender', value: 'Female' },
        { trait_type: 'traits', value: 'Smile' },
        { trait_type: 'traits', value: 'Hat' },
        { trait_type: 'power', value: 42 },
        { trait_type: 'motto', value: 'carpe diem' },
      ],
      royalties: [
        { address: SUB, percent: 1 },
        { address: SUB2, percent: 0.29, isPrimaryOnly: true },
      ],
    });
  });

  it('a full url wins over the template; a CID without an {infix} template becomes ipfs://', () => {
    const noInfix = v1Collection.map((p) =>
      p.key === 'image' ? jsonProp('image', { urlTemplate: 'https://static.example/' }) : p,
    );
    expect(
      decodeTokenFromProperties([prop('i.u', 'https://full/x.png'), prop('i.c', 'QmX')], {
        collectionProperties: v1Collection,
      }).image,
    ).toBe('https://full/x.png');
    expect(decodeTokenFromProperties([prop('i.c', 'QmX')], { collectionProperties: noInfix }).image).toBe(
      'ipfs://QmX',
    );
    expect(
      decodeTokenFromProperties([prop('i.c', 'QmX')], { collectionProperties: v1Collection }).image,
    ).toBe('https://cdn.example/QmX.png');
  });

  it('accepts a schema decoded once for many tokens', () => {
    const schema = decodeOldCollectionSchema(v1Collection, 'V1');
    const token = [jsonProp('n', { _: 'Al' })];
    expect(decodeTokenFromProperties(token, { collectionSchema: schema }).name).toBe('Al');
    expect(decodeOldToken(token, schema).name).toEqual({ _: 'Al' });
  });

  it('needs the collection', () => {
    const token = [jsonProp('n', { _: 'Al' }), prop('schemaName', 'unique'), prop('schemaVersion', '1.0.0')];
    expect(() => decodeTokenFromProperties(token)).toThrow(
      'Collection properties are required for decoding tokens in Unique schema for versions less than v2 and no pre-decoded schema have been provided',
    );
  });

  it('refuses an attribute schema without a name', () => {
    const broken = [...v1Collection, jsonProp('attributesSchema.7', { type: 'string' })];
    expect(() => decodeCollectionFromProperties(broken)).toThrow(MetadataDecodingError);
  });
});

const punkFields = [
  { name: 'gender', kind: 'enum' as const, rule: 'required' as const, values: ['Female', 'Male'] },
  { name: 'traits', kind: 'enum' as const, rule: 'repeated' as const, values: ['Smile', 'Earring', 'Hat'] },
  { name: 'name', kind: 'string' as const, rule: 'optional' as const, values: ['x'] },
];
const v0Collection = (schemaVersion: string, offchain: string, cover?: string): PropertyInput[] => [
  prop('_old_schemaVersion', schemaVersion),
  prop('_old_offchainSchema', offchain),
  prop('_old_constOnChainSchema', JSON.stringify(v0Schema(punkFields))),
  prop('_old_variableOnChainSchema', cover ? JSON.stringify({ collectionCover: cover }) : ''),
];
const punk = v0TokenProperties(punkFields, { ipfs: 'QmPunk', values: [1, [0, 2], 'Jo'] });

describe('v0', () => {
  it('decodes a collection: cover from the variable schema, enum values per attribute', () => {
    expect(decodeCollectionFromProperties(v0Collection('Unique', '', 'QmCover'))).toEqual({
      schemaName: 'unique',
      schemaVersion: '2.0.0',
      originalSchemaVersion: '0.0.1',
      cover_image: { url: 'https://ipfs.unique.network/ipfs/QmCover' },
      potential_attributes: [
        { trait_type: 'gender', display_type: 'string', values: ['Female', 'Male'] },
        { trait_type: 'traits', display_type: 'string', values: ['Smile', 'Earring', 'Hat'] },
        { trait_type: 'name', display_type: 'string' },
      ],
    });
  });

  it('decodes a token with an IPFS image, enum and repeated enum values', () => {
    expect(decodeTokenFromProperties(punk, { collectionProperties: v0Collection('Unique', '') })).toEqual({
      schemaName: 'unique',
      schemaVersion: '2.0.0',
      originalSchemaVersion: '0.0.1',
      image: 'https://ipfs.unique.network/ipfs/QmPunk',
      name: 'Jo',
      attributes: [
        { trait_type: 'gender', value: 'Male' },
        { trait_type: 'traits', value: 'Smile' },
        { trait_type: 'traits', value: 'Hat' },
        { trait_type: 'name', value: 'Jo' },
      ],
    });
  });

  it('uses the caller’s IPFS gateway', () => {
    const decoded = decodeTokenFromProperties(punk, {
      collectionProperties: v0Collection('Unique', ''),
      imageUrlTemplate: 'https://gw.example/ipfs/{infix}',
    });
    expect(decoded.image).toBe('https://gw.example/ipfs/QmPunk');
  });

  it('fills {id} image templates with the token id, and needs it', () => {
    const collectionProperties = v0Collection('ImageURL', 'https://img.example/punks/{id}.png');
    expect(decodeTokenFromProperties(punk, { collectionProperties, tokenId: 77 }).image).toBe(
      'https://img.example/punks/77.png',
    );
    expect(decodeCollectionFromProperties(collectionProperties).cover_image).toEqual({
      url: 'https://img.example/punks/1.png',
    });
    expect(() => decodeTokenFromProperties(punk, { collectionProperties })).toThrow(/tokenId is required/);
  });

  it('reports the decodeOld errors with the reference texts', () => {
    expect(() => decodeOldCollectionSchema([], 'V0')).toThrow(errors['decodeOld.collection []']!);
    expect(() => decodeOldCollectionSchema([prop('schemaName', 'unique')], 'V2')).toThrow(
      errors['decodeOld.collection family V2']!,
    );
    expect(() => decodeOldToken(punk, undefined)).toThrow(errors['decodeOld.token no schema']!);
    const schema = decodeOldCollectionSchema(v0Collection('Unique', ''), 'V0');
    expect(() => decodeOldToken([], schema)).toThrow(errors['decodeOld.token []']!);
    expect(() => decodeOldToken(punk, { ...schema, schemaFamily: 'V2' as 'V0' })).toThrow(
      errors['decodeOld.token family V2']!,
    );
    const withoutOnChain = decodeOldCollectionSchema([prop('_old_schemaVersion', 'Unique')], 'V0');
    expect(() => decodeOldToken(punk, withoutOnChain)).toThrow(
      errors['decodeOld.token V0 no _old_constOnChainSchema']!,
    );
    expect(() => decodeOldToken([prop('other', 'x')], schema)).toThrow('no _old_constData property found');
  });

  it('decodes numeric protobuf fields as numbers (the reference throws on them)', () => {
    const schema = {
      nested: {
        onChainMetaData: {
          nested: {
            NFTMeta: {
              fields: {
                ipfsJson: { id: 1, type: 'string' },
                level: { id: 2, type: 'uint32' },
                big: { id: 3, type: 'uint64' },
              },
            },
          },
        },
      },
    };
    const collection = [
      prop('_old_schemaVersion', 'Unique'),
      prop('_old_constOnChainSchema', JSON.stringify(schema)),
    ];
    // field 2 varint 9, field 3 varint 300
    const token = [{ key: '_old_constData', valueHex: '0x100918ac02' }];
    expect(decodeTokenFromProperties(token, { collectionProperties: collection }).attributes).toEqual([
      { trait_type: 'level', value: 9 },
      { trait_type: 'big', value: 300 },
    ]);
  });
});
