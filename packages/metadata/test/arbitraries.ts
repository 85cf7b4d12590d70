// fast-check generators of valid schema v2 metadata (the media types are the schema's own list).
import fc from 'fast-check';
import { MediaTypeSchema } from '../src/schemas/common.js';
import { ETHEREUM_ADDRESSES, SUBSTRATE_ADDRESSES } from './oldFormats.js';

const text = fc.oneof(fc.string({ maxLength: 20 }), fc.string({ maxLength: 12, unit: 'grapheme' }));
// JSON has no -0; a generated -0 would come back as 0.
const num = fc.oneof(
  fc.integer({ min: -1e6, max: 1e9 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n)),
);
const record = <T extends Record<string, fc.Arbitrary<unknown>>>(shape: T, required: (keyof T)[] = []) =>
  fc.record(shape, { requiredKeys: required as never[] });

const semver = fc.tuple(fc.nat(30), fc.nat(30), fc.nat(30)).map((v) => v.join('.'));
const semver2 = fc.tuple(fc.nat(30), fc.nat(30)).map(([a, b]) => `2.${a}.${b}`);
const mediaType = fc.constantFrom(...MediaTypeSchema.options);
const collectionIdOrAddress = fc.oneof(
  fc.integer({ min: 1, max: 4294967295 }),
  fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => `0x${Buffer.from(b).toString('hex')}`),
);

const imageDetails = record({
  name: text,
  type: mediaType,
  bytes: fc.nat(),
  format: text,
  sha256: fc.stringMatching(/^[0-9a-f]{64}$/),
  width: fc.nat(10000),
  height: fc.nat(10000),
  order: fc.integer(),
});
const mediaDetails = record({
  name: text,
  type: mediaType,
  bytes: fc.nat(),
  duration: num,
  codecs: fc.array(text, { maxLength: 3 }),
  loop: fc.boolean(),
});
const imageWithDetails = record({ url: fc.webUrl(), details: imageDetails }, ['url']);
const imageWithThumbnail = record({ url: fc.webUrl(), details: imageDetails, thumbnail: imageWithDetails }, [
  'url',
]);
const point = fc.record({ x: num, y: num });
const overlay = record({
  layer: fc.integer(),
  order_in_layer: fc.integer(),
  offset: record({ x: num, y: num }),
  opacity: fc.double({ min: 0, max: 1, noNaN: true }),
  rotation: fc.integer({ min: -360, max: 360 }),
  scale: record({ x: num, y: num, unit: fc.constantFrom('px' as const, '%' as const) }),
  anchor_point: point,
  parent_anchor_point: point,
});
const slot = record(
  {
    type: mediaType,
    collections: fc.array(collectionIdOrAddress, { maxLength: 3 }),
    name: text,
    image_overlay_specs: overlay,
  },
  ['type'],
);
const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/);
const fileInfo = {
  type: mediaType,
  url: fc.webUrl(),
  name: text,
  details: mediaDetails,
  image_overlay_specs: overlay,
  placeholder: imageWithDetails,
};
const customizing = record(
  {
    self: record({ ...fileInfo, tag: text }, ['type', 'url', 'tag']),
    slots: fc.dictionary(key, slot, { maxKeys: 2 }),
    mutator_reactions: fc.dictionary(
      key,
      record({ url: fc.webUrl(), details: imageDetails, layer: fc.integer() }),
      {
        maxKeys: 2,
      },
    ),
    mutators: fc.array(text, { maxLength: 3 }),
  },
  ['self'],
);
const customizingOverrides = record({
  self: record({ ...fileInfo, tag: text }),
  slots: fc.dictionary(key, record({ type: mediaType, name: text }), { maxKeys: 2 }),
  mutators: fc.array(text, { maxLength: 2 }),
});

/** Percents with at most two decimals that the reference's float check also accepts. */
export const referencePercent = fc
  .integer({ min: 1, max: 10000 })
  .map((n) => n / 100)
  .filter((p) => (p * 100) % 1 === 0);
/** Every percent with at most two decimals, 0.01..100. */
export const anyPercent = fc.integer({ min: 1, max: 10000 }).map((n) => n / 100);

const royaltyAddress = fc.oneof(
  fc.constantFrom(...SUBSTRATE_ADDRESSES, ...ETHEREUM_ADDRESSES),
  fc.constantFrom(...ETHEREUM_ADDRESSES).map((a) => a.toLowerCase()),
);
export const royaltiesOf = (percent: fc.Arbitrary<number>) =>
  fc.array(
    record({ address: royaltyAddress, percent, isPrimaryOnly: fc.boolean() }, ['address', 'percent']),
    {
      maxLength: 3,
    },
  );

const tokenShape = (percent: fc.Arbitrary<number>) => ({
  schemaName: fc.constant('unique'),
  schemaVersion: semver2,
  originalSchemaVersion: semver,
  name: text,
  description: text,
  image: fc.webUrl(),
  image_details: imageDetails,
  attributes: fc.array(
    record({ trait_type: text, value: fc.oneof(text, num), display_type: text }, ['trait_type', 'value']),
    { maxLength: 10 },
  ),
  media: fc.dictionary(
    key,
    record(
      {
        type: mediaType,
        url: fc.webUrl(),
        name: text,
        details: mediaDetails,
        thumbnail: imageWithDetails,
        poster: imageWithDetails,
      },
      ['type', 'url'],
    ),
    { maxKeys: 2 },
  ),
  royalties: royaltiesOf(percent),
  customizing,
  customizing_overrides: customizingOverrides,
  animation_url: fc.webUrl(),
  animation_details: imageDetails,
  youtube_url: fc.webUrl(),
  created_by: text,
  background_color: fc.stringMatching(/^#[0-9a-f]{6}$/),
  external_url: fc.webUrl(),
  locale: fc.constantFrom('en', 'ru', 'zh-CN'),
});

/** Valid tokens within the reference's domain (percents its float check accepts). */
export const tokenDataArb = record(tokenShape(referencePercent));
/** Every valid token (any two-decimal percent). */
export const anyTokenDataArb = record(tokenShape(anyPercent));

export const collectionInfoArb = record({
  schemaName: fc.constant('unique'),
  schemaVersion: semver2,
  originalSchemaVersion: semver,
  cover_image: imageWithThumbnail,
  default_token_image: imageWithThumbnail,
  potential_attributes: fc.array(
    record(
      { trait_type: text, display_type: text, values: fc.array(fc.oneof(text, num), { maxLength: 4 }) },
      ['trait_type'],
    ),
    { maxLength: 4 },
  ),
  customizing: record({
    slots: fc.dictionary(key, slot, { maxKeys: 2 }),
    customizes: fc.array(collectionIdOrAddress, { maxLength: 3 }),
  }),
});
