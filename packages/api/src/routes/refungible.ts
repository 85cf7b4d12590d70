import * as z from 'zod';
import { extrinsicRoute, queryRoute } from '../route.js';
import { AddressSchema } from '../shapes/address.js';
import { CollectionIdOrAddressSchema, QueryTokenIdSchema } from '../shapes/ids.js';
import { TokenDataInputSchema as TokenDataSchema } from '../shapes/metadata.js';
import { DecodedPropertySchema, PropertySchema } from '../shapes/property.js';
import { tokenRoutes } from './tokens.js';

const collectionId = CollectionIdOrAddressSchema;
const pieces = z.number().int().positive();

export const RFTokenSchema = z
  .object({
    tokenId: z.number().int().positive(),
    collectionId: z.number().int().positive(),
    owners: z.array(z.string()),
    pieces: z.number().positive(),
    properties: z.array(DecodedPropertySchema),
  })
  .meta({ id: 'RFToken' });
export type RFToken = z.infer<typeof RFTokenSchema>;

export const refungibleRoutes = {
  get: queryRoute({
    path: '/refungible',
    input: z.object({ collectionId, tokenId: QueryTokenIdSchema }),
    output: RFTokenSchema,
    summary: 'A refungible token',
  }),
  getAccountBalance: queryRoute({
    path: '/refungible/account-balance',
    input: z.object({ collectionId, tokenId: QueryTokenIdSchema, account: AddressSchema }),
    output: z.object({
      collectionId: z.number().int().positive(),
      tokenId: z.number().int().positive(),
      account: z.string(),
      balance: z.number(),
    }),
    summary: 'Pieces of a refungible token an account holds',
  }),
  mint: extrinsicRoute({
    path: '/refungible/mint',
    input: z.object({
      collectionId,
      owners: z.array(z.object({ address: AddressSchema.optional(), pieces })),
      properties: z.array(PropertySchema).optional(),
      URI: z.string().optional(),
      data: TokenDataSchema.optional(),
    }),
    output: RFTokenSchema,
    summary: 'Mint a refungible token split among owners',
    resultEvent: 'common.ItemCreated',
  }),
  mintMultiple: extrinsicRoute({
    path: '/refungible/mint-multiple',
    input: z.object({
      collectionId,
      tokens: z.array(
        z.object({
          owner: AddressSchema.optional(),
          pieces,
          data: TokenDataSchema.optional(),
          properties: z.array(PropertySchema).optional(),
          URI: z.string().optional(),
        }),
      ),
    }),
    output: z.array(RFTokenSchema),
    summary: 'Mint several refungible tokens',
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
