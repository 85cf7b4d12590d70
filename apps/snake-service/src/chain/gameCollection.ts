import { encodeCollectionToProperties, PERMISSION_PRESETS } from '@nftkit/metadata';
import { sameAddress } from '@nftkit/primitives';
import type { UniqueChain, UniqueIndexer } from '@nftkit/sdk';
import {
  GAME_SYMBOL_KEY,
  GAME_VERSION,
  GAME_VERSION_KEY,
  GAMES_PLAYED_KEY,
  SNAKE_COLLECTION,
  SNAKE_IMAGE,
  TOTAL_SCORE_KEY,
} from '@nftkit/snake-protocol';
import { APPLIED_GAMES_KEY } from '../games/appliedGames.js';

/** Marks the collection as the game service's (a self-custody collection of the same account does not count). */
export const GAME_SERVICE_KEY = 'gameService';
export const GAME_SERVICE_VALUE = 'snake-service/1';

type Chain = ReturnType<typeof UniqueChain>;
type Indexer = ReturnType<typeof UniqueIndexer>;

/** Only the collection admin (the service) writes scores and attributes; the owner (player) may not. */
const ADMIN_ONLY = PERMISSION_PRESETS.REWRITEABLE_FOR_COLLECTION_ADMIN;

/** The create arguments: schema-2 collection, the spec's name, symbol and prefix, and admin-only score properties. */
export function gameCollectionArgs() {
  const { properties, tokenPropertyPermissions } = encodeCollectionToProperties(
    { default_token_image: { url: SNAKE_IMAGE } },
    {
      overwriteProperties: [
        { key: GAME_VERSION_KEY, value: GAME_VERSION },
        { key: GAME_SYMBOL_KEY, value: SNAKE_COLLECTION.symbol },
        { key: GAME_SERVICE_KEY, value: GAME_SERVICE_VALUE },
      ],
      overwriteTPPs: [TOTAL_SCORE_KEY, GAMES_PLAYED_KEY, APPLIED_GAMES_KEY, 'tokenData'].map((key) => ({
        key,
        permission: { ...ADMIN_ONLY },
      })),
    },
  );
  return {
    mode: 'Nft' as const,
    name: SNAKE_COLLECTION.name,
    description: SNAKE_COLLECTION.description,
    symbol: SNAKE_COLLECTION.tokenPrefix,
    properties: properties.map(({ key, value }) => ({ key, value: value ?? '' })),
    tokenPropertyPermissions,
  };
}

/** Whether the chain's collection is this service's game collection, owned by `operator`. */
async function isGameCollection(chain: Chain, collectionId: number, operator: string): Promise<boolean> {
  const collection = await chain.collection.get({ collectionId });
  const marker = collection.properties?.find((p) => p.key === GAME_SERVICE_KEY)?.value;
  return sameAddress(collection.owner, operator) && marker === GAME_SERVICE_VALUE;
}

/**
 * The operator's game collection, found from the chain: the indexer lists the operator's collections with the game's
 * name and the chain confirms owner and marker (the lowest id wins, so every instance picks the same one). Created
 * only when there is none. `pinned` (SNAKE_COLLECTION_ID) skips the search but is still checked.
 */
export async function ensureGameCollection(options: {
  chain: Chain;
  indexer: Indexer;
  operator: string;
  pinned: number | null;
  log: (message: string) => void;
}): Promise<{ collectionId: number; created: boolean }> {
  const { chain, indexer, operator, pinned, log } = options;
  if (pinned !== null) {
    if (!(await isGameCollection(chain, pinned, operator)))
      throw new Error(
        `SNAKE_COLLECTION_ID: collection ${pinned} is not a snake game collection owned by ${operator}`,
      );
    return { collectionId: pinned, created: false };
  }
  const existing = await findGameCollection(chain, indexer, operator);
  if (existing !== null) {
    log(`game collection ${existing} found on the chain`);
    return { collectionId: existing, created: false };
  }
  const { result } = await chain.collection.create(gameCollectionArgs());
  // Two instances starting at once may both create one: both then settle on the lowest id.
  const settled = (await findGameCollection(chain, indexer, operator)) ?? result.collectionId;
  log(
    `game collection ${result.collectionId} created${settled === result.collectionId ? '' : `; using ${settled}`}`,
  );
  return { collectionId: settled, created: settled === result.collectionId };
}

async function findGameCollection(chain: Chain, indexer: Indexer, operator: string): Promise<number | null> {
  const found = await indexer.collections({
    ownerIn: [operator],
    nameLike: SNAKE_COLLECTION.name,
    orderByCollectionId: 'asc',
    limit: 100,
  });
  for (const row of found.items)
    if (await isGameCollection(chain, row.collectionId, operator)) return row.collectionId;
  return null;
}
