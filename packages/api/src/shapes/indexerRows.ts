import * as z from 'zod';

// Indexer rows. The real UniqueIndexer client validates every answer with zod and throws on a mismatch, so these
// require what it requires (a server validating its answers with them stays compatible with that client). Dates are
// ISO strings on the wire; `…AtBlockNumber` are numbers. Rows are loose objects: extra fields are kept.

const date = () => z.string().meta({ format: 'date-time' });
const record = () => z.record(z.string(), z.unknown());
const optionalNullable = () => z.unknown().optional();
const blockStamps = {
  createdAtBlockNumber: z.number(),
  updatedAtBlockNumber: z.number(),
  createdAt: date(),
  updatedAt: date(),
};

export const IndexerEventSchema = z
  .looseObject({
    extrinsicHash: z.string(),
    blockNumber: z.number(),
    blockTimestamp: z.number(),
    section: z.string(),
    method: z.string(),
    data: record(),
    asHex: z.string(),
    createdAt: date(),
  })
  .meta({ id: 'IndexerEvent' });

export const IndexerExtrinsicSchema = z
  .looseObject({
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
    events: z.array(z.looseObject({ section: z.string(), method: z.string(), data: record() })).optional(),
  })
  .meta({ id: 'IndexerExtrinsic' });

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
  events: z
    .array(
      z.looseObject({
        extrinsicHash: z.string(),
        blockNumber: z.number(),
        section: z.string(),
        method: z.string(),
        data: record(),
        asHex: z.string(),
        createdAt: date(),
      }),
    )
    .optional(),
});

export const IndexerBlockSchema = z
  .looseObject({
    number: z.number(),
    hash: z.string(),
    parentHash: z.string(),
    specVersion: z.number(),
    timestamp: date(),
    relayParentNumber: z.number(),
    relayParentStorageRoot: z.string(),
    createdAt: date(),
    extrinsics: z.array(BlockExtrinsicSchema).optional(),
  })
  .meta({ id: 'IndexerBlock' });

export const IndexerAccountSchema = z
  .looseObject({
    address: z.string(),
    prototype: z.string().nullable(),
    mirror: z.string(),
    isEthereum: z.boolean(),
    isSigner: z.boolean().nullable(),
    isSmartContract: z.boolean().nullable(),
    ...blockStamps,
  })
  .meta({ id: 'IndexerAccount' });

export const IndexerCoinBalanceSchema = z
  .looseObject({
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
  })
  .meta({ id: 'IndexerCoinBalance' });

const transferExtrinsic = z.looseObject({
  indexInBlock: z.number(),
  section: z.string().optional(),
  method: z.string().optional(),
  signer: z.string().optional(),
});

export const IndexerCoinTransferSchema = z
  .looseObject({
    id: z.number(),
    from: z.string(),
    to: z.string(),
    amount: z.string(),
    eventId: z.number(),
    event: z
      .looseObject({ blockNumber: z.number(), extrinsicHash: z.string(), extrinsic: transferExtrinsic })
      .nullable(),
  })
  .meta({ id: 'IndexerCoinTransfer' });

const indexedProperty = z.looseObject({
  key: z.string(),
  keyHex: z.string(),
  value: z.string(),
  valueHex: z.string().optional(),
});

export const IndexerCollectionSchema = z
  .looseObject({
    collectionId: z.number(),
    collectionAddress: z.string(),
    owner: z.string(),
    adminList: z.array(z.string()),
    mode: z.string(),
    fungiblePieces: z.number().nullable(),
    name: z.string(),
    description: z.string(),
    tokenPrefix: z.string(),
    sponsor: z.string().nullable(),
    isSponsorshipConfirmed: z.boolean().nullable(),
    lastTokenId: z.number(),
    limits: z.looseObject({
      account_token_ownership_limit: z.number().nullable(),
      owner_can_destroy: z.boolean().nullable(),
      owner_can_transfer: z.boolean().nullable(),
      sponsor_approve_timeout: z.number().nullable(),
      sponsor_transfer_timeout: z.number().nullable(),
      sponsored_data_rate_limit: z
        .union([z.literal('SponsoringDisabled'), z.object({ Blocks: z.number() })])
        .nullable(),
      sponsored_data_size: z.number().nullable(),
      token_limit: z.number().nullable(),
      transfers_enabled: z.boolean().nullable(),
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
        restricted: z.array(z.number()).nullable(),
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
    foreign: z.boolean().nullable(),
    erc721metadata: z.boolean().nullable().optional(),
    schemaName: z.string().nullable(),
    schemaVersion: z.string().nullable(),
    originalSchemaVersion: z.string().nullable(),
    coverImage: optionalNullable(),
    defaultTokenImage: optionalNullable(),
    potentialAttributes: optionalNullable(),
    customizingSlots: optionalNullable(),
    customizes: optionalNullable(),
    royalties: optionalNullable(),
    collectionInfoError: z.string().nullable(),
    isBurned: z.boolean(),
    fetchedAtBlockNumber: z.number(),
    ...blockStamps,
  })
  .meta({ id: 'IndexerCollection' });

export const IndexerNftSchema = z
  .looseObject({
    key: z.string(),
    collectionId: z.number(),
    tokenId: z.number(),
    collectionAddress: z.string(),
    tokenAddress: z.string(),
    owner: z.string(),
    topmostOwner: z.string().nullable(),
    isBundle: z.boolean(),
    properties: z.array(record()).nullable(),
    propertiesMap: record().nullable(),
    schemaName: z.string().nullable(),
    schemaVersion: z.string().nullable(),
    originalSchemaVersion: z.string().nullable(),
    name: z.string().nullable(),
    description: z.string().nullable(),
    image: z.string().nullable(),
    imageDetails: optionalNullable(),
    attributes: z.array(record()).nullable().optional(),
    media: optionalNullable(),
    royalties: optionalNullable(),
    customizing: optionalNullable(),
    customizingOverrides: optionalNullable(),
    animationUrl: z.string().nullable(),
    animationDetails: optionalNullable(),
    youtubeUrl: z.string().nullable(),
    createdBy: z.string().nullable(),
    backgroundColor: z.string().nullable(),
    externalUrl: z.string().nullable(),
    locale: z.string().nullable(),
    tokenInfoError: z.string().nullable(),
    isBurned: z.boolean(),
    fetchedAtBlockNumber: z.number(),
    ...blockStamps,
  })
  .meta({ id: 'IndexerNft' });

export const IndexerTokenBalanceSchema = z
  .looseObject({
    key: z.string(),
    address: z.string(),
    collectionId: z.number(),
    tokenId: z.number(),
    amount: z.string(),
    fetchedAtBlockNumber: z.number(),
    ...blockStamps,
  })
  .meta({ id: 'IndexerTokenBalance' });

export const IndexerTokenTransferSchema = z
  .looseObject({
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
  })
  .meta({ id: 'IndexerTokenTransfer' });

export const SectionMethodSchema = z.object({ section: z.string(), method: z.string() });

/** A list answer: `{items, count}`. */
export function listOf<T extends z.ZodType>(row: T) {
  return z.object({ items: z.array(row), count: z.number() });
}
