import * as z from 'zod';
import { LimitsSchema } from './limits.js';
import { DecodedPropertySchema, TokenPropertyPermissionAnswerSchema } from './property.js';
import { UniversalLocationSchema } from './universalLocation.js';

/** Decoded metadata in an answer: kept as given (the server decodes it; unknown keys survive). */
export const DecodedMetadataSchema = z.record(z.string(), z.unknown());

export const CollectionModeSchema = z.enum(['NFT', 'Fungible', 'ReFungible']);
export const CollectionAccessSchema = z.enum(['Normal', 'AllowList']);

export const CollectionPermissionsAnswerSchema = z.object({
  access: CollectionAccessSchema,
  mintMode: z.boolean(),
  nesting: z.object({
    tokenOwner: z.boolean(),
    collectionAdmin: z.boolean(),
    restricted: z.array(z.number()).nullable().optional(),
  }),
});

export const SponsorshipSchema = z.object({
  isEnabled: z.boolean(),
  isConfirmed: z.boolean(),
  sponsor: z.string().nullable(),
});

/** A collection as `/collection` and every collection write answer it. */
export const CollectionSchema = z
  .object({
    collectionId: z.number().int().positive(),
    collectionAddress: z.string(),
    owner: z.string(),
    mode: CollectionModeSchema,
    decimals: z.number().nullable().optional(),
    name: z.string(),
    description: z.string(),
    symbol: z.string(),
    properties: z.array(DecodedPropertySchema),
    tokenPropertyPermissions: z.array(TokenPropertyPermissionAnswerSchema),
    limits: LimitsSchema.nullable(),
    permissions: CollectionPermissionsAnswerSchema,
    sponsorship: SponsorshipSchema,
    admins: z.array(z.string()).nullable(),
    lastTokenId: z.number().nullable(),
    totalSupply: z.number().nullable(),
    readOnly: z.boolean(),
    info: DecodedMetadataSchema.nullable(),
    infoDecodingError: z.string().nullable(),
    universalLocation: UniversalLocationSchema.nullable().optional(),
    originalUniversalLocation: UniversalLocationSchema.nullable().optional(),
    isForeign: z.boolean().nullable().optional(),
    isErc721Metadata: z.boolean().nullable().optional(),
  })
  .meta({ id: 'Collection' });
export type Collection = z.infer<typeof CollectionSchema>;
