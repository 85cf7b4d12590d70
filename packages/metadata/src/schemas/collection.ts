import * as z from 'zod/mini';
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
  display_type: z.optional(z.string()),
  values: z.optional(z.array(z.union([z.string(), z.number()]))),
});
export type PotentialAttribute = z.output<typeof PotentialAttributeSchema>;

/**
 * Collection metadata, Unique schema 2.x (spec §3 "Collection metadata"). `royalties` is part of the
 * shape because collections decoded from v0/v1 carry them; encoding refuses them (spec §5).
 */
export const CollectionInfoSchema = z.object({
  schemaName: z._default(
    z.string().check(z.refine((v) => v === SCHEMA_NAME, { message: `schemaName must be "${SCHEMA_NAME}"` })),
    SCHEMA_NAME,
  ),
  schemaVersion: z._default(Semver2Schema, SCHEMA_VERSION),
  originalSchemaVersion: z.optional(SemverSchema),
  cover_image: z.optional(ImageWithDetailsAndThumbnailSchema),
  default_token_image: z.optional(ImageWithDetailsAndThumbnailSchema),
  potential_attributes: z.optional(z.array(PotentialAttributeSchema)),
  customizing: z.optional(
    z.object({
      slots: z.optional(z.record(z.string(), SlotSchema)),
      customizes: z.optional(z.array(CollectionIdOrAddressSchema)),
    }),
  ),
  royalties: z.optional(z.array(RoyaltySchema)),
});

export type CollectionInfo = z.output<typeof CollectionInfoSchema>;
export type CollectionInfoInput = z.input<typeof CollectionInfoSchema>;
