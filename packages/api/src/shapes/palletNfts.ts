import * as z from 'zod/mini';
import { SubAddressSchema } from './address.js';
import { meta } from './meta.js';
import { UniversalLocationSchema } from './universalLocation.js';

/** `pallet`, `collectionOwner`, `itemOwner`, or an SS58 address (the Account namespace; the word `Account` is rejected). */
export const AttributeNamespaceSchema = z.union([
  z.enum(['pallet', 'collectionOwner', 'itemOwner']),
  SubAddressSchema,
]);
export type AttributeNamespace = z.infer<typeof AttributeNamespaceSchema>;

export const AttributeSchema = meta(
  z.object({
    key: z.string(),
    value: z.string(),
    namespace: AttributeNamespaceSchema,
  }),
  { id: 'NftsAttribute' },
);
export type Attribute = z.infer<typeof AttributeSchema>;

/** An attribute in an answer (the namespace is not re-validated). */
export const AttributeAnswerSchema = z.object({ key: z.string(), value: z.string(), namespace: z.string() });

export const NftsCollectionSettingsSchema = z.object({
  lockedTransferItems: z.boolean(),
  lockedMetadata: z.boolean(),
  lockedAttributes: z.boolean(),
  lockedMaxSupply: z.boolean(),
});

export const NftsItemSettingsSchema = z.object({
  lockedTransfers: z.boolean(),
  lockedMetadata: z.boolean(),
  lockedAttributes: z.boolean(),
});

export const NftsMintTypeSchema = z.union([z.enum(['Issuer', 'Public']), z.object({ holderOf: z.number() })]);

export const NftsMintSettingsSchema = z.object({
  mintType: NftsMintTypeSchema,
  price: z.nullable(z.union([z.string(), z.number()])),
  startBlock: z.nullable(z.number()),
  endBlock: z.nullable(z.number()),
  defaultItemSettings: z.optional(z.partial(NftsItemSettingsSchema)),
});

export const NftsCollectionSchema = meta(
  z.object({
    collectionId: z.number(),
    owner: z.string(),
    ownerDeposit: z.union([z.number(), z.string()]),
    items: z.number(),
    itemMetadatas: z.number(),
    itemConfigs: z.number(),
    attributes: z.array(AttributeAnswerSchema),
    metadata: z.nullable(z.object({ deposit: z.string(), data: z.string() })),
    config: z.object({
      settings: z.optional(NftsCollectionSettingsSchema),
      maxSupply: z.nullable(z.number()),
      mintSettings: z.optional(z.partial(NftsMintSettingsSchema)),
    }),
    universalLocation: z.optional(z.nullable(UniversalLocationSchema)),
    originalUniversalLocation: z.optional(z.nullable(UniversalLocationSchema)),
    isForeign: z.optional(z.boolean()),
  }),
  { id: 'NftsCollection' },
);
export type NftsCollection = z.infer<typeof NftsCollectionSchema>;

export const NftsItemSchema = meta(
  z.object({
    collectionId: z.number(),
    itemId: z.number(),
    owner: z.string(),
    deposit: z.object({ account: z.string(), amount: z.string() }),
    transferApprovals: z.array(z.object({ delegate: z.string(), deadlineBlock: z.optional(z.number()) })),
    metadata: z.nullable(
      z.object({
        data: z.string(),
        deposit: z.object({ account: z.nullable(z.string()), amount: z.string() }),
      }),
    ),
    price: z.nullable(z.object({ amount: z.string(), buyer: z.nullable(z.string()) })),
    attributes: z.array(AttributeAnswerSchema),
    settings: z.nullable(NftsItemSettingsSchema),
  }),
  { id: 'NftsItem' },
);
export type NftsItem = z.infer<typeof NftsItemSchema>;
