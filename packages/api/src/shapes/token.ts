import * as z from 'zod/mini';
import { meta } from './meta.js';
import { DecodedPropertySchema } from './property.js';

export const TokenRefSchema = z.object({
  collectionId: z.number().check(z.int(), z.positive()),
  tokenId: z.number().check(z.int(), z.positive()),
});

/**
 * A token answer: the decoded TokenData fields (kept as given, unknown keys survive) plus the chain fields.
 * `children` only on `/token` with `withChildren=true`.
 */
export const TokenSchema = meta(
  z.looseObject({
    collectionId: z.number().check(z.int(), z.positive()),
    tokenId: z.number().check(z.int(), z.positive()),
    // Required upstream, but rest-api.md's own status example leaves it out.
    collectionAddress: z.optional(z.string()),
    symbol: z.optional(z.string()),
    owner: z.string(),
    topmostOwner: z.optional(z.string()),
    parentToken: z.optional(z.nullable(TokenRefSchema)),
    properties: z.array(DecodedPropertySchema),
    decodingError: z.optional(z.nullable(z.string())),
    schemaName: z.optional(z.string()),
    schemaVersion: z.optional(z.string()),
    name: z.optional(z.string()),
    description: z.optional(z.string()),
    image: z.optional(z.string()),
    attributes: z.optional(z.array(z.record(z.string(), z.unknown()))),
  }),
  { id: 'Token' },
);
export type Token = z.infer<typeof TokenSchema>;

export type TokenWithChildren = Token & { children?: Token[] };
export const TokenWithChildrenSchema = meta(
  z.extend(TokenSchema, { children: z.optional(z.array(TokenSchema)) }),
  {
    id: 'TokenWithChildren',
  },
);
