import { encodeCollectionToProperties, PERMISSION_PRESETS } from '@nftkit/metadata';
import {
  APPLIED_GAMES_KEY,
  BEST_GAME_KEY,
  GAME_SERVICE_KEY,
  GAME_SERVICE_VALUE,
  GAME_SYMBOL_KEY,
  GAME_VERSION,
  GAME_VERSION_KEY,
  GAMES_PLAYED_KEY,
  SNAKE_COLLECTION,
  SNAKE_IMAGE,
  TOTAL_SCORE_KEY,
} from './collection.js';

/**
 * Who writes the scores: the player's own wallet (`self`, spec §4's self-custody path: the owner may edit
 * `TotalScore`/`GamesPlayed`) or the game service (`service`: only the collection admin, the service's operator,
 * writes the scores, the record of applied games, the best game and the token's metadata).
 */
export type SnakeCustody = 'self' | 'service';

/** The token properties the game service alone writes. */
export const SERVICE_TOKEN_KEYS = [
  TOTAL_SCORE_KEY,
  GAMES_PLAYED_KEY,
  APPLIED_GAMES_KEY,
  BEST_GAME_KEY,
  'tokenData',
] as const;

export interface SnakeCollectionArgs {
  readonly mode: 'Nft';
  readonly name: string;
  readonly description: string;
  readonly symbol: string;
  readonly properties: { key: string; value: string }[];
  readonly tokenPropertyPermissions: {
    key: string;
    permission: { mutable: boolean; collectionAdmin: boolean; tokenOwner: boolean };
  }[];
}

/**
 * The arguments that create the snake collection (`collection.create`): a schema-2 collection with the spec's name,
 * token prefix and symbol, the game's version, and the score properties writable by whoever `custody` names. Both
 * token paths create the collection with this one function, so they cannot drift apart.
 */
export function snakeCollectionArgs(custody: SnakeCustody): SnakeCollectionArgs {
  const writer =
    custody === 'service'
      ? PERMISSION_PRESETS.REWRITEABLE_FOR_COLLECTION_ADMIN
      : PERMISSION_PRESETS.REWRITEABLE_FOR_BOTH;
  const keys = custody === 'service' ? SERVICE_TOKEN_KEYS : [TOTAL_SCORE_KEY, GAMES_PLAYED_KEY];
  const { properties, tokenPropertyPermissions } = encodeCollectionToProperties(
    { default_token_image: { url: SNAKE_IMAGE } },
    {
      overwriteProperties: [
        { key: GAME_VERSION_KEY, value: GAME_VERSION },
        { key: GAME_SYMBOL_KEY, value: SNAKE_COLLECTION.symbol },
        ...(custody === 'service' ? [{ key: GAME_SERVICE_KEY, value: GAME_SERVICE_VALUE }] : []),
      ],
      overwriteTPPs: keys.map((key) => ({ key, permission: { ...writer } })),
    },
  );
  return {
    mode: 'Nft',
    name: SNAKE_COLLECTION.name,
    description: SNAKE_COLLECTION.description,
    symbol: SNAKE_COLLECTION.tokenPrefix,
    properties: properties.map(({ key, value }) => ({ key, value: value ?? '' })),
    tokenPropertyPermissions,
  };
}
