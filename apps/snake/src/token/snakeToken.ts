import { sameAddress } from '@nftkit/primitives';
import { snakeCollectionArgs } from '@nftkit/snake-protocol';
import { isClientError, type SnakeChainClient } from '../chain/chainClient';
import {
  forgetScopedId,
  type KeyValueStorage,
  readScopedId,
  STORAGE_KEYS,
  writeScopedId,
} from '../wallet/storage';
import { GAMES_PLAYED_KEY, SNAKE_IMAGE, TOTAL_SCORE_KEY } from './constants';

/** Who plays and where: the client signs as `address`; ids are stored per wallet and chain (`chain` = base URL). */
export type TokenContext = {
  client: SnakeChainClient;
  address: string;
  chain: string;
  storage: KeyValueStorage | null;
};

export type SnakeTokenIds = { collectionId: number; tokenId: number };
export type SnakeTokenTotals = SnakeTokenIds & { totalScore: number; gamesPlayed: number };

export class SnakeTokenError extends Error {
  override name = 'SnakeTokenError';
  constructor(
    readonly code: 'INVALID_SCORE' | 'NO_TOKEN_MINTED' | 'NOT_OWNER',
    message: string,
  ) {
    super(message);
  }
}

const scope = (ctx: TokenContext) => ({ address: ctx.address, chain: ctx.chain });

/**
 * The wallet's snake collection: the stored one when the chain still has it and the wallet owns it, otherwise a new
 * one (created once, its id stored for this wallet).
 */
export async function ensureCollection(ctx: TokenContext): Promise<number> {
  const stored = ctx.storage
    ? readScopedId(ctx.storage, STORAGE_KEYS.collectionId, scope(ctx), sameAddress)
    : null;
  if (stored !== null) {
    try {
      const collection = await ctx.client.collection.get({ collectionId: stored });
      if (sameAddress(collection.owner, ctx.address)) return stored;
    } catch (error) {
      // A network failure must not create a second collection; only "not there" does.
      if (!isClientError(error)) throw error;
    }
    if (ctx.storage) forgetScopedId(ctx.storage, STORAGE_KEYS.collectionId, scope(ctx), sameAddress);
  }
  const { result } = await ctx.client.collection.create(snakeCollectionArgs('self'));
  if (ctx.storage)
    writeScopedId(ctx.storage, STORAGE_KEYS.collectionId, scope(ctx), result.collectionId, sameAddress);
  return result.collectionId;
}

/** Mints the wallet's snake token (image, attributes and properties at 0) into `collectionId` and stores its id. */
export async function mintSnakeToken(ctx: TokenContext, collectionId: number): Promise<SnakeTokenIds> {
  const { result } = await ctx.client.token.mintNFTs({
    collectionId,
    tokens: [
      {
        owner: ctx.address,
        data: {
          image: SNAKE_IMAGE,
          attributes: [
            { trait_type: TOTAL_SCORE_KEY, value: '0' },
            { trait_type: GAMES_PLAYED_KEY, value: '0' },
          ],
        },
        properties: [
          { key: TOTAL_SCORE_KEY, value: '0' },
          { key: GAMES_PLAYED_KEY, value: '0' },
        ],
      },
    ],
  });
  const minted = result[0];
  if (!minted) throw new SnakeTokenError('NO_TOKEN_MINTED', 'The chain reported no minted token');
  if (ctx.storage)
    writeScopedId(ctx.storage, STORAGE_KEYS.snakeNftId, scope(ctx), minted.tokenId, sameAddress);
  return { collectionId: minted.collectionId, tokenId: minted.tokenId };
}

const readCount = (properties: { key: string; value: string }[], key: string): number => {
  const value = properties.find((p) => p.key === key)?.value;
  return value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : 0;
};

/** The token's totals as the chain holds them (a missing or unreadable value counts as 0). */
export async function readTotals(client: SnakeChainClient, ids: SnakeTokenIds): Promise<SnakeTokenTotals> {
  const token = await client.token.get(ids);
  return {
    ...ids,
    totalScore: readCount(token.properties, TOTAL_SCORE_KEY),
    gamesPlayed: readCount(token.properties, GAMES_PLAYED_KEY),
  };
}

/**
 * The wallet's token when this browser stored one for it and the chain confirms the wallet still owns it; `null`
 * otherwise (a stale or foreign id is forgotten). Totals are read back from the chain.
 */
export async function findSnakeToken(ctx: TokenContext): Promise<SnakeTokenTotals | null> {
  if (!ctx.storage) return null;
  const collectionId = readScopedId(ctx.storage, STORAGE_KEYS.collectionId, scope(ctx), sameAddress);
  const tokenId = readScopedId(ctx.storage, STORAGE_KEYS.snakeNftId, scope(ctx), sameAddress);
  if (collectionId === null || tokenId === null) return null;
  try {
    const token = await ctx.client.token.get({ collectionId, tokenId });
    if (sameAddress(token.owner, ctx.address)) {
      return {
        collectionId,
        tokenId,
        totalScore: readCount(token.properties, TOTAL_SCORE_KEY),
        gamesPlayed: readCount(token.properties, GAMES_PLAYED_KEY),
      };
    }
  } catch (error) {
    if (!isClientError(error)) throw error;
  }
  forgetScopedId(ctx.storage, STORAGE_KEYS.snakeNftId, scope(ctx), sameAddress);
  return null;
}

/**
 * Start Play's token step (spec §4 step 5): the wallet's token, minted first when it has none.
 * Logs `Failed to create Snake NFT:` and rethrows when the collection or the token cannot be created.
 */
export async function prepareSnakeToken(ctx: TokenContext): Promise<SnakeTokenTotals> {
  try {
    const existing = await findSnakeToken(ctx);
    if (existing) return existing;
    const collectionId = await ensureCollection(ctx);
    const ids = await mintSnakeToken(ctx, collectionId);
    return { ...ids, totalScore: 0, gamesPlayed: 0 };
  } catch (error) {
    console.error('Failed to create Snake NFT:', error);
    throw error;
  }
}

/**
 * Game over: adds `score` to the token's `TotalScore` and 1 to `GamesPlayed`, starting from the chain's values.
 * Logs `Snake NFT updated successfully` or `Failed to update Snake NFT:` (and rethrows).
 */
export async function recordGame(
  ctx: TokenContext,
  ids: SnakeTokenIds,
  score: number,
): Promise<SnakeTokenTotals> {
  if (!Number.isSafeInteger(score) || score < 0) {
    throw new SnakeTokenError('INVALID_SCORE', `score must be a non-negative integer, got ${String(score)}`);
  }
  try {
    const before = await readTotals(ctx.client, ids);
    const after = { ...ids, totalScore: before.totalScore + score, gamesPlayed: before.gamesPlayed + 1 };
    await ctx.client.token.setProperties({
      ...ids,
      properties: [
        { key: TOTAL_SCORE_KEY, value: String(after.totalScore) },
        { key: GAMES_PLAYED_KEY, value: String(after.gamesPlayed) },
      ],
    });
    console.log('Snake NFT updated successfully');
    return after;
  } catch (error) {
    console.error('Failed to update Snake NFT:', error);
    throw error;
  }
}
