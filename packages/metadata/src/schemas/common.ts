import { isHex } from '@nftkit/primitives';
import * as z from 'zod/mini';

/** Spec §3 media types. */
export const MediaTypeSchema = z.enum([
  'image',
  'animation',
  'video',
  'audio',
  'spatial',
  'pdf',
  'document',
  'other',
]);
export type MediaType = z.output<typeof MediaTypeSchema>;

const SEMVER = /^\d+\.\d+\.\d+$/;
/** digits.digits.digits */
export const SemverSchema = z.string().check(z.regex(SEMVER));

/** Spec §5: digits.digits.digits with major version 2. */
export const Semver2Schema = z.string().check(
  z.refine((v) => SEMVER.test(v) && Number(v.slice(0, v.indexOf('.'))) === 2, {
    message: 'version must be in semver format: 2.x.x',
  }),
);

/** Spec §3 "Identifiers": a collection id 1..2^32-1, or 0x followed by 40 hex characters. */
export const CollectionIdOrAddressSchema = z.union([
  z.number().check(z.int(), z.gte(1), z.lte(4294967295)),
  z.string().check(
    z.refine((v) => isHex(v, 20), {
      message: 'Expected a collection id or 0x followed by 40 hex characters',
    }),
  ),
]);
export type CollectionIdOrAddress = z.output<typeof CollectionIdOrAddressSchema>;

/** Spec §3 "File details". */
export const ImageDetailsSchema = z.object({
  name: z.optional(z.string()),
  type: z.optional(MediaTypeSchema),
  bytes: z.optional(z.number()),
  format: z.optional(z.string()),
  sha256: z.optional(z.string()),
  width: z.optional(z.number()),
  height: z.optional(z.number()),
  order: z.optional(z.number()),
});
export type ImageDetails = z.output<typeof ImageDetailsSchema>;

/** Media details add duration, a codecs list and a loop flag. */
export const MediaDetailsSchema = z.extend(ImageDetailsSchema, {
  duration: z.optional(z.number()),
  codecs: z.optional(z.array(z.string())),
  loop: z.optional(z.boolean()),
});
export type MediaDetails = z.output<typeof MediaDetailsSchema>;

export const ImageWithDetailsSchema = z.object({
  url: z.string(),
  details: z.optional(ImageDetailsSchema),
});
export type ImageWithDetails = z.output<typeof ImageWithDetailsSchema>;

export const ImageWithDetailsAndThumbnailSchema = z.extend(ImageWithDetailsSchema, {
  thumbnail: z.optional(ImageWithDetailsSchema),
});
export type ImageWithDetailsAndThumbnail = z.output<typeof ImageWithDetailsAndThumbnailSchema>;

export const MediaSchema = z.object({
  type: MediaTypeSchema,
  url: z.string(),
  name: z.optional(z.string()),
  details: z.optional(MediaDetailsSchema),
  thumbnail: z.optional(ImageWithDetailsSchema),
  poster: z.optional(ImageWithDetailsSchema),
});
export type Media = z.output<typeof MediaSchema>;

export const AttributeSchema = z.object({
  trait_type: z.string(),
  value: z.union([z.string(), z.number()]),
  display_type: z.optional(z.string()),
});
export type Attribute = z.output<typeof AttributeSchema>;
