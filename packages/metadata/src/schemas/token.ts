import * as z from 'zod';
import { SCHEMA_NAME, SCHEMA_VERSION } from '../constants.js';
import { AttributeSchema, ImageDetailsSchema, MediaSchema, Semver2Schema, SemverSchema } from './common.js';
import { CustomizingOverridesSchema, CustomizingSchema } from './customizing.js';
import { RoyaltySchema } from './royalty.js';

/** Token metadata, Unique schema 2.x (spec §3 "Token metadata"). Every field is optional. */
export const TokenDataSchema = z.object({
  schemaName: z.string().default(SCHEMA_NAME),
  schemaVersion: Semver2Schema.default(SCHEMA_VERSION),
  originalSchemaVersion: SemverSchema.optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  image: z.string().optional(),
  image_details: ImageDetailsSchema.optional(),
  attributes: z.array(AttributeSchema).optional(),
  media: z.record(z.string(), MediaSchema).optional(),
  royalties: z.array(RoyaltySchema).optional(),
  customizing: CustomizingSchema.optional(),
  customizing_overrides: CustomizingOverridesSchema.optional(),
  animation_url: z.string().optional(),
  animation_details: ImageDetailsSchema.optional(),
  youtube_url: z.string().optional(),
  created_by: z.string().optional(),
  background_color: z.string().optional(),
  external_url: z.string().optional(),
  locale: z.string().optional(),
});

/** Decoded token metadata (defaults filled in). */
export type TokenData = z.output<typeof TokenDataSchema>;
/** Token metadata as callers write it (schemaName and schemaVersion may be left out). */
export type TokenDataInput = z.input<typeof TokenDataSchema>;
