import * as z from 'zod/mini';
import { extrinsicRoute, queryRoute } from '../route.js';
import { AddressSchema } from '../shapes/address.js';
import { CollectionIdOrAddressSchema, QueryTokenIdSchema } from '../shapes/ids.js';
import { meta } from '../shapes/meta.js';
import { TokenDataInputSchema as TokenDataSchema } from '../shapes/metadata.js';
import { DecodedPropertySchema, PropertySchema } from '../shapes/property.js';
import { tokenRoutes } from './tokens.js';

const collectionId = CollectionIdOrAddressSchema;
const pieces = z.number().check(z.int(), z.positive());

export const RFTokenSchema = meta(
  z.object({
    tokenId: z.number().check(z.int(), z.positive()),
    collectionId: z.number().check(z.int(), z.positive()),
    owners: z.array(z.string()),
    pieces: z.number().check(z.positive()),
    properties: z.array(DecodedPropertySchema),
  }),
  { id: 'RFToken' },
);
export type RFToken = z.infer<typeof RFTokenSchema>;

export const refungibleRoutes = {
  get: queryRoute({
    path: '/refungible',
    input: z.object({ collectionId, tokenId: QueryTokenIdSchema }),
    output: RFTokenSchema,
  }),
  getAccountBalance: queryRoute({
    path: '/refungible/account-balance',
    input: z.object({ collectionId, tokenId: QueryTokenIdSchema, account: AddressSchema }),
    output: z.object({
      collectionId: z.number().check(z.int(), z.positive()),
      tokenId: z.number().check(z.int(), z.positive()),
      account: z.string(),
      balance: z.number(),
    }),
  }),
  mint: extrinsicRoute({
    path: '/refungible/mint',
    input: z.object({
      collectionId,
      owners: z.array(z.object({ address: z.optional(AddressSchema), pieces })),
      properties: z.optional(z.array(PropertySchema)),
      URI: z.optional(z.string()),
      data: z.optional(TokenDataSchema),
    }),
    output: RFTokenSchema,
    resultEvent: 'common.ItemCreated',
  }),
  mintMultiple: extrinsicRoute({
    path: '/refungible/mint-multiple',
    input: z.object({
      collectionId,
      tokens: z.array(
        z.object({
          owner: z.optional(AddressSchema),
          pieces,
          data: z.optional(TokenDataSchema),
          properties: z.optional(z.array(PropertySchema)),
          URI: z.optional(z.string()),
        }),
      ),
    }),
    output: z.array(RFTokenSchema),
    resultEvent: 'common.ItemCreated',
  }),
  // The real client reuses the token routes for these; `amount` counts pieces.
  getApproved: tokenRoutes.getApproved,
  transfer: tokenRoutes.transfer,
  approve: tokenRoutes.approve,
  burn: tokenRoutes.burn,
  burnFrom: tokenRoutes.burnFrom,
  updateNft: tokenRoutes.updateNft,
  setProperties: tokenRoutes.setProperties,
  deleteProperties: tokenRoutes.deleteProperties,
};
