import * as z from 'zod';
import { DecodedPropertySchema } from './property.js';

export const TokenRefSchema = z.object({
  collectionId: z.number().int().positive(),
  tokenId: z.number().int().positive(),
});

/**
 * A token answer: the decoded TokenData fields (kept as given, unknown keys survive) plus the chain fields.
 * `children` only on `/token` with `withChildren=true`.
 */
export const TokenSchema = z
  .looseObject({
    collectionId: z.number().int().positive(),
    tokenId: z.number().int().positive(),
    // Required upstream, but rest-api.md's own status example leaves it out.
    collectionAddress: z.string().optional(),
    symbol: z.string().optional(),
    owner: z.string(),
    topmostOwner: z.string().optional(),
    parentToken: TokenRefSchema.nullable().optional(),
    properties: z.array(DecodedPropertySchema),
    decodingError: z.string().nullable().optional(),
    schemaName: z.string().optional(),
    schemaVersion: z.string().optional(),
    name: z.string().optional(),
    description: z.string().optional(),
    image: z.string().optional(),
    attributes: z.array(z.record(z.string(), z.unknown())).optional(),
  })
  .meta({ id: 'Token' });
export type Token = z.infer<typeof TokenSchema>;

export type TokenWithChildren = Token & { children?: Token[] };
export const TokenWithChildrenSchema = TokenSchema.extend({ children: z.array(TokenSchema).optional() }).meta(
  {
    id: 'TokenWithChildren',
  },
);
