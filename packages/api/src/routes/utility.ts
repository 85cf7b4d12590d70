import * as z from 'zod';
import { extrinsicRoute, queryRoute } from '../route.js';
import { CollectionIdOrAddressSchema, QueryTokenIdSchema } from '../shapes/ids.js';
import { HexStringSchema } from '../shapes/text.js';

export const ParsedMetadataSchema = z.object({
  data: z.string().nullable(),
  resolved: z.string().nullable(),
  parsed: z.looseObject({
    name: z.string().optional(),
    description: z.string().optional(),
    image: z.string().optional(),
  }),
});
export type ParsedMetadata = z.infer<typeof ParsedMetadataSchema>;

export const utilityRoutes = {
  batchAll: extrinsicRoute({
    path: '/utility/batch-all',
    input: z.object({
      calls: z.array(HexStringSchema),
    }),
    output: z.object({
      isSuccess: z.boolean(),
      calls: z.array(z.object({ callIndex: z.string(), name: z.string(), args: z.unknown().optional() })),
    }),
    summary: 'Run encoded calls atomically (each a compactExtrinsic from encode or build)',
  }),
  getParsedMetadata: queryRoute({
    path: '/utils/parsed-metadata',
    input: z.object({ collectionId: CollectionIdOrAddressSchema, tokenId: QueryTokenIdSchema }),
    output: ParsedMetadataSchema,
    summary: 'The metadata of a token, fetched and parsed',
  }),
};
