import * as z from 'zod/mini';
import { extrinsicRoute, queryRoute } from '../route.js';
import { AddressSchema, AddressToCrossAccountIdSchema, SubAddressSchema } from '../shapes/address.js';
import { CollectionAccessSchema, CollectionSchema } from '../shapes/collection.js';
import { CollectionIdOrAddressSchema } from '../shapes/ids.js';
import { LimitsSchema } from '../shapes/limits.js';
import { CollectionInfoInputSchema as CollectionInfoSchema } from '../shapes/metadata.js';
import { AtBlockHashSchema, PaginationSchema } from '../shapes/pagination.js';
import { PropertyKeysSchema, PropertySchema, TokenPropertyPermissionSchema } from '../shapes/property.js';
import { zQueryBoolean } from '../shapes/queryBoolean.js';
import { CollectionDescriptionSchema, CollectionNameSchema, CollectionSymbolSchema } from '../shapes/text.js';

const collectionId = CollectionIdOrAddressSchema;

/** CreateCollection `args`. `symbol` is declared optional upstream but the byte check rejects an absent value. */
export const CreateCollectionSchema = z.object({
  mode: z.enum(['Nft', 'Fungible', 'ReFungible']),
  tokenDecimals: z.optional(z.coerce.number<string | number>().check(z.int(), z.positive())),
  name: CollectionNameSchema,
  description: CollectionDescriptionSchema,
  symbol: CollectionSymbolSchema,
  access: z.optional(CollectionAccessSchema),
  limits: z.optional(LimitsSchema),
  admins: z.optional(z.array(AddressSchema)),
  permissions: z.optional(
    z.object({
      access: z.optional(CollectionAccessSchema),
      nesting: z.optional(
        z.object({
          tokenOwner: z.optional(z.boolean()),
          collectionAdmin: z.optional(z.boolean()),
          restricted: z.optional(z.array(CollectionIdOrAddressSchema)),
        }),
      ),
      mintMode: z.optional(z.boolean()),
    }),
  ),
  pendingSponsor: z.optional(AddressToCrossAccountIdSchema),
  info: z.optional(CollectionInfoSchema),
  properties: z.optional(z.array(PropertySchema)),
  tokenPropertyPermissions: z.optional(z.array(TokenPropertyPermissionSchema)),
});
export type CreateCollection = z.input<typeof CreateCollectionSchema>;

const withFlag = () => z._default(zQueryBoolean, true);

export const collectionRoutes = {
  get: queryRoute({
    path: '/collection',
    input: z.object({
      collectionId,
      withAdmins: withFlag(),
      withLimits: withFlag(),
      withLastTokenId: withFlag(),
      withTotalSupply: withFlag(),
      atBlockHash: AtBlockHashSchema,
    }),
    output: CollectionSchema,
  }),
  list: queryRoute({
    path: '/collection/list',
    input: PaginationSchema,
    output: z.object({ collections: z.array(CollectionSchema), isLastPage: z.boolean() }),
  }),
  getAllCollectionStats: queryRoute({
    path: '/allCollectionsStats',
    input: z.object({ atBlockHash: AtBlockHashSchema }),
    output: z.object({ created: z.number(), destroyed: z.number(), alive: z.number() }),
  }),
  accountTokens: queryRoute({
    path: '/collection/account/tokens',
    input: z.object({ collectionId, address: AddressSchema, atBlockHash: AtBlockHashSchema }),
    output: z.array(
      z.object({
        collectionId: z.number().check(z.int(), z.positive()),
        tokenId: z.number().check(z.int(), z.positive()),
        originalTokenId: z.optional(z.number().check(z.int(), z.positive())),
      }),
    ),
  }),
  create: extrinsicRoute({
    path: '/collection/create',
    input: CreateCollectionSchema,
    output: CollectionSchema,
    resultEvent: 'common.CollectionCreated',
  }),
  setProperties: extrinsicRoute({
    path: '/collection/properties/set',
    input: z.object({ collectionId, properties: z.array(PropertySchema) }),
    output: CollectionSchema,
    resultEvent: 'common.CollectionPropertySet',
  }),
  deleteProperties: extrinsicRoute({
    path: '/collection/properties/delete',
    input: z.object({ collectionId, keys: PropertyKeysSchema }),
    output: CollectionSchema,
    resultEvent: 'common.CollectionPropertyDeleted',
  }),
  setTokenPropertyPermissions: extrinsicRoute({
    path: '/collection/token-property-permissions',
    input: z.object({ collectionId, tokenPropertyPermissions: z.array(TokenPropertyPermissionSchema) }),
    output: CollectionSchema,
    resultEvent: 'common.PropertyPermissionSet',
  }),
  setSponsor: extrinsicRoute({
    path: '/collection/sponsor/set',
    input: z.object({ collectionId, sponsor: SubAddressSchema }),
    output: CollectionSchema,
    resultEvent: 'common.CollectionSponsorSet',
  }),
  confirmSponsorship: extrinsicRoute({
    path: '/collection/sponsor/confirm',
    input: z.object({ collectionId }),
    output: CollectionSchema,
    resultEvent: 'common.SponsorshipConfirmed',
  }),
  transferCollection: extrinsicRoute({
    path: '/collection/transferCollection',
    input: z.object({ collectionId, to: AddressSchema }),
    output: CollectionSchema,
    resultEvent: 'common.CollectionOwnerChanged',
  }),
  setLimits: extrinsicRoute({
    path: '/collection/limits/set',
    input: z.object({ collectionId, limits: LimitsSchema }),
    output: CollectionSchema,
    resultEvent: 'common.CollectionLimitSet',
  }),
  addAdmin: extrinsicRoute({
    path: '/collection/admin/add',
    input: z.object({ collectionId, newAdmin: AddressSchema }),
    output: CollectionSchema,
    resultEvent: 'common.CollectionAdminAdded',
  }),
  removeAdmin: extrinsicRoute({
    path: '/collection/admin/remove',
    input: z.object({ collectionId, adminToDelete: AddressSchema }),
    output: CollectionSchema,
    resultEvent: 'common.CollectionAdminRemoved',
  }),
  destroy: extrinsicRoute({
    path: '/collection/delete',
    input: z.object({ collectionId }),
    output: z.object({ collectionId: z.number().check(z.int(), z.positive()) }),
    resultEvent: 'common.CollectionDestroyed',
  }),
};
