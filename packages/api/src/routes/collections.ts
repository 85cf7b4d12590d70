import * as z from 'zod';
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
  tokenDecimals: z.coerce.number<string | number>().int().positive().optional(),
  name: CollectionNameSchema,
  description: CollectionDescriptionSchema,
  symbol: CollectionSymbolSchema,
  access: CollectionAccessSchema.optional(),
  limits: LimitsSchema.optional(),
  admins: z.array(AddressSchema).optional(),
  permissions: z
    .object({
      access: CollectionAccessSchema.optional(),
      nesting: z
        .object({
          tokenOwner: z.boolean().optional(),
          collectionAdmin: z.boolean().optional(),
          restricted: z.array(CollectionIdOrAddressSchema).optional(),
        })
        .optional(),
      mintMode: z.boolean().optional(),
    })
    .optional(),
  pendingSponsor: AddressToCrossAccountIdSchema.optional(),
  info: CollectionInfoSchema.optional(),
  properties: z.array(PropertySchema).optional(),
  tokenPropertyPermissions: z.array(TokenPropertyPermissionSchema).optional(),
});
export type CreateCollection = z.input<typeof CreateCollectionSchema>;

const withFlag = () => zQueryBoolean.default(true);

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
    summary: 'A collection by id or address',
  }),
  list: queryRoute({
    path: '/collection/list',
    input: PaginationSchema,
    output: z.object({ collections: z.array(CollectionSchema), isLastPage: z.boolean() }),
    summary: 'A page of collections',
  }),
  getAllCollectionStats: queryRoute({
    path: '/allCollectionsStats',
    input: z.object({ atBlockHash: AtBlockHashSchema }),
    output: z.object({ created: z.number(), destroyed: z.number(), alive: z.number() }),
    summary: 'How many collections were created, destroyed and are alive',
  }),
  accountTokens: queryRoute({
    path: '/collection/account/tokens',
    input: z.object({ collectionId, address: AddressSchema, atBlockHash: AtBlockHashSchema }),
    output: z.array(
      z.object({
        collectionId: z.number().int().positive(),
        tokenId: z.number().int().positive(),
        originalTokenId: z.number().int().positive().optional(),
      }),
    ),
    summary: 'The tokens of a collection that an address owns',
  }),
  create: extrinsicRoute({
    path: '/collection/create',
    input: CreateCollectionSchema,
    output: CollectionSchema,
    summary: 'Create a collection',
    resultEvent: 'common.CollectionCreated',
  }),
  setProperties: extrinsicRoute({
    path: '/collection/properties/set',
    input: z.object({ collectionId, properties: z.array(PropertySchema) }),
    output: CollectionSchema,
    summary: 'Set collection properties',
    resultEvent: 'common.CollectionPropertySet',
  }),
  deleteProperties: extrinsicRoute({
    path: '/collection/properties/delete',
    input: z.object({ collectionId, keys: PropertyKeysSchema }),
    output: CollectionSchema,
    summary: 'Delete collection properties',
    resultEvent: 'common.CollectionPropertyDeleted',
  }),
  setTokenPropertyPermissions: extrinsicRoute({
    path: '/collection/token-property-permissions',
    input: z.object({ collectionId, tokenPropertyPermissions: z.array(TokenPropertyPermissionSchema) }),
    output: CollectionSchema,
    summary: 'Set token property permissions',
    resultEvent: 'common.PropertyPermissionSet',
  }),
  setSponsor: extrinsicRoute({
    path: '/collection/sponsor/set',
    input: z.object({ collectionId, sponsor: SubAddressSchema }),
    output: CollectionSchema,
    summary: 'Propose a collection sponsor',
    resultEvent: 'common.CollectionSponsorSet',
  }),
  confirmSponsorship: extrinsicRoute({
    path: '/collection/sponsor/confirm',
    input: z.object({ collectionId }),
    output: CollectionSchema,
    summary: 'Confirm sponsorship (signed by the sponsor)',
    resultEvent: 'common.SponsorshipConfirmed',
  }),
  transferCollection: extrinsicRoute({
    path: '/collection/transferCollection',
    input: z.object({ collectionId, to: AddressSchema }),
    output: CollectionSchema,
    summary: 'Transfer collection ownership',
    resultEvent: 'common.CollectionOwnerChanged',
  }),
  setLimits: extrinsicRoute({
    path: '/collection/limits/set',
    input: z.object({ collectionId, limits: LimitsSchema }),
    output: CollectionSchema,
    summary: 'Set collection limits',
    resultEvent: 'common.CollectionLimitSet',
  }),
  addAdmin: extrinsicRoute({
    path: '/collection/admin/add',
    input: z.object({ collectionId, newAdmin: AddressSchema }),
    output: CollectionSchema,
    summary: 'Add a collection admin (not in the real client)',
    resultEvent: 'common.CollectionAdminAdded',
  }),
  removeAdmin: extrinsicRoute({
    path: '/collection/admin/remove',
    input: z.object({ collectionId, adminToDelete: AddressSchema }),
    output: CollectionSchema,
    summary: 'Remove a collection admin (not in the real client)',
    resultEvent: 'common.CollectionAdminRemoved',
  }),
  destroy: extrinsicRoute({
    path: '/collection/delete',
    input: z.object({ collectionId }),
    output: z.object({ collectionId: z.number().int().positive() }),
    summary: 'Destroy a collection (not in the real client)',
    resultEvent: 'common.CollectionDestroyed',
  }),
};
