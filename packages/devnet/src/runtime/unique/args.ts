import { ethereumToSubstrateMirror, isEthereumAddress } from '@nftkit/primitives';
import { z } from 'zod';
import { accountId, bytes, crossAccountId, u8, u32, utf16 } from '../args.js';
import {
  MAX_COLLECTION_DESCRIPTION_LENGTH,
  MAX_COLLECTION_NAME_LENGTH,
  MAX_ITEMS_PER_BATCH,
  MAX_NESTING_RESTRICTED,
  MAX_PROPERTIES_PER_ITEM,
  MAX_PROPERTY_KEY_LENGTH,
  MAX_PROPERTY_VALUE_LENGTH,
} from '../common/bounds.js';

const utf8 = new TextEncoder();
/** A property key as the chain decodes it: at most 256 bytes; the charset is checked at dispatch (a module error). */
export const propertyKey = z
  .string()
  .refine(
    (k) => utf8.encode(k).length <= MAX_PROPERTY_KEY_LENGTH,
    `longer than ${MAX_PROPERTY_KEY_LENGTH} bytes`,
  );

export const property = z.object({ key: propertyKey, value: bytes(MAX_PROPERTY_VALUE_LENGTH) });
export const properties = z.array(property).max(MAX_PROPERTIES_PER_ITEM);
export const propertyKeys = z.array(propertyKey).max(MAX_PROPERTIES_PER_ITEM);

export const propertyPermission = z.object({
  key: propertyKey,
  permission: z.object({ mutable: z.boolean(), collectionAdmin: z.boolean(), tokenOwner: z.boolean() }),
});

const optU32 = u32.nullish();
export const limits = z.object({
  accountTokenOwnershipLimit: optU32,
  sponsoredDataSize: optU32,
  sponsoredDataRateLimit: z.union([u32, z.literal('SponsoringDisabled')]).nullish(),
  tokenLimit: optU32,
  sponsorTransferTimeout: optU32,
  sponsorApproveTimeout: optU32,
  ownerCanTransfer: z.boolean().nullish(),
  ownerCanDestroy: z.boolean().nullish(),
  transfersEnabled: z.boolean().nullish(),
});

export const permissions = z.object({
  access: z.enum(['Normal', 'AllowList']).optional(),
  mintMode: z.boolean().optional(),
  nesting: z
    .object({
      tokenOwner: z.boolean().optional(),
      collectionAdmin: z.boolean().optional(),
      restricted: z.array(u32).max(MAX_NESTING_RESTRICTED).nullish(),
    })
    .optional(),
});

/** `CrossAccountId::as_sub`: an Ethereum account acts through its substrate mirror. */
export const asSub = (a: string): string => (isEthereumAddress(a) ? ethereumToSubstrateMirror(a) : a);

export const createCollectionData = z.object({
  mode: z.union([z.literal('NFT'), z.literal('ReFungible'), z.object({ Fungible: u8 })]).default('NFT'),
  /** An older place for `permissions.access`, which wins when it names an access mode too. */
  access: z.enum(['Normal', 'AllowList']).optional(),
  name: utf16(MAX_COLLECTION_NAME_LENGTH).default(''),
  description: utf16(MAX_COLLECTION_DESCRIPTION_LENGTH).default(''),
  tokenPrefix: z.string().max(256).default(''),
  pendingSponsor: crossAccountId.optional(),
  limits: limits.optional(),
  permissions: permissions.optional(),
  tokenPropertyPermissions: z.array(propertyPermission).max(MAX_PROPERTIES_PER_ITEM).default([]),
  properties: properties.default([]),
  adminList: z.array(crossAccountId).default([]),
  flags: u8.default(0),
});

export const mintItem = z.object({ owner: crossAccountId, properties: properties.default([]) });
export const mintItems = z.array(mintItem).max(MAX_ITEMS_PER_BATCH);

export { accountId, crossAccountId, u32 };
