import * as z from 'zod/mini';
import { extrinsicRoute, queryRoute } from '../route.js';
import { CollectionIdOrAddressSchema, QueryTokenIdSchema } from '../shapes/ids.js';
import { HexStringSchema } from '../shapes/text.js';

export const ParsedMetadataSchema = z.object({
  data: z.nullable(z.string()),
  resolved: z.nullable(z.string()),
  parsed: z.looseObject({
    name: z.optional(z.string()),
    description: z.optional(z.string()),
    image: z.optional(z.string()),
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
      calls: z.array(z.object({ callIndex: z.string(), name: z.string(), args: z.optional(z.unknown()) })),
    }),
  }),
  getParsedMetadata: queryRoute({
    path: '/utils/parsed-metadata',
    input: z.object({ collectionId: CollectionIdOrAddressSchema, tokenId: QueryTokenIdSchema }),
    output: ParsedMetadataSchema,
  }),
};
