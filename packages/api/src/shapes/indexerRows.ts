import { z } from 'zod';

// Indexer rows. Dates are ISO strings on the wire and `…AtBlockNumber` are numbers. The rows are loose objects:
// the documented fields are checked, anything else the indexer adds is kept.

const date = () => z.string().meta({ format: 'date-time' });
const record = () => z.record(z.string(), z.unknown());
const blockStamps = {
  createdAtBlockNumber: z.number(),
  updatedAtBlockNumber: z.number(),
  createdAt: date(),
  updatedAt: date(),
};

export const IndexerEventSchema = z
  .looseObject({
    extrinsicHash: z.string().nullable().optional(),
    blockNumber: z.number(),
    blockTimestamp: z.number().optional(),
    section: z.string(),
    method: z.string(),
    data: z.unknown(),
    asHex: z.string().optional(),
    createdAt: date().optional(),
  })
  .meta({ id: 'IndexerEvent' });

export const IndexerExtrinsicSchema = z
  .looseObject({
    hash: z.string(),
    blockHash: z.string(),
    blockNumber: z.number(),
    blockTimestamp: z.number().optional(),
    indexInBlock: z.number(),
    signer: z.string().nullable(),
    section: z.string(),
    method: z.string(),
    args: z.unknown(),
    asHex: z.string().optional(),
    createdAt: date().optional(),
    events: z.array(z.looseObject({ section: z.string(), method: z.string(), data: z.unknown() })).optional(),
  })
  .meta({ id: 'IndexerExtrinsic' });

export const IndexerBlockSchema = z
  .looseObject({
    number: z.number(),
    hash: z.string(),
    parentHash: z.string(),
    specVersion: z.number(),
    timestamp: date(),
    relayParentNumber: z.number().nullable(),
    relayParentStorageRoot: z.string().nullable(),
    createdAt: date().optional(),
    extrinsics: z.array(IndexerExtrinsicSchema).optional(),
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
    fetchedAtBlockNumber: z.number().optional(),
    ...blockStamps,
  })
  .meta({ id: 'IndexerCoinBalance' });

const transferEvent = z.looseObject({
  blockNumber: z.number(),
  blockTimestamp: z.number().optional(),
  extrinsicHash: z.string().nullable(),
  extrinsic: z
    .looseObject({
      indexInBlock: z.number(),
      section: z.string().optional(),
      method: z.string().optional(),
      signer: z.string().nullable().optional(),
    })
    .nullable(),
});

export const IndexerCoinTransferSchema = z
  .looseObject({
    id: z.union([z.string(), z.number()]),
    from: z.string(),
    to: z.string(),
    amount: z.string(),
    eventId: z.union([z.string(), z.number()]),
    event: transferEvent.nullable(),
  })
  .meta({ id: 'IndexerCoinTransfer' });

export const IndexerCollectionSchema = z
  .looseObject({
    collectionId: z.number(),
    collectionAddress: z.string(),
    owner: z.string(),
    adminList: z.array(z.string()),
    mode: z.string(),
    fungiblePieces: z.union([z.number(), z.string()]).nullable(),
    name: z.string(),
    description: z.string(),
    tokenPrefix: z.string(),
    sponsor: z.string().nullable(),
    isSponsorshipConfirmed: z.boolean().nullable(),
    lastTokenId: z.number(),
    limits: record(),
    decodedLimits: record(),
    permissions: record(),
    tokenPropertyPermissions: z.array(record()),
    properties: z.array(record()),
    propertiesMap: record(),
    readOnly: z.boolean(),
    foreign: z.boolean().nullable(),
    erc721metadata: z.boolean().nullable(),
    schemaName: z.string().nullable(),
    schemaVersion: z.string().nullable(),
    originalSchemaVersion: z.string().nullable(),
    collectionInfoError: z.string().nullable(),
    isBurned: z.boolean(),
    fetchedAtBlockNumber: z.number().optional(),
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
    attributes: z.array(record()).nullable().optional(),
    tokenInfoError: z.string().nullable(),
    isBurned: z.boolean(),
    fetchedAtBlockNumber: z.number().optional(),
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
    fetchedAtBlockNumber: z.number().optional(),
    ...blockStamps,
  })
  .meta({ id: 'IndexerTokenBalance' });

export const IndexerTokenTransferSchema = z
  .looseObject({
    id: z.union([z.string(), z.number()]),
    from: z.string(),
    to: z.string(),
    collectionId: z.number(),
    tokenId: z.number(),
    amount: z.string(),
    eventId: z.union([z.string(), z.number()]),
    event: transferEvent,
  })
  .meta({ id: 'IndexerTokenTransfer' });

export const SectionMethodSchema = z.object({ section: z.string(), method: z.string() });

/** A list answer: `{items, count}`. */
export function listOf<T extends z.ZodType>(row: T) {
  return z.object({ items: z.array(row), count: z.number() });
}
