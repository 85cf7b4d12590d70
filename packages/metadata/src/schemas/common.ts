import { isHex } from '@nftkit/primitives';
import * as z from 'zod';

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
export const SemverSchema = z.string().regex(SEMVER);

/** Spec §5: digits.digits.digits with major version 2. */
export const Semver2Schema = z
  .string()
  .refine((v) => SEMVER.test(v) && Number(v.slice(0, v.indexOf('.'))) === 2, {
    message: 'version must be in semver format: 2.x.x',
  });

/** Spec §3 "Identifiers": a collection id 1..2^32-1, or 0x followed by 40 hex characters. */
export const CollectionIdOrAddressSchema = z.union([
  z.number().int().min(1).max(4294967295),
  z
    .string()
    .refine((v) => isHex(v, 20), { message: 'Expected a collection id or 0x followed by 40 hex characters' }),
]);
export type CollectionIdOrAddress = z.output<typeof CollectionIdOrAddressSchema>;

/** Spec §3 "File details". */
export const ImageDetailsSchema = z.object({
  name: z.string().optional(),
  type: MediaTypeSchema.optional(),
  bytes: z.number().optional(),
  format: z.string().optional(),
  sha256: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  order: z.number().optional(),
});
export type ImageDetails = z.output<typeof ImageDetailsSchema>;

/** Media details add duration, a codecs list and a loop flag. */
export const MediaDetailsSchema = ImageDetailsSchema.extend({
  duration: z.number().optional(),
  codecs: z.array(z.string()).optional(),
  loop: z.boolean().optional(),
});
export type MediaDetails = z.output<typeof MediaDetailsSchema>;

export const ImageWithDetailsSchema = z.object({
  url: z.string(),
  details: ImageDetailsSchema.optional(),
});
export type ImageWithDetails = z.output<typeof ImageWithDetailsSchema>;

export const ImageWithDetailsAndThumbnailSchema = ImageWithDetailsSchema.extend({
  thumbnail: ImageWithDetailsSchema.optional(),
});
export type ImageWithDetailsAndThumbnail = z.output<typeof ImageWithDetailsAndThumbnailSchema>;

export const MediaSchema = z.object({
  type: MediaTypeSchema,
  url: z.string(),
  name: z.string().optional(),
  details: MediaDetailsSchema.optional(),
  thumbnail: ImageWithDetailsSchema.optional(),
  poster: ImageWithDetailsSchema.optional(),
});
export type Media = z.output<typeof MediaSchema>;

export const AttributeSchema = z.object({
  trait_type: z.string(),
  value: z.union([z.string(), z.number()]),
  display_type: z.string().optional(),
});
export type Attribute = z.output<typeof AttributeSchema>;
