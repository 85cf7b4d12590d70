/** Spec §9: the default schema name and version of new metadata. */
export const SCHEMA_NAME = 'unique';
export const SCHEMA_VERSION = '2.0.0';

/** Spec §9: the flags a v2 collection is created with (the "erc721 metadata"-free Unique schema flag). */
export const DEFAULT_COLLECTION_FLAGS = 64;

/** Token property keys a v2 collection declares permissions for (the reference encoder's list). */
export const DEFAULT_TOKEN_PROPERTY_KEYS = [
  'schemaName',
  'schemaVersion',
  'tokenData',
  'URI',
  'URISuffix',
  'overrides',
  'customizing_overrides',
  'royalties',
] as const;

/** Where v0/v1 IPFS images are fetched from unless the caller picks another gateway. */
export const DEFAULT_IMAGE_URL_TEMPLATE = 'https://ipfs.unique.network/ipfs/{infix}';
/** The placeholder v0 collections show when they have no cover (spec §9 "dummy image"). */
export const DEFAULT_DUMMY_IMAGE_URL =
  'https://ipfs.unique.network/ipfs/QmPCqY7Lmxerm8cLKmB18kT1RxkwnpasPVksA8XLhViVT7';
export const URL_TEMPLATE_INFIX = '{infix}';
