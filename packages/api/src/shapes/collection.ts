import * as z from 'zod/mini';
import { LimitsSchema } from './limits.js';
import { meta } from './meta.js';
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
    restricted: z.optional(z.nullable(z.array(z.number()))),
  }),
});

export const SponsorshipSchema = z.object({
  isEnabled: z.boolean(),
  isConfirmed: z.boolean(),
  sponsor: z.nullable(z.string()),
});

/** A collection as `/collection` and every collection write answer it. */
export const CollectionSchema = meta(
  z.object({
    collectionId: z.number().check(z.int(), z.positive()),
    collectionAddress: z.string(),
    owner: z.string(),
    mode: CollectionModeSchema,
    decimals: z.optional(z.nullable(z.number())),
    name: z.string(),
    description: z.string(),
    symbol: z.string(),
    properties: z.array(DecodedPropertySchema),
    tokenPropertyPermissions: z.array(TokenPropertyPermissionAnswerSchema),
    limits: z.nullable(LimitsSchema),
    permissions: CollectionPermissionsAnswerSchema,
    sponsorship: SponsorshipSchema,
    admins: z.nullable(z.array(z.string())),
    lastTokenId: z.nullable(z.number()),
    totalSupply: z.nullable(z.number()),
    readOnly: z.boolean(),
    info: z.nullable(DecodedMetadataSchema),
    infoDecodingError: z.nullable(z.string()),
    universalLocation: z.optional(z.nullable(UniversalLocationSchema)),
    originalUniversalLocation: z.optional(z.nullable(UniversalLocationSchema)),
    isForeign: z.optional(z.nullable(z.boolean())),
    isErc721Metadata: z.optional(z.nullable(z.boolean())),
  }),
  { id: 'Collection' },
);
export type Collection = z.infer<typeof CollectionSchema>;
