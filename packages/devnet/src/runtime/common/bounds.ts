/** Fixed bounds of `primitives/data-structs` (chain-rules §1.2). */
export const MAX_PROPERTY_KEY_LENGTH = 256;
export const MAX_PROPERTY_VALUE_LENGTH = 32_768;
export const MAX_PROPERTIES_PER_ITEM = 64;
export const MAX_COLLECTION_PROPERTIES_SIZE = 40_960;
export const MAX_TOKEN_PROPERTIES_SIZE = 32_768;
export const COLLECTION_ADMINS_LIMIT = 5;
export const COLLECTION_NUMBER_LIMIT = 100_000;
export const MAX_ITEMS_PER_BATCH = 120;
export const MAX_NESTING_RESTRICTED = 16;
export const MAX_SPONSOR_TIMEOUT = 10_368_000;
export const MAX_COLLECTION_NAME_LENGTH = 64; // UTF-16 code units
export const MAX_COLLECTION_DESCRIPTION_LENGTH = 256; // UTF-16 code units
export const MAX_TOKEN_PREFIX_LENGTH = 16; // bytes
export const NESTING_BUDGET = 5;
export const MAX_DECIMAL_POINTS = 30;

export const DEFAULT_LIMITS = {
  accountTokenOwnershipLimit: 100_000_000,
  sponsoredDataSize: 2048,
  sponsoredDataRateLimit: 'SponsoringDisabled' as number | 'SponsoringDisabled',
  tokenLimit: 4_294_967_295,
  sponsorTransferTimeout: 5,
  sponsorApproveTimeout: 5,
  ownerCanTransfer: false,
  ownerCanDestroy: true,
  transfersEnabled: true,
};
export type EffectiveLimits = typeof DEFAULT_LIMITS;
