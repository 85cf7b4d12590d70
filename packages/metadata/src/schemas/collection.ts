import * as z from 'zod';
import { SCHEMA_NAME, SCHEMA_VERSION } from '../constants.js';
import {
  CollectionIdOrAddressSchema,
  ImageWithDetailsAndThumbnailSchema,
  Semver2Schema,
  SemverSchema,
} from './common.js';
import { SlotSchema } from './customizing.js';
import { RoyaltySchema } from './royalty.js';

export const PotentialAttributeSchema = z.object({
  trait_type: z.string(),
  display_type: z.string().optional(),
  values: z.array(z.union([z.string(), z.number()])).optional(),
});
export type PotentialAttribute = z.output<typeof PotentialAttributeSchema>;

/**
 * Collection metadata, Unique schema 2.x (spec §3 "Collection metadata"). `royalties` is part of the
 * shape because collections decoded from v0/v1 carry them; encoding refuses them (spec §5).
 */
export const CollectionInfoSchema = z.object({
  schemaName: z
    .string()
    .refine((v) => v === SCHEMA_NAME, { message: `schemaName must be "${SCHEMA_NAME}"` })
    .default(SCHEMA_NAME),
  schemaVersion: Semver2Schema.default(SCHEMA_VERSION),
  originalSchemaVersion: SemverSchema.optional(),
  cover_image: ImageWithDetailsAndThumbnailSchema.optional(),
  default_token_image: ImageWithDetailsAndThumbnailSchema.optional(),
  potential_attributes: z.array(PotentialAttributeSchema).optional(),
  customizing: z
    .object({
      slots: z.record(z.string(), SlotSchema).optional(),
      customizes: z.array(CollectionIdOrAddressSchema).optional(),
    })
    .optional(),
  royalties: z.array(RoyaltySchema).optional(),
});

export type CollectionInfo = z.output<typeof CollectionInfoSchema>;
export type CollectionInfoInput = z.input<typeof CollectionInfoSchema>;
