// Spec §3/§9 and DESIGN §3: the snake collection and token as the game writes them. The page's self-custody path and
// the game service both read these, so they live here, beside the contract, instead of in either app.

export const SNAKE_COLLECTION = {
  name: 'Snake Game Collection',
  description: 'Snake game collectibles: each token records its owner’s total score and games played.',
  /** The chain's `symbol` field is the token prefix (tokens show as `SNK #1`). */
  tokenPrefix: 'SNK',
  /** Spec §3's collection symbol; the REST API has one symbol field (the prefix), so this one is a collection property. */
  symbol: 'SNAKE',
} as const;

/** The app version written as the collection's `gameVersion` property (spec §3 appVersion). */
export const GAME_VERSION = '1.0.0';

/** Collection property keys the game writes besides the schema-2 ones. */
export const GAME_VERSION_KEY = 'gameVersion';
export const GAME_SYMBOL_KEY = 'gameSymbol';

/** Token property and attribute keys (DESIGN §3: the mint keys, also for updates; spaced keys fail the key charset). */
export const TOTAL_SCORE_KEY = 'TotalScore';
export const GAMES_PLAYED_KEY = 'GamesPlayed';

/** Spec §9's default collection id; only ever a fallback label. */
export const DEFAULT_COLLECTION_ID = 4169;

/** The token image: a small inline SVG, so the token renders offline and on the devnet. */
export const SNAKE_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#111"/>' +
      '<path d="M1 6h3V3h3" stroke="#4c4" stroke-width="1" fill="none"/><rect x="6" y="2" width="1" height="1" fill="#e33"/></svg>',
  );

/** Token property (collection admin only) of the game service's record of applied games (docs/decisions/game-service.md §6). */
export const APPLIED_GAMES_KEY = 'AppliedGames';
/** Token property (collection admin only) keeping the player's best game, replayable by anyone (`decodeBestGame`). */
export const BEST_GAME_KEY = 'BestGame';

/** Collection property marking the game service's collection (a self-custody collection of the same account does not count). */
export const GAME_SERVICE_KEY = 'gameService';
export const GAME_SERVICE_VALUE = 'snake-service/1';
