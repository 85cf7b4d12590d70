import * as z from 'zod/mini';
import { extrinsicRoute, queryRoute } from '../route.js';
import { AddressSchema } from '../shapes/address.js';
import {
  CollectionIdOrAddressSchema,
  QueryNumericCollectionIdSchema,
  QueryTokenIdOrZeroSchema,
  QueryTokenIdSchema,
  TokenIdSchema,
} from '../shapes/ids.js';
import { meta } from '../shapes/meta.js';
import { TokenDataInputSchema as TokenDataSchema } from '../shapes/metadata.js';
import { AtBlockHashSchema } from '../shapes/pagination.js';
import { PropertyKeysSchema, PropertySchema } from '../shapes/property.js';
import { zQueryBoolean } from '../shapes/queryBoolean.js';
import { TokenSchema, TokenWithChildrenSchema } from '../shapes/token.js';

const collectionId = CollectionIdOrAddressSchema;
const tokenId = TokenIdSchema;
const positiveAmount = z.number().check(z.int(), z.positive());

/** `{collectionId, tokenId}` inside an extrinsic (nest/unnest). */
export const TokenIdentifierSchema = z.object({ collectionId, tokenId });

/** One token of `/token/nfts/mint`; `{}` is valid (no data → no defaults added). */
export const MintTokenSchema = z.object({
  data: z.optional(TokenDataSchema),
  owner: z.optional(AddressSchema),
  URI: meta(z.optional(z.string()), { description: 'Token URI, for ERC-721-style compatibility' }),
  properties: z.optional(z.array(PropertySchema)),
});

/** The parts of TokenData that `/token/update` changes; anything else (schemaName, schemaVersion, …) is dropped. */
export const UpdateTokenDataSchema = z.object({
  attributes: TokenDataSchema.shape.attributes,
  image: TokenDataSchema.shape.image,
  image_details: TokenDataSchema.shape.image_details,
});

export const TokenAmountResultSchema = z.object({
  collectionId: z.number().check(z.int(), z.positive()),
  tokenId: z.number().check(z.int(), z.positive()),
  amount: z.number().check(z.int(), z.nonnegative()),
});

export const tokenRoutes = {
  get: queryRoute({
    path: '/token',
    input: z.object({
      collectionId,
      tokenId: QueryTokenIdSchema,
      withChildren: z.optional(zQueryBoolean),
      atBlockHash: AtBlockHashSchema,
    }),
    output: TokenWithChildrenSchema,
  }),
  mintNFTs: extrinsicRoute({
    path: '/token/nfts/mint',
    input: z.object({ collectionId, tokens: z.array(MintTokenSchema) }),
    output: z.array(TokenSchema),
    resultEvent: 'common.ItemCreated',
  }),
  updateNft: extrinsicRoute({
    path: '/token/update',
    input: z.object({ collectionId, tokenId, data: z.optional(UpdateTokenDataSchema) }),
    output: TokenSchema,
  }),
  transfer: extrinsicRoute({
    path: '/token/transfer-from',
    input: z.object({
      collectionId,
      tokenId,
      to: AddressSchema,
      from: z.optional(AddressSchema),
      amount: z.optional(positiveAmount),
    }),
    output: TokenSchema,
    resultEvent: 'common.Transfer',
  }),
  burn: extrinsicRoute({
    path: '/token/burn',
    input: z.object({ collectionId, tokenId, amount: z.optional(positiveAmount) }),
    output: TokenAmountResultSchema,
    resultEvent: 'common.ItemDestroyed',
  }),
  burnFrom: extrinsicRoute({
    path: '/token/burn-from',
    input: z.object({
      collectionId,
      tokenId,
      from: z.optional(AddressSchema),
      amount: z.optional(positiveAmount),
    }),
    output: TokenAmountResultSchema,
    resultEvent: 'common.ItemDestroyed',
  }),
  setProperties: extrinsicRoute({
    path: '/token/properties/set',
    input: z.object({ collectionId, tokenId, properties: z.array(PropertySchema) }),
    output: TokenSchema,
    resultEvent: 'common.TokenPropertySet',
  }),
  deleteProperties: extrinsicRoute({
    path: '/token/properties/delete',
    input: z.object({ collectionId, tokenId, keys: PropertyKeysSchema }),
    output: TokenSchema,
    resultEvent: 'common.TokenPropertyDeleted',
  }),
  nest: extrinsicRoute({
    path: '/token/nest',
    input: z.object({
      parent: TokenIdentifierSchema,
      nested: TokenIdentifierSchema,
      from: z.optional(AddressSchema),
      amount: z.optional(positiveAmount),
    }),
    output: TokenSchema,
  }),
  unnest: extrinsicRoute({
    path: '/token/unnest',
    input: z.object({
      nested: TokenIdentifierSchema,
      to: z.optional(AddressSchema),
      amount: z.optional(positiveAmount),
    }),
    output: TokenSchema,
  }),
  approve: extrinsicRoute({
    path: '/token/approve',
    input: z.object({
      collectionId,
      tokenId,
      spender: AddressSchema,
      amount: meta(z.optional(z.number().check(z.int(), z.nonnegative())), {
        description: 'Default 1; 0 revokes',
      }),
    }),
    output: z.object({
      collectionId: z.number().check(z.int(), z.positive()),
      tokenId: z.number().check(z.int(), z.positive()),
      spender: z.string(),
      amount: z.number().check(z.int(), z.nonnegative()),
    }),
    resultEvent: 'common.Approved',
  }),
  getApproved: queryRoute({
    path: '/token/is-approved',
    input: z.object({
      collectionId,
      tokenId: QueryTokenIdOrZeroSchema,
      spender: AddressSchema,
      sender: z.optional(AddressSchema),
    }),
    output: z.object({ isApproved: z.boolean(), amount: z.string() }),
  }),
  possibleActions: queryRoute({
    path: '/token/possible-actions',
    input: z.object({
      sender: AddressSchema,
      collectionId: QueryNumericCollectionIdSchema,
      tokenId: QueryTokenIdOrZeroSchema,
      transferTo: z.optional(AddressSchema),
      nestTo: z.optional(
        z.object({ collectionId: QueryNumericCollectionIdSchema, tokenId: QueryTokenIdOrZeroSchema }),
      ),
      amount: z._default(z.coerce.number<string | number>().check(z.int(), z.nonnegative()), 1),
    }),
    output: z.object({
      burn: z.boolean(),
      nest: z.boolean(),
      unnest: z.boolean(),
      transfer: z.boolean(),
      changeProperties: z.array(z.string()),
    }),
  }),
};
