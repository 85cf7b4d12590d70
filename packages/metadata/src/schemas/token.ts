import * as z from 'zod/mini';
import { SCHEMA_NAME, SCHEMA_VERSION } from '../constants.js';
import { AttributeSchema, ImageDetailsSchema, MediaSchema, Semver2Schema, SemverSchema } from './common.js';
import { CustomizingOverridesSchema, CustomizingSchema } from './customizing.js';
import { RoyaltySchema } from './royalty.js';

/** Token metadata, Unique schema 2.x (spec §3 "Token metadata"). Every field is optional. */
export const TokenDataSchema = z.object({
  schemaName: z._default(z.string(), SCHEMA_NAME),
  schemaVersion: z._default(Semver2Schema, SCHEMA_VERSION),
  originalSchemaVersion: z.optional(SemverSchema),
  name: z.optional(z.string()),
  description: z.optional(z.string()),
  image: z.optional(z.string()),
  image_details: z.optional(ImageDetailsSchema),
  attributes: z.optional(z.array(AttributeSchema)),
  media: z.optional(z.record(z.string(), MediaSchema)),
  royalties: z.optional(z.array(RoyaltySchema)),
  customizing: z.optional(CustomizingSchema),
  customizing_overrides: z.optional(CustomizingOverridesSchema),
  animation_url: z.optional(z.string()),
  animation_details: z.optional(ImageDetailsSchema),
  youtube_url: z.optional(z.string()),
  created_by: z.optional(z.string()),
  background_color: z.optional(z.string()),
  external_url: z.optional(z.string()),
  locale: z.optional(z.string()),
});

/** Decoded token metadata (defaults filled in). */
export type TokenData = z.output<typeof TokenDataSchema>;
/** Token metadata as callers write it (schemaName and schemaVersion may be left out). */
export type TokenDataInput = z.input<typeof TokenDataSchema>;
