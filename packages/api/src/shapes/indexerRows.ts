import * as z from 'zod/mini';
import { meta } from './meta.js';

// Indexer rows. The real UniqueIndexer client validates every answer with zod and throws on a mismatch, so these
// require what it requires (a server validating its answers with them stays compatible with that client). Dates are
// ISO strings on the wire; `…AtBlockNumber` are numbers. Rows are loose objects: extra fields are kept.

const date = () => meta(z.string(), { format: 'date-time' });
const record = () => z.record(z.string(), z.unknown());
const optionalNullable = () => z.optional(z.unknown());
const blockStamps = {
  createdAtBlockNumber: z.number(),
  updatedAtBlockNumber: z.number(),
  createdAt: date(),
  updatedAt: date(),
};

export const IndexerEventSchema = meta(
  z.looseObject({
    extrinsicHash: z.string(),
    blockNumber: z.number(),
    blockTimestamp: z.number(),
    section: z.string(),
    method: z.string(),
    data: record(),
    asHex: z.string(),
    createdAt: date(),
  }),
  { id: 'IndexerEvent' },
);

export const IndexerExtrinsicSchema = meta(
  z.looseObject({
    hash: z.string(),
    blockHash: z.string(),
    blockNumber: z.number(),
    blockTimestamp: z.number(),
    indexInBlock: z.number(),
    signer: z.string(),
    section: z.string(),
    method: z.string(),
    args: record(),
    asHex: z.string(),
    createdAt: date(),
    events: z.optional(z.array(z.looseObject({ section: z.string(), method: z.string(), data: record() }))),
  }),
  { id: 'IndexerExtrinsic' },
);

/** An extrinsic inside a block row: no timestamp, events with their own hash, number and hex. */
const BlockExtrinsicSchema = z.looseObject({
  hash: z.string(),
  blockHash: z.string(),
  blockNumber: z.number(),
  indexInBlock: z.number(),
  signer: z.string(),
  section: z.string(),
  method: z.string(),
  args: record(),
  asHex: z.string(),
  createdAt: date(),
  events: z.optional(
    z.array(
      z.looseObject({
        extrinsicHash: z.string(),
        blockNumber: z.number(),
        section: z.string(),
        method: z.string(),
        data: record(),
        asHex: z.string(),
        createdAt: date(),
      }),
    ),
  ),
});

export const IndexerBlockSchema = meta(
  z.looseObject({
    number: z.number(),
    hash: z.string(),
    parentHash: z.string(),
    specVersion: z.number(),
    timestamp: date(),
    relayParentNumber: z.number(),
    relayParentStorageRoot: z.string(),
    createdAt: date(),
    extrinsics: z.optional(z.array(BlockExtrinsicSchema)),
  }),
  { id: 'IndexerBlock' },
);

export const IndexerAccountSchema = meta(
  z.looseObject({
    address: z.string(),
    prototype: z.nullable(z.string()),
    mirror: z.string(),
    isEthereum: z.boolean(),
    isSigner: z.nullable(z.boolean()),
    isSmartContract: z.nullable(z.boolean()),
    ...blockStamps,
  }),
  { id: 'IndexerAccount' },
);

export const IndexerCoinBalanceSchema = meta(
  z.looseObject({
    address: z.string(),
    available: z.string(),
    locked: z.string(),
    free: z.string(),
    total: z.string(),
    reserved: z.string(),
    staked: z.string(),
    unstaked: z.string(),
    canstake: z.string(),
    fetchedAtBlockNumber: z.number(),
    ...blockStamps,
  }),
  { id: 'IndexerCoinBalance' },
);

const transferExtrinsic = z.looseObject({
  indexInBlock: z.number(),
  section: z.optional(z.string()),
  method: z.optional(z.string()),
  signer: z.optional(z.string()),
});

export const IndexerCoinTransferSchema = meta(
  z.looseObject({
    id: z.number(),
    from: z.string(),
    to: z.string(),
    amount: z.string(),
    eventId: z.number(),
    event: z.nullable(
      z.looseObject({ blockNumber: z.number(), extrinsicHash: z.string(), extrinsic: transferExtrinsic }),
    ),
  }),
  { id: 'IndexerCoinTransfer' },
);

const indexedProperty = z.looseObject({
  key: z.string(),
  keyHex: z.string(),
  value: z.string(),
  valueHex: z.optional(z.string()),
});

export const IndexerCollectionSchema = meta(
  z.looseObject({
    collectionId: z.number(),
    collectionAddress: z.string(),
    owner: z.string(),
    adminList: z.array(z.string()),
    mode: z.string(),
    fungiblePieces: z.nullable(z.number()),
    name: z.string(),
    description: z.string(),
    tokenPrefix: z.string(),
    sponsor: z.nullable(z.string()),
    isSponsorshipConfirmed: z.nullable(z.boolean()),
    lastTokenId: z.number(),
    limits: z.looseObject({
      account_token_ownership_limit: z.nullable(z.number()),
      owner_can_destroy: z.nullable(z.boolean()),
      owner_can_transfer: z.nullable(z.boolean()),
      sponsor_approve_timeout: z.nullable(z.number()),
      sponsor_transfer_timeout: z.nullable(z.number()),
      sponsored_data_rate_limit: z.nullable(
        z.union([z.literal('SponsoringDisabled'), z.object({ Blocks: z.number() })]),
      ),
      sponsored_data_size: z.nullable(z.number()),
      token_limit: z.nullable(z.number()),
      transfers_enabled: z.nullable(z.boolean()),
    }),
    decodedLimits: z.record(
      z.string(),
      z.object({
        key: z.string(),
        value: z.union([z.number(), z.boolean(), z.string(), z.object({ Blocks: z.number() })]),
        isDefaultValue: z.boolean(),
      }),
    ),
    permissions: z.looseObject({
      access: z.enum(['Normal', 'AllowList']),
      mint_mode: z.boolean(),
      nesting: z.looseObject({
        token_owner: z.boolean(),
        collection_admin: z.boolean(),
        restricted: z.nullable(z.array(z.number())),
      }),
    }),
    tokenPropertyPermissions: z.array(
      z.looseObject({
        key: z.string(),
        keyHex: z.string(),
        permission: z.object({
          mutable: z.boolean(),
          collection_admin: z.boolean(),
          token_owner: z.boolean(),
        }),
      }),
    ),
    properties: z.array(indexedProperty),
    propertiesMap: z.record(z.string(), indexedProperty),
    readOnly: z.boolean(),
    foreign: z.nullable(z.boolean()),
    erc721metadata: z.optional(z.nullable(z.boolean())),
    schemaName: z.nullable(z.string()),
    schemaVersion: z.nullable(z.string()),
    originalSchemaVersion: z.nullable(z.string()),
    coverImage: optionalNullable(),
    defaultTokenImage: optionalNullable(),
    potentialAttributes: optionalNullable(),
    customizingSlots: optionalNullable(),
    customizes: optionalNullable(),
    royalties: optionalNullable(),
    collectionInfoError: z.nullable(z.string()),
    isBurned: z.boolean(),
    fetchedAtBlockNumber: z.number(),
    ...blockStamps,
  }),
  { id: 'IndexerCollection' },
);

export const IndexerNftSchema = meta(
  z.looseObject({
    key: z.string(),
    collectionId: z.number(),
    tokenId: z.number(),
    collectionAddress: z.string(),
    tokenAddress: z.string(),
    owner: z.string(),
    topmostOwner: z.nullable(z.string()),
    isBundle: z.boolean(),
    properties: z.nullable(z.array(record())),
    propertiesMap: z.nullable(record()),
    schemaName: z.nullable(z.string()),
    schemaVersion: z.nullable(z.string()),
    originalSchemaVersion: z.nullable(z.string()),
    name: z.nullable(z.string()),
    description: z.nullable(z.string()),
    image: z.nullable(z.string()),
    imageDetails: optionalNullable(),
    attributes: z.optional(z.nullable(z.array(record()))),
    media: optionalNullable(),
    royalties: optionalNullable(),
    customizing: optionalNullable(),
    customizingOverrides: optionalNullable(),
    animationUrl: z.nullable(z.string()),
    animationDetails: optionalNullable(),
    youtubeUrl: z.nullable(z.string()),
    createdBy: z.nullable(z.string()),
    backgroundColor: z.nullable(z.string()),
    externalUrl: z.nullable(z.string()),
    locale: z.nullable(z.string()),
    tokenInfoError: z.nullable(z.string()),
    isBurned: z.boolean(),
    fetchedAtBlockNumber: z.number(),
    ...blockStamps,
  }),
  { id: 'IndexerNft' },
);

export const IndexerTokenBalanceSchema = meta(
  z.looseObject({
    key: z.string(),
    address: z.string(),
    collectionId: z.number(),
    tokenId: z.number(),
    amount: z.string(),
    fetchedAtBlockNumber: z.number(),
    ...blockStamps,
  }),
  { id: 'IndexerTokenBalance' },
);

export const IndexerTokenTransferSchema = meta(
  z.looseObject({
    id: z.number(),
    from: z.string(),
    to: z.string(),
    collectionId: z.number(),
    tokenId: z.number(),
    amount: z.string(),
    eventId: z.number(),
    event: z.looseObject({
      blockNumber: z.number(),
      blockTimestamp: z.number(),
      extrinsicHash: z.string(),
      extrinsic: transferExtrinsic,
    }),
  }),
  { id: 'IndexerTokenTransfer' },
);

export const SectionMethodSchema = z.object({ section: z.string(), method: z.string() });

/** A list answer: `{items, count}`. */
export function listOf<T extends z.ZodMiniType>(row: T) {
  return z.object({ items: z.array(row), count: z.number() });
}
