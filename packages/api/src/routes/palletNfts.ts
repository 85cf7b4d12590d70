import * as z from 'zod';
import { extrinsicRoute, queryRoute } from '../route.js';
import { AddressSchema } from '../shapes/address.js';
import { CollectionIdOrAddressSchema, QueryTokenIdSchema } from '../shapes/ids.js';
import { AtBlockHashSchema, PaginationSchema } from '../shapes/pagination.js';
import {
  AttributeAnswerSchema,
  AttributeNamespaceSchema,
  AttributeSchema,
  NftsCollectionSchema,
  NftsCollectionSettingsSchema,
  NftsItemSchema,
  NftsItemSettingsSchema,
  NftsMintSettingsSchema,
} from '../shapes/palletNfts.js';
import { accountRoutes } from './balances.js';

// Extrinsic args are plain JSON numbers (no coercion); queries coerce from the query string.
const collectionId = z.number().int().positive();
const itemId = z.number().int().positive();
const queryNumber = () => z.coerce.number<string | number>().int();
const anyResult = z.unknown();
const itemRef = z.object({ collectionId: z.number(), itemId: z.number() });
const itemDelegateResult = itemRef.extend({ owner: z.string(), delegate: z.string() });

const lockSettings = NftsCollectionSettingsSchema.partial().refine(
  (value) => Object.values(value).some((entry) => entry !== undefined),
  { message: 'At least one setting must be changed.' },
);

const mintSettingsUpdate = NftsMintSettingsSchema.partial()
  .extend({
    defaultItemSettings: NftsItemSettingsSchema.partial()
      .refine((value) => Object.values(value).some((entry) => entry !== undefined), {
        message: 'At least one default item setting must be changed.',
      })
      .optional(),
  })
  .refine((value) => Object.values(value).some((entry) => entry !== undefined), {
    message: 'At least one setting must be changed.',
  });

const collection = {
  get: queryRoute({
    path: '/pallet-nfts/collection/get',
    input: z.object({ collectionId: queryNumber().nonnegative(), atBlockHash: AtBlockHashSchema }),
    output: NftsCollectionSchema,
    summary: 'A pallet-nfts collection',
  }),
  list: queryRoute({
    path: '/pallet-nfts/collections',
    input: PaginationSchema,
    output: z.object({ collections: z.array(NftsCollectionSchema), isLastPage: z.boolean() }),
    summary: 'A page of pallet-nfts collections',
  }),
  nextId: queryRoute({
    path: '/pallet-nfts/collection/next-id',
    input: z.object({}),
    output: z.object({ nextCollectionId: z.number() }),
    summary: 'The id the next pallet-nfts collection will get',
  }),
  create: extrinsicRoute({
    path: '/pallet-nfts/collection/create',
    input: z
      .object({
        admin: AddressSchema.optional(),
        collectionConfig: z
          .object({
            settings: NftsCollectionSettingsSchema.optional(),
            maxSupply: z.number().int().positive().optional(),
            mintSettings: NftsMintSettingsSchema.partial().optional(),
          })
          .optional(),
      })
      .default({}),
    output: NftsCollectionSchema.extend({ creator: z.string() }),
    summary: 'Create a pallet-nfts collection',
  }),
  destroy: extrinsicRoute({
    path: '/pallet-nfts/collection/destroy',
    input: z.object({
      collectionId,
      witness: z
        .object({
          itemMetadatas: z.number().int().nonnegative(),
          itemConfigs: z.number().int().nonnegative(),
          attributes: z.number().int().nonnegative(),
        })
        .default({ itemMetadatas: 0, itemConfigs: 0, attributes: 0 }),
    }),
    output: z.object({ collectionId: z.number() }),
    summary: 'Destroy a pallet-nfts collection',
  }),
  lock: extrinsicRoute({
    path: '/pallet-nfts/collection/lock',
    input: z.object({ collectionId, settings: lockSettings }),
    output: NftsCollectionSchema,
    summary: 'Lock collection settings',
  }),
  acceptOwnership: extrinsicRoute({
    path: '/pallet-nfts/collection/accept-ownership',
    input: z.object({ collectionId: collectionId.optional() }),
    output: z.object({ who: z.string(), collectionId: z.number().nullable().optional() }),
    summary: 'Accept (or, without collectionId, stop accepting) a collection ownership transfer',
  }),
  transferOwnership: extrinsicRoute({
    path: '/pallet-nfts/collection/transfer',
    input: z.object({ collectionId, newOwner: AddressSchema }),
    output: NftsCollectionSchema,
    summary: 'Transfer collection ownership (the new owner must accept)',
  }),
  updateMintSettings: extrinsicRoute({
    path: '/pallet-nfts/collection/update-mint-settings',
    input: z.object({ collectionId, mintSettings: mintSettingsUpdate }),
    output: NftsCollectionSchema,
    summary: 'Update the mint settings',
  }),
  setMaxSupply: extrinsicRoute({
    path: '/pallet-nfts/collection/set-max-supply',
    input: z.object({ collectionId, maxSupply: z.number().int().positive() }),
    output: NftsCollectionSchema,
    summary: 'Set the maximum supply',
  }),
  setTeam: extrinsicRoute({
    path: '/pallet-nfts/collection/set-team',
    input: z.object({
      collectionId,
      issuer: AddressSchema.optional(),
      admin: AddressSchema.optional(),
      freezer: AddressSchema.optional(),
    }),
    output: NftsCollectionSchema.extend({
      role: z.object({
        issuer: z.string().nullable(),
        admin: z.string().nullable(),
        freezer: z.string().nullable(),
      }),
    }),
    summary: 'Set the issuer, admin and freezer',
  }),
  setMetadata: extrinsicRoute({
    path: '/pallet-nfts/collection/set-metadata',
    input: z.object({ collectionId, data: z.string() }),
    output: NftsCollectionSchema,
    summary: 'Set collection metadata',
  }),
  clearMetadata: extrinsicRoute({
    path: '/pallet-nfts/collection/clear-metadata',
    input: z.object({ collectionId }),
    output: NftsCollectionSchema,
    summary: 'Clear collection metadata',
  }),
  setAttribute: extrinsicRoute({
    path: '/pallet-nfts/collection/set-attribute',
    input: z.object({ collectionId, attribute: AttributeSchema }),
    output: NftsCollectionSchema,
    summary: 'Set a collection attribute',
  }),
  clearAttribute: extrinsicRoute({
    path: '/pallet-nfts/collection/clear-attribute',
    input: z.object({
      collectionId,
      attribute: z.object({ key: z.string(), namespace: AttributeNamespaceSchema }),
    }),
    output: NftsCollectionSchema,
    summary: 'Clear a collection attribute',
  }),
};

const item = {
  get: queryRoute({
    path: '/pallet-nfts/items/get',
    input: z.object({ collectionId: queryNumber().positive(), itemId: queryNumber().positive() }),
    output: NftsItemSchema,
    summary: 'A pallet-nfts item',
  }),
  mint: extrinsicRoute({
    path: '/pallet-nfts/items/mint',
    input: z.object({
      collectionId: z.number().int().nonnegative(),
      itemId: z.number().int().nonnegative(),
      mintTo: AddressSchema,
      witnessData: z
        .object({ ownedItemId: z.number().int().nonnegative().optional(), mintPrice: z.number().optional() })
        .optional(),
    }),
    output: NftsItemSchema,
    summary: 'Mint an item',
  }),
  burn: extrinsicRoute({
    path: '/pallet-nfts/items/burn',
    input: z.object({ collectionId, itemId }),
    output: anyResult,
    summary: 'Burn an item',
  }),
  approveAttributes: extrinsicRoute({
    path: '/pallet-nfts/items/approve-attributes',
    input: z.object({ collectionId, itemId, delegate: AddressSchema }),
    output: anyResult,
    summary: 'Let a delegate set attributes of an item',
  }),
  approveTransfer: extrinsicRoute({
    path: '/pallet-nfts/items/approve-transfer',
    input: z.object({
      collectionId,
      itemId,
      delegate: AddressSchema,
      deadline: z.number().int().positive().optional().meta({ description: 'Valid for the next N blocks' }),
    }),
    output: anyResult,
    summary: 'Let a delegate transfer an item',
  }),
  cancelTransferApproval: extrinsicRoute({
    path: '/pallet-nfts/items/cancel-transfer-approval',
    input: z.object({ collectionId, itemId, delegate: AddressSchema }),
    output: itemDelegateResult,
    summary: 'Cancel a transfer approval',
  }),
  clearAllTransferApprovals: extrinsicRoute({
    path: '/pallet-nfts/items/clear-all-transfer-approvals',
    input: z.object({ collectionId, itemId }),
    output: itemRef,
    summary: 'Cancel every transfer approval of an item',
  }),
  cancelAttributesApproval: extrinsicRoute({
    path: '/pallet-nfts/items/cancel-attributes-approval',
    input: z.object({ collectionId, itemId, delegate: AddressSchema }),
    output: itemDelegateResult,
    summary: 'Cancel an attributes approval',
  }),
  lockProperties: extrinsicRoute({
    path: '/pallet-nfts/items/lock-properties',
    input: z.object({
      collectionId,
      itemId,
      lockMetadata: z.boolean().optional().meta({ description: 'Default false' }),
      lockAttributes: z.boolean().optional().meta({ description: 'Default false' }),
    }),
    output: itemRef.extend({ lockMetadata: z.boolean().optional(), lockAttributes: z.boolean().optional() }),
    summary: 'Lock the metadata and/or attributes of an item',
  }),
  transfer: extrinsicRoute({
    path: '/pallet-nfts/items/transfer',
    input: z.object({ collectionId, itemId, to: AddressSchema }),
    output: NftsItemSchema,
    summary: 'Transfer an item',
  }),
  lockTransfer: extrinsicRoute({
    path: '/pallet-nfts/items/lock-transfer',
    input: z.object({ collectionId, itemId }),
    output: itemRef,
    summary: 'Lock transfers of an item',
  }),
  unlockTransfer: extrinsicRoute({
    path: '/pallet-nfts/items/unlock-transfer',
    input: z.object({ collectionId, itemId }),
    output: itemRef,
    summary: 'Unlock transfers of an item',
  }),
  setMetadata: extrinsicRoute({
    path: '/pallet-nfts/items/set-metadata',
    input: z.object({ collectionId, itemId, data: z.string() }),
    output: NftsItemSchema,
    summary: 'Set item metadata',
  }),
  clearMetadata: extrinsicRoute({
    path: '/pallet-nfts/items/clear-metadata',
    input: z.object({ collectionId, itemId }),
    output: NftsItemSchema,
    summary: 'Clear item metadata',
  }),
  setAttribute: extrinsicRoute({
    path: '/pallet-nfts/items/set-attribute',
    input: z.object({ collectionId, itemId, attribute: AttributeSchema }),
    output: NftsItemSchema,
    summary: 'Set an item attribute (not in the real client)',
  }),
  clearAttribute: extrinsicRoute({
    path: '/pallet-nfts/items/clear-attribute',
    input: z.object({ collectionId, itemId, attribute: AttributeSchema }),
    output: NftsItemSchema,
    summary: 'Clear an item attribute (not in the real client)',
  }),
};

const attributeQuery = z.object({
  collectionId: queryNumber().positive(),
  itemId: queryNumber().positive().optional(),
});

const attributes = {
  get: queryRoute({
    path: '/pallet-nfts/attribute',
    input: attributeQuery.extend({ namespace: AttributeNamespaceSchema, key: z.string() }),
    output: z.object({
      collectionId: z.number(),
      itemId: z.number().nullable().optional(),
      attribute: AttributeAnswerSchema.nullable(),
    }),
    summary: 'One attribute of a collection or item',
  }),
  getAll: queryRoute({
    path: '/pallet-nfts/attributes',
    input: attributeQuery.extend({ namespace: AttributeNamespaceSchema.optional() }),
    output: anyResult,
    summary: 'The attributes of a collection or item',
  }),
  set: extrinsicRoute({
    path: '/pallet-nfts/set-attribute',
    input: z.object({ collectionId, itemId: itemId.optional(), attribute: AttributeSchema }),
    output: z.object({
      collectionId: z.number(),
      itemId: z.number().optional(),
      attribute: AttributeAnswerSchema,
    }),
    summary: 'Set an attribute of a collection or item',
  }),
  clear: extrinsicRoute({
    path: '/pallet-nfts/clear-attribute',
    input: z.object({
      collectionId,
      itemId: itemId.optional(),
      attribute: z.object({ key: z.string(), namespace: AttributeNamespaceSchema }),
    }),
    output: z.object({
      collectionId: z.number(),
      itemId: z.number().optional(),
      attribute: z.object({ key: z.string(), namespace: z.string() }),
    }),
    summary: 'Clear an attribute of a collection or item',
  }),
};

const account = {
  getCollections: queryRoute({
    path: '/pallet-nfts/account/collections',
    input: z.object({ account: AddressSchema }),
    output: z.object({ account: z.string(), collections: z.array(z.number()) }),
    summary: 'The pallet-nfts collections an account owns',
  }),
  getItems: queryRoute({
    path: '/pallet-nfts/account/items',
    input: z.object({ account: AddressSchema, collectionId: queryNumber().nonnegative() }),
    output: z.array(
      z.object({
        collectionId: z.number(),
        tokenId: z.number(),
        original: z.object({ collectionId: z.number(), tokenId: z.number() }).optional(),
      }),
    ),
    summary: 'The items of a collection an account owns',
  }),
  getRole: queryRoute({
    path: '/pallet-nfts/account/collection-role',
    input: z.object({ collectionId: queryNumber().nonnegative(), account: AddressSchema }),
    output: z.object({ issuer: z.boolean(), admin: z.boolean(), freezer: z.boolean(), owner: z.boolean() }),
    summary: 'The roles an account has in a collection',
  }),
  getOwnershipAcceptance: queryRoute({
    path: '/pallet-nfts/account/ownership-acceptance',
    input: z.object({ account: AddressSchema }),
    output: z.object({ collectionId: z.number().nullable() }),
    summary: 'Which collection an account accepts ownership of',
  }),
  nextIndex: accountRoutes.nextIndex,
};

const trade = {
  setPrice: extrinsicRoute({
    path: '/pallet-nfts/items/set-price',
    input: z.object({
      collectionId,
      itemId,
      price: z.union([z.number().positive(), z.string(), z.null()]).optional(),
      buyer: AddressSchema.optional(),
    }),
    output: anyResult,
    summary: 'Put an item up for sale (or withdraw it with no price)',
  }),
  buy: extrinsicRoute({
    path: '/pallet-nfts/items/buy',
    input: z.object({
      collectionId,
      itemId,
      bidPrice: z.union([
        z.number().positive(),
        z.string().regex(/^\d+$/, { message: 'bidPrice must be a positive number or a digit string' }),
      ]),
    }),
    output: itemRef.extend({ price: z.string(), seller: z.string(), buyer: z.string() }),
    summary: 'Buy an item at no more than bidPrice',
  }),
};

const utility = {
  getParsedTokenMetadata: queryRoute({
    path: '/pallet-nfts/utils/parsed-metadata',
    input: z.object({ collectionId: CollectionIdOrAddressSchema, tokenId: QueryTokenIdSchema }),
    output: anyResult,
    summary: 'The metadata of an item, fetched and parsed',
  }),
};

const common = {
  palletVersion: queryRoute({
    path: '/pallet-nfts/common/pallet-version',
    input: z.object({}),
    output: z.object({ version: z.number() }),
    summary: 'The pallet version (not in the real client)',
  }),
  nextCollectionId: queryRoute({
    path: '/pallet-nfts/common/next-collection-id',
    input: z.object({}),
    output: z.object({ nextCollectionId: z.number() }),
    summary: 'The next collection id (not in the real client)',
  }),
};

/** The alternative NFT pallet, nested like the real SDK's `AssetHub(...).nftsPallet`. */
export const nftsPalletRoutes = { utility, collection, item, attributes, account, trade, common };
