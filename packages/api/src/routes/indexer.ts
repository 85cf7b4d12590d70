import * as z from 'zod/mini';
import { queryRoute } from '../route.js';
import {
  IndexerAccountSchema,
  IndexerBlockSchema,
  IndexerCoinBalanceSchema,
  IndexerCoinTransferSchema,
  IndexerCollectionSchema,
  IndexerEventSchema,
  IndexerExtrinsicSchema,
  IndexerNftSchema,
  IndexerTokenBalanceSchema,
  IndexerTokenTransferSchema,
  listOf,
  SectionMethodSchema,
} from '../shapes/indexerRows.js';
import { meta } from '../shapes/meta.js';
import { zQueryBoolean } from '../shapes/queryBoolean.js';
import {
  OrderSchema,
  QueryBigIntSchema,
  QueryDateSchema,
  queryArray,
  queryInt,
} from '../shapes/queryValues.js';

/**
 * Paging. The defaults (offset 0, limit 100; 10 for collections and nfts) are applied by the server: a client
 * sends only what the caller gave, as the real one does.
 */
const paging = (defaultLimit: number) => ({
  offset: meta(z.optional(queryInt().check(z.nonnegative())), { description: 'Default 0' }),
  limit: meta(z.optional(queryInt().check(z.positive())), { description: `Default ${defaultLimit}` }),
});

const strings = () => z.optional(queryArray(z.string()));
const ints = () => z.optional(queryArray(queryInt()));
const order = () => z.optional(OrderSchema);
const date = () => z.optional(QueryDateSchema);
const big = () => z.optional(QueryBigIntSchema);
const bool = () => z.optional(zQueryBoolean);

/** Default page sizes the server applies. */
export const INDEXER_DEFAULT_LIMIT = 100;
export const INDEXER_DEFAULT_LIMIT_COLLECTIONS = 10;
export const INDEXER_DEFAULT_LIMIT_NFTS = 10;

/** The coin balance columns of the indexer's `/accounts` rows, each filterable (`…From`/`…To`) and sortable. */
export const INDEXER_BALANCE_FIELDS = [
  'available',
  'locked',
  'free',
  'total',
  'reserved',
  'staked',
  'unstaked',
  'canstake',
] as const;
type BalanceField = (typeof INDEXER_BALANCE_FIELDS)[number];
type CoinBalanceFilters = { [K in `${BalanceField}From` | `${BalanceField}To`]: ReturnType<typeof big> } & {
  [K in `orderBy${Capitalize<BalanceField>}`]: ReturnType<typeof order>;
};

/** `{field}From`/`{field}To` (bigints) and `orderBy{Field}` for every coin balance field. */
function coinBalanceFilters(): CoinBalanceFilters {
  const filters: Record<string, z.ZodMiniType> = {};
  for (const field of INDEXER_BALANCE_FIELDS) {
    filters[`${field}From`] = big();
    filters[`${field}To`] = big();
    filters[`orderBy${field[0]!.toUpperCase()}${field.slice(1)}`] = order();
  }
  return filters as CoinBalanceFilters;
}

const nftModeSchema = z.optional(z.enum(['NFT', 'Fungible', 'RFT']));

/** Every indexer route (GET, relative to the indexer's own base URL), named like `UniqueIndexer`'s methods. */
export const indexerRoutes = {
  block: queryRoute({
    path: '/blocks/:hashOrNumber',
    input: z.object({
      hashOrNumber: z.union([z.string().check(z.minLength(1)), z.number().check(z.int(), z.nonnegative())]),
    }),
    output: IndexerBlockSchema,
  }),
  blocks: queryRoute({
    path: '/blocks',
    input: z.object({
      numberFrom: z.optional(queryInt()),
      numberTo: z.optional(queryInt()),
      relayParentNumberFrom: z.optional(queryInt()),
      relayParentNumberTo: z.optional(queryInt()),
      timestampFrom: date(),
      timestampTo: date(),
      ...paging(INDEXER_DEFAULT_LIMIT),
      orderByNumber: order(),
    }),
    output: listOf(IndexerBlockSchema),
  }),
  account: queryRoute({
    path: '/accounts/:address',
    input: z.object({ address: z.string().check(z.minLength(1)) }),
    output: IndexerAccountSchema,
  }),
  accounts: queryRoute({
    path: '/accounts',
    input: z.object({
      addressIn: strings(),
      mirrorIn: strings(),
      isEthereum: bool(),
      isSigner: bool(),
      isSmartContract: bool(),
      createdTimestampFrom: date(),
      createdTimestampTo: date(),
      ...paging(INDEXER_DEFAULT_LIMIT),
      orderByAddress: order(),
      orderByCreatedTimestamp: order(),
      orderByCreatedAtBlockNumber: order(),
    }),
    output: listOf(IndexerAccountSchema),
  }),
  coinBalance: queryRoute({
    path: '/balance/:address',
    input: z.object({ address: z.string().check(z.minLength(1)) }),
    output: IndexerCoinBalanceSchema,
  }),
  coinBalances: queryRoute({
    path: '/balance',
    input: z.object({
      addressIn: strings(),
      ...paging(INDEXER_DEFAULT_LIMIT),
      ...coinBalanceFilters(),
      orderByAddress: order(),
    }),
    output: listOf(IndexerCoinBalanceSchema),
  }),
  balanceTransfers: queryRoute({
    path: '/balance/transfers',
    input: z.object({
      fromIn: strings(),
      toIn: strings(),
      amountFrom: big(),
      amountTo: big(),
      orderByFrom: order(),
      orderByTo: order(),
      orderByAmount: order(),
      ...paging(INDEXER_DEFAULT_LIMIT),
    }),
    output: listOf(IndexerCoinTransferSchema),
  }),
  collection: queryRoute({
    path: '/collections/:collectionId',
    input: z.object({
      collectionId: z.union([z.string().check(z.minLength(1)), z.number().check(z.int(), z.nonnegative())]),
    }),
    output: IndexerCollectionSchema,
  }),
  collections: queryRoute({
    path: '/collections',
    input: z.object({
      mode: nftModeSchema,
      collectionIdIn: strings(),
      nameLike: z.optional(z.string()),
      descriptionLike: z.optional(z.string()),
      ownerIn: strings(),
      adminIn: strings(),
      sponsorIn: strings(),
      isBurned: meta(bool(), { description: 'Default false (applied by the server)' }),
      createdTimestampFrom: date(),
      createdTimestampTo: date(),
      updatedTimestampFrom: date(),
      updatedTimestampTo: date(),
      ...paging(INDEXER_DEFAULT_LIMIT_COLLECTIONS),
      orderByCollectionId: order(),
      orderByName: order(),
      orderByDescription: order(),
      orderByOwner: order(),
      orderByUpdatedAtBlockNumber: order(),
      orderByCreatedAtBlockNumber: order(),
      orderByLastTokenId: order(),
    }),
    output: listOf(IndexerCollectionSchema),
  }),
  nft: queryRoute({
    path: '/nfts/:collectionId/:tokenId',
    input: z.object({
      collectionId: z.union([z.string().check(z.minLength(1)), z.number().check(z.int(), z.nonnegative())]),
      tokenId: queryInt().check(z.nonnegative()),
    }),
    output: IndexerNftSchema,
  }),
  nfts: queryRoute({
    path: '/nfts',
    input: z.object({
      collectionIdIn: strings(),
      tokenIdIn: ints(),
      ownerIn: strings(),
      topmostOwnerIn: strings(),
      royaltyRecipientIn: strings(),
      isBurned: bool(),
      isBundle: bool(),
      attributeValueIn: strings(),
      attributeTraitTypeIn: strings(),
      createdTimestampFrom: date(),
      createdTimestampTo: date(),
      updatedTimestampFrom: date(),
      updatedTimestampTo: date(),
      ...paging(INDEXER_DEFAULT_LIMIT_NFTS),
      orderByCollectionId: order(),
      orderByTokenId: order(),
      orderByCreatedAtBlockNumber: order(),
      orderByOwner: order(),
    }),
    output: listOf(IndexerNftSchema),
  }),
  events: queryRoute({
    path: '/events',
    input: z.object({
      sectionIn: strings(),
      methodIn: strings(),
      address: z.optional(z.string()),
      blockNumberFrom: z.optional(queryInt()),
      blockNumberTo: z.optional(queryInt()),
      ...paging(INDEXER_DEFAULT_LIMIT),
      orderByBlockNumber: order(),
    }),
    output: listOf(IndexerEventSchema),
  }),
  eventSections: queryRoute({
    path: '/events/sections',
    input: z.object({}),
    output: z.array(SectionMethodSchema),
  }),
  extrinsic: queryRoute({
    path: '/extrinsics/:hash',
    input: z.object({ hash: z.string().check(z.minLength(1)) }),
    output: IndexerExtrinsicSchema,
  }),
  extrinsics: queryRoute({
    path: '/extrinsics',
    input: z.object({
      sectionIn: strings(),
      methodIn: strings(),
      signerIn: strings(),
      blockNumberFrom: z.optional(queryInt()),
      blockNumberTo: z.optional(queryInt()),
      ...paging(INDEXER_DEFAULT_LIMIT),
      orderByBlockNumber: order(),
      orderByIndex: order(),
    }),
    output: listOf(IndexerExtrinsicSchema),
  }),
  extrinsicSections: queryRoute({
    path: '/extrinsics/sections',
    input: z.object({}),
    output: z.array(SectionMethodSchema),
  }),
  tokenBalances: queryRoute({
    path: '/tokens',
    input: z.object({
      addressIn: strings(),
      mode: nftModeSchema,
      collectionIdIn: strings(),
      tokenIdIn: strings(),
      amountFrom: big(),
      amountTo: big(),
      ...paging(INDEXER_DEFAULT_LIMIT),
      orderByAddress: order(),
      orderByCollectionId: order(),
      orderByTokenId: order(),
      orderByAmount: order(),
    }),
    output: listOf(IndexerTokenBalanceSchema),
  }),
  tokenTransfers: queryRoute({
    path: '/tokens/transfers',
    input: z.object({
      fromIn: strings(),
      toIn: strings(),
      mode: nftModeSchema,
      collectionIdIn: strings(),
      tokenIdIn: ints(),
      amountFrom: big(),
      amountTo: big(),
      orderByFrom: order(),
      orderByTo: order(),
      orderByAmount: order(),
      orderByCollectionId: order(),
      orderByTokenId: order(),
      ...paging(INDEXER_DEFAULT_LIMIT),
    }),
    output: listOf(IndexerTokenTransferSchema),
  }),
};
