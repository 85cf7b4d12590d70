import * as z from 'zod';
import { extrinsicRoute, queryRoute } from '../route.js';
import { AddressSchema } from '../shapes/address.js';
import {
  CollectionIdOrAddressSchema,
  QueryNumericCollectionIdSchema,
  QueryTokenIdOrZeroSchema,
  QueryTokenIdSchema,
  TokenIdSchema,
} from '../shapes/ids.js';
import { TokenDataInputSchema as TokenDataSchema } from '../shapes/metadata.js';
import { AtBlockHashSchema } from '../shapes/pagination.js';
import { PropertyKeysSchema, PropertySchema } from '../shapes/property.js';
import { zQueryBoolean } from '../shapes/queryBoolean.js';
import { TokenSchema, TokenWithChildrenSchema } from '../shapes/token.js';

const collectionId = CollectionIdOrAddressSchema;
const tokenId = TokenIdSchema;
const positiveAmount = z.number().int().positive();

/** `{collectionId, tokenId}` inside an extrinsic (nest/unnest). */
export const TokenIdentifierSchema = z.object({ collectionId, tokenId });

/** One token of `/token/nfts/mint`; `{}` is valid (no data → no defaults added). */
export const MintTokenSchema = z.object({
  data: TokenDataSchema.optional(),
  owner: AddressSchema.optional(),
  URI: z.string().optional().meta({ description: 'Token URI, for ERC-721-style compatibility' }),
  properties: z.array(PropertySchema).optional(),
});

/** The parts of TokenData that `/token/update` changes; anything else (schemaName, schemaVersion, …) is dropped. */
export const UpdateTokenDataSchema = z.object({
  attributes: TokenDataSchema.shape.attributes,
  image: TokenDataSchema.shape.image,
  image_details: TokenDataSchema.shape.image_details,
});

export const TokenAmountResultSchema = z.object({
  collectionId: z.number().int().positive(),
  tokenId: z.number().int().positive(),
  amount: z.number().int().nonnegative(),
});

export const tokenRoutes = {
  get: queryRoute({
    path: '/token',
    input: z.object({
      collectionId,
      tokenId: QueryTokenIdSchema,
      withChildren: zQueryBoolean.optional(),
      atBlockHash: AtBlockHashSchema,
    }),
    output: TokenWithChildrenSchema,
    summary: 'A token with its decoded metadata',
  }),
  mintNFTs: extrinsicRoute({
    path: '/token/nfts/mint',
    input: z.object({ collectionId, tokens: z.array(MintTokenSchema) }),
    output: z.array(TokenSchema),
    summary: 'Mint NFTs',
    resultEvent: 'common.ItemCreated',
  }),
  updateNft: extrinsicRoute({
    path: '/token/update',
    input: z.object({ collectionId, tokenId, data: UpdateTokenDataSchema.optional() }),
    output: TokenSchema,
    summary: 'Update the attributes, image or image details of a token',
  }),
  transfer: extrinsicRoute({
    path: '/token/transfer-from',
    input: z.object({
      collectionId,
      tokenId,
      to: AddressSchema,
      from: AddressSchema.optional(),
      amount: positiveAmount.optional(),
    }),
    output: TokenSchema,
    summary: 'Transfer a token (amount: RFT pieces)',
    resultEvent: 'common.Transfer',
  }),
  burn: extrinsicRoute({
    path: '/token/burn',
    input: z.object({ collectionId, tokenId, amount: positiveAmount.optional() }),
    output: TokenAmountResultSchema,
    summary: 'Burn a token',
    resultEvent: 'common.ItemDestroyed',
  }),
  burnFrom: extrinsicRoute({
    path: '/token/burn-from',
    input: z.object({
      collectionId,
      tokenId,
      from: AddressSchema.optional(),
      amount: positiveAmount.optional(),
    }),
    output: TokenAmountResultSchema,
    summary: 'Burn a token on behalf of its owner',
    resultEvent: 'common.ItemDestroyed',
  }),
  setProperties: extrinsicRoute({
    path: '/token/properties/set',
    input: z.object({ collectionId, tokenId, properties: z.array(PropertySchema) }),
    output: TokenSchema,
    summary: 'Set token properties',
    resultEvent: 'common.TokenPropertySet',
  }),
  deleteProperties: extrinsicRoute({
    path: '/token/properties/delete',
    input: z.object({ collectionId, tokenId, keys: PropertyKeysSchema }),
    output: TokenSchema,
    summary: 'Delete token properties',
    resultEvent: 'common.TokenPropertyDeleted',
  }),
  nest: extrinsicRoute({
    path: '/token/nest',
    input: z.object({
      parent: TokenIdentifierSchema,
      nested: TokenIdentifierSchema,
      from: AddressSchema.optional(),
      amount: positiveAmount.optional(),
    }),
    output: TokenSchema,
    summary: 'Nest a token under another token',
  }),
  unnest: extrinsicRoute({
    path: '/token/unnest',
    input: z.object({
      nested: TokenIdentifierSchema,
      to: AddressSchema.optional(),
      amount: positiveAmount.optional(),
    }),
    output: TokenSchema,
    summary: 'Take a nested token out of its parent',
  }),
  approve: extrinsicRoute({
    path: '/token/approve',
    input: z.object({
      collectionId,
      tokenId,
      spender: AddressSchema,
      amount: z.number().int().nonnegative().optional().meta({ description: 'Default 1; 0 revokes' }),
    }),
    output: z.object({
      collectionId: z.number().int().positive(),
      tokenId: z.number().int().positive(),
      spender: z.string(),
      amount: z.number().int().nonnegative(),
    }),
    summary: 'Approve a spender for a token',
    resultEvent: 'common.Approved',
  }),
  getApproved: queryRoute({
    path: '/token/is-approved',
    input: z.object({
      collectionId,
      tokenId: QueryTokenIdOrZeroSchema,
      spender: AddressSchema,
      sender: AddressSchema.optional(),
    }),
    output: z.object({ isApproved: z.boolean(), amount: z.string() }),
    summary: 'Whether a spender is approved for a token',
  }),
  possibleActions: queryRoute({
    path: '/token/possible-actions',
    input: z.object({
      sender: AddressSchema,
      collectionId: QueryNumericCollectionIdSchema,
      tokenId: QueryTokenIdOrZeroSchema,
      transferTo: AddressSchema.optional(),
      nestTo: z
        .object({ collectionId: QueryNumericCollectionIdSchema, tokenId: QueryTokenIdOrZeroSchema })
        .optional(),
      amount: z.coerce.number<string | number>().int().nonnegative().default(1),
    }),
    output: z.object({
      burn: z.boolean(),
      nest: z.boolean(),
      unnest: z.boolean(),
      transfer: z.boolean(),
      changeProperties: z.array(z.string()),
    }),
    summary: 'What a sender may do with a token',
  }),
};
