// Builders and fast-check generators for v1 and v0 (old-format) collections and tokens, used by the
// old-format tests and the differential tests against @unique-nft/schemas.
import fc from 'fast-check';
import protobuf from 'protobufjs';
import { encodeRoyaltiesV2, type PropertyInput, type Royalty } from '../src/index.js';

export const utf8Hex = (text: string): string => `0x${Buffer.from(text, 'utf8').toString('hex')}`;
export const prop = (key: string, value: string): PropertyInput => ({ key, valueHex: utf8Hex(value) });
export const jsonProp = (key: string, value: unknown): PropertyInput => prop(key, JSON.stringify(value));

export const SUBSTRATE_ADDRESSES = [
  '5Gus5r7HSZv9ScdaTNVbFMBEsxMtc4cZBPTLfJJbLXQK8m9d',
  '5D7WxWqqUYNm962RUNdf1UTCcuasXCigHFMGG4hWX6hkp7zU',
  '5DUAdq6nLoyttjdCQsnTd3WYSjYxZ17LiHJY5NrXL51ZxqbY',
];
export const ETHEREUM_ADDRESSES = [
  '0xcafe52dae8874E9E6d7511e05d213590E47e97B6',
  '0x1234A38988Dd5ecC93Dd9cE90a44A00e5FB91e4C',
];

const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,11}$/);
const cid = fc.stringMatching(/^Qm[1-9A-HJ-NP-Za-km-z]{10,20}$/);

export const royaltyArb: fc.Arbitrary<Royalty> = fc.record(
  {
    address: fc.constantFrom(...SUBSTRATE_ADDRESSES, ...ETHEREUM_ADDRESSES),
    percent: fc.integer({ min: 1, max: 10000 }).map((n) => n / 100),
    isPrimaryOnly: fc.constant(true),
  },
  { requiredKeys: ['address', 'percent'] },
);
// Distinct addresses per list: the v1 merge keys royalties by address.
export const royaltiesArb = fc.uniqueArray(royaltyArb, { maxLength: 3, selector: (r) => r.address });

// ---------- v1 ----------
type V1Attr = { name: string; isArray: boolean; enumValues?: string[] };
type V1CollectionSpec = {
  version: string;
  template: string;
  coverCid: string;
  attributes: V1Attr[];
  royalties?: Royalty[] | undefined;
};
type V1TokenSpec = {
  name?: string;
  description?: string;
  image: { key: string; value: string };
  video?: string | undefined;
  values: unknown[];
  royalties?: Royalty[] | undefined;
};
type V0CollectionSpec = {
  schemaVersion: string;
  offchain: string;
  cover?: string | undefined;
  fields: V0Field[];
  royalties?: Royalty[] | undefined;
};

export const v1CollectionArb: fc.Arbitrary<V1CollectionSpec> = fc.record({
  version: fc.constantFrom('1.0.0', '1.2.3'),
  template: fc.constantFrom(
    'https://ipfs.unique.network/ipfs/{infix}',
    'https://cdn.example/{infix}.png',
    'https://no-infix.example/',
  ),
  coverCid: cid,
  attributes: fc.uniqueArray(
    fc.record(
      { name: word, isArray: fc.boolean(), enumValues: fc.uniqueArray(word, { minLength: 1, maxLength: 4 }) },
      { requiredKeys: ['name', 'isArray'] },
    ),
    { maxLength: 4, selector: (a) => a.name },
  ),
  royalties: fc.option(royaltiesArb, { nil: undefined }),
});
export type V1Collection = { properties: PropertyInput[]; attributes: V1Attr[] };

export const v1CollectionProperties = (c: V1CollectionSpec): V1Collection => {
  const properties = [
    jsonProp('schemaName', 'unique'),
    jsonProp('schemaVersion', c.version),
    jsonProp('attributesSchemaVersion', '1.0.0'),
    jsonProp('image', { urlTemplate: c.template }),
    jsonProp('coverPicture', { ipfsCid: c.coverCid }),
  ];
  c.attributes.forEach((a, i) => {
    const schema: Record<string, unknown> = {
      name: { _: a.name },
      type: 'string',
      optional: true,
      isArray: a.isArray,
    };
    if (a.enumValues)
      schema.enumValues = Object.fromEntries(a.enumValues.map((v, j) => [j, { _: v, en: v }]));
    properties.push(jsonProp(`attributesSchema.${i}`, schema));
  });
  if (c.royalties?.length) properties.push({ key: 'royalties', valueHex: encodeRoyaltiesV2(c.royalties) });
  return { properties, attributes: c.attributes };
};

export const v1TokenArb = (attributes: V1Attr[]): fc.Arbitrary<V1TokenSpec> =>
  fc.record(
    {
      name: word,
      description: word,
      image: fc.oneof(
        cid.map((c) => ({ key: 'i.c', value: c })),
        word.map((w) => ({ key: 'i.i', value: w.replace(/ /g, '_') })),
        word.map((w) => ({ key: 'i.u', value: `https://full.example/${w.replace(/ /g, '_')}` })),
      ),
      video: fc.option(cid, { nil: undefined }),
      values: fc.tuple(
        ...attributes.map((a) =>
          fc.option<unknown>(
            (a.enumValues
              ? a.isArray
                ? fc.uniqueArray(fc.nat(a.enumValues.length - 1), { minLength: 1, maxLength: 3 })
                : fc.nat(a.enumValues.length - 1)
              : a.isArray
                ? fc.array(
                    word.map((w) => ({ _: w })),
                    { minLength: 1, maxLength: 3 },
                  )
                : word.map((w) => ({ _: w }))) as fc.Arbitrary<unknown>,
            { nil: undefined },
          ),
        ),
      ),
      royalties: fc.option(royaltiesArb, { nil: undefined }),
    },
    { requiredKeys: ['image', 'values'] },
  );

export const v1TokenProperties = (t: V1TokenSpec): PropertyInput[] => {
  const properties: PropertyInput[] = [];
  if (t.name !== undefined) properties.push(jsonProp('n', { _: t.name }));
  if (t.description !== undefined) properties.push(jsonProp('d', { _: t.description }));
  properties.push(prop(t.image.key, t.image.value));
  if (t.video) properties.push(prop('v.c', t.video));
  t.values.forEach((v, i) => {
    if (v !== undefined) properties.push(jsonProp(`a.${i}`, v));
  });
  if (t.royalties?.length) properties.push({ key: 'royalties', valueHex: encodeRoyaltiesV2(t.royalties) });
  return properties;
};

// ---------- v0 ----------
export type V0Field = {
  name: string;
  kind: 'string' | 'enum';
  rule: 'required' | 'optional' | 'repeated';
  values: string[];
};

export const v0CollectionArb: fc.Arbitrary<V0CollectionSpec> = fc.record({
  schemaVersion: fc.constantFrom('Unique', 'ImageURL'),
  offchain: fc.constantFrom('https://img.example/{id}.png', 'https://metadata.example/punks', ''),
  cover: fc.option(cid, { nil: undefined }),
  fields: fc.uniqueArray(
    fc
      .record({
        name: fc.oneof(
          fc.constantFrom('name', 'description'),
          fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,8}$/).filter((n) => n !== 'ipfsJson'),
        ),
        kind: fc.constantFrom('string' as const, 'enum' as const),
        rule: fc.constantFrom('required' as const, 'optional' as const, 'repeated' as const),
        values: fc.uniqueArray(word, { minLength: 1, maxLength: 4 }),
      })
      // The reference drops repeated string fields (a documented difference), so they are generated as enums only.
      .map((f) => (f.rule === 'repeated' ? { ...f, kind: 'enum' as const } : f)),
    { maxLength: 5, selector: (f) => f.name.toLowerCase() },
  ),
  royalties: fc.option(royaltiesArb, { nil: undefined }),
});

export const v0Schema = (fields: V0Field[]): protobuf.INamespace => {
  const nftFields: Record<string, unknown> = { ipfsJson: { id: 1, rule: 'required', type: 'string' } };
  const nested: Record<string, unknown> = {};
  fields.forEach((f, i) => {
    const enumName = `E${i}${f.name[0]!.toUpperCase()}${f.name.slice(1)}`;
    nftFields[f.name] = {
      id: i + 2,
      ...(f.rule === 'optional' ? {} : { rule: f.rule }),
      type: f.kind === 'enum' ? enumName : 'string',
    };
    if (f.kind === 'enum')
      nested[enumName] = {
        options: Object.fromEntries(f.values.map((v, j) => [`V${j}`, JSON.stringify({ en: v })])),
        values: Object.fromEntries(f.values.map((_, j) => [`V${j}`, j])),
      };
  });
  return {
    nested: { onChainMetaData: { nested: { NFTMeta: { fields: nftFields }, ...nested } } },
  } as protobuf.INamespace;
};

export const v0CollectionProperties = (c: V0CollectionSpec): PropertyInput[] => {
  const properties = [
    prop('_old_schemaVersion', c.schemaVersion),
    prop('_old_offchainSchema', c.offchain),
    prop('_old_constOnChainSchema', JSON.stringify(v0Schema(c.fields))),
    prop('_old_variableOnChainSchema', c.cover ? JSON.stringify({ collectionCover: c.cover }) : '{}'),
  ];
  if (c.royalties?.length) properties.push({ key: 'royalties', valueHex: encodeRoyaltiesV2(c.royalties) });
  return properties;
};

export const v0TokenArb = (fields: V0Field[]) =>
  fc.record({
    ipfs: cid,
    values: fc.tuple(
      ...fields.map((f) => {
        const one: fc.Arbitrary<unknown> = f.kind === 'enum' ? fc.nat(f.values.length - 1) : word;
        const present: fc.Arbitrary<unknown> = f.rule === 'repeated' ? fc.array(one, { maxLength: 3 }) : one;
        return f.rule === 'optional' ? fc.option(present, { nil: undefined }) : present;
      }),
    ),
    royalties: fc.option(royaltiesArb, { nil: undefined }),
  });

export const v0TokenProperties = (
  fields: V0Field[],
  t: { ipfs: string; values: unknown[]; royalties?: Royalty[] | undefined },
): PropertyInput[] => {
  const type = protobuf.Root.fromJSON(v0Schema(fields)).lookupType('onChainMetaData.NFTMeta');
  const message: Record<string, unknown> = { ipfsJson: JSON.stringify({ ipfs: t.ipfs, type: 'image' }) };
  fields.forEach((f, i) => {
    if (t.values[i] !== undefined) message[f.name] = t.values[i];
  });
  const bytes = type.encode(type.fromObject(message)).finish();
  const properties = [{ key: '_old_constData', valueHex: `0x${Buffer.from(bytes).toString('hex')}` }];
  if (t.royalties?.length) properties.push({ key: 'royalties', valueHex: encodeRoyaltiesV2(t.royalties) });
  return properties;
};
