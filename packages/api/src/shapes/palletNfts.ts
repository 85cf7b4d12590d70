import * as z from 'zod';
import { SubAddressSchema } from './address.js';
import { UniversalLocationSchema } from './universalLocation.js';

/** `pallet`, `collectionOwner`, `itemOwner`, or an SS58 address (the Account namespace; the word `Account` is rejected). */
export const AttributeNamespaceSchema = z.union([
  z.enum(['pallet', 'collectionOwner', 'itemOwner']),
  SubAddressSchema,
]);
export type AttributeNamespace = z.infer<typeof AttributeNamespaceSchema>;

export const AttributeSchema = z
  .object({
    key: z.string(),
    value: z.string(),
    namespace: AttributeNamespaceSchema,
  })
  .meta({ id: 'NftsAttribute' });
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
  price: z.union([z.string(), z.number()]).nullable(),
  startBlock: z.number().nullable(),
  endBlock: z.number().nullable(),
  defaultItemSettings: NftsItemSettingsSchema.partial().optional(),
});

export const NftsCollectionSchema = z
  .object({
    collectionId: z.number(),
    owner: z.string(),
    ownerDeposit: z.union([z.number(), z.string()]),
    items: z.number(),
    itemMetadatas: z.number(),
    itemConfigs: z.number(),
    attributes: z.array(AttributeAnswerSchema),
    metadata: z.object({ deposit: z.string(), data: z.string() }).nullable(),
    config: z.object({
      settings: NftsCollectionSettingsSchema.optional(),
      maxSupply: z.number().nullable(),
      mintSettings: NftsMintSettingsSchema.partial().optional(),
    }),
    universalLocation: UniversalLocationSchema.nullable().optional(),
    originalUniversalLocation: UniversalLocationSchema.nullable().optional(),
    isForeign: z.boolean().optional(),
  })
  .meta({ id: 'NftsCollection' });
export type NftsCollection = z.infer<typeof NftsCollectionSchema>;

export const NftsItemSchema = z
  .object({
    collectionId: z.number(),
    itemId: z.number(),
    owner: z.string(),
    deposit: z.object({ account: z.string(), amount: z.string() }),
    transferApprovals: z.array(z.object({ delegate: z.string(), deadlineBlock: z.number().optional() })),
    metadata: z
      .object({ data: z.string(), deposit: z.object({ account: z.string().nullable(), amount: z.string() }) })
      .nullable(),
    price: z.object({ amount: z.string(), buyer: z.string().nullable() }).nullable(),
    attributes: z.array(AttributeAnswerSchema),
    settings: NftsItemSettingsSchema.nullable(),
  })
  .meta({ id: 'NftsItem' });
export type NftsItem = z.infer<typeof NftsItemSchema>;
