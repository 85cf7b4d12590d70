import { sameAddress } from '@nftkit/primitives';
import type { UniqueChain, UniqueIndexer } from '@nftkit/sdk';
import {
  GAME_SERVICE_KEY,
  GAME_SERVICE_VALUE,
  SERVICE_TOKEN_KEYS,
  SNAKE_COLLECTION,
  snakeCollectionArgs,
} from '@nftkit/snake-protocol';

type Chain = ReturnType<typeof UniqueChain>;
type Indexer = ReturnType<typeof UniqueIndexer>;

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
    await grantServiceKeys(chain, pinned, log);
    return { collectionId: pinned, created: false };
  }
  const existing = await findGameCollection(chain, indexer, operator);
  if (existing !== null) {
    log(`game collection ${existing} found on the chain`);
    await grantServiceKeys(chain, existing, log);
    return { collectionId: existing, created: false };
  }
  const { result } = await chain.collection.create(snakeCollectionArgs('service'));
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

/**
 * A collection created by an earlier version of the service lacks the permissions of keys added since (`BestGame`):
 * the owner (the operator) grants them, admin-only like the others, so the tokens can be written.
 */
async function grantServiceKeys(chain: Chain, collectionId: number, log: (message: string) => void) {
  const collection = await chain.collection.get({ collectionId });
  const have = new Set(collection.tokenPropertyPermissions.map((t) => t.key));
  const wanted = snakeCollectionArgs('service').tokenPropertyPermissions.filter(
    (t) => (SERVICE_TOKEN_KEYS as readonly string[]).includes(t.key) && !have.has(t.key),
  );
  if (wanted.length === 0) return;
  await chain.collection.setTokenPropertyPermissions({ collectionId, tokenPropertyPermissions: wanted });
  log(
    `game collection ${collectionId}: token keys ${wanted.map((t) => t.key).join(', ')} made writable by the service`,
  );
}
