import { encodeTokenToProperties } from '@nftkit/metadata';
import {
  BEST_GAME_KEY,
  bestScoreOf,
  GAMES_PLAYED_KEY,
  SNAKE_IMAGE,
  TOTAL_SCORE_KEY,
  type TokenTotals,
} from '@nftkit/snake-protocol';
import {
  APPLIED_GAMES_KEY,
  type AppliedGames,
  formatAppliedGames,
  parseAppliedGames,
} from '../games/appliedGames.js';

export type ChainProperty = { key: string; value: string };

/** What the service keeps on a player's token: the totals (properties and attributes), the applied games, the best game's score. */
export interface TokenRecord {
  readonly totals: TokenTotals;
  readonly applied: AppliedGames;
  /** The score of the best game kept on the token (`BestGame`), or null when it keeps none. */
  readonly bestScore: number | null;
}

const count = (properties: readonly { key: string; value?: string }[], key: string): number => {
  const value = properties.find((p) => p.key === key)?.value;
  return value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : 0;
};

/** A token as the chain answers it → its record (a missing or unreadable count is 0). */
export function readTokenRecord(token: {
  collectionId: number;
  tokenId: number;
  owner: string;
  properties: readonly { key: string; value?: string }[];
}): TokenRecord {
  const value = (key: string) => token.properties.find((p) => p.key === key)?.value;
  return {
    totals: {
      collectionId: token.collectionId,
      tokenId: token.tokenId,
      owner: token.owner,
      totalScore: count(token.properties, TOTAL_SCORE_KEY),
      gamesPlayed: count(token.properties, GAMES_PLAYED_KEY),
    },
    applied: parseAppliedGames(value(APPLIED_GAMES_KEY)),
    bestScore: bestScoreOf(value(BEST_GAME_KEY)),
  };
}

/** The token's schema-2 metadata with the totals as attributes: what wallets and marketplaces show. */
export function snakeTokenData(totalScore: number, gamesPlayed: number) {
  return {
    image: SNAKE_IMAGE,
    attributes: [
      { trait_type: TOTAL_SCORE_KEY, value: String(totalScore) },
      { trait_type: GAMES_PLAYED_KEY, value: String(gamesPlayed) },
    ],
  };
}

const tokenDataOf = (totalScore: number, gamesPlayed: number): ChainProperty[] =>
  encodeTokenToProperties(snakeTokenData(totalScore, gamesPlayed)).map((p) => ({
    key: p.key,
    value: p.value ?? '',
  }));

/**
 * The properties one write sets: the two counts, the schema-2 `tokenData` (attributes), the applied games and, when
 * the game beat the token's best, the new best game — together in one call so a reader never sees the counts and
 * the attributes disagree.
 */
export function recordProperties(
  totalScore: number,
  gamesPlayed: number,
  applied: AppliedGames,
  bestGame: string | null,
): ChainProperty[] {
  return [
    { key: TOTAL_SCORE_KEY, value: String(totalScore) },
    { key: GAMES_PLAYED_KEY, value: String(gamesPlayed) },
    { key: APPLIED_GAMES_KEY, value: formatAppliedGames(applied) },
    ...(bestGame === null ? [] : [{ key: BEST_GAME_KEY, value: bestGame }]),
    ...tokenDataOf(totalScore, gamesPlayed).filter((p) => p.key === 'tokenData'),
  ];
}

/** The properties a new token is minted with: the schema-2 metadata, the first game's totals, its key and best game. */
export function mintProperties(
  totalScore: number,
  gamesPlayed: number,
  applied: AppliedGames,
  bestGame: string | null,
): ChainProperty[] {
  return [
    ...tokenDataOf(totalScore, gamesPlayed),
    { key: TOTAL_SCORE_KEY, value: String(totalScore) },
    { key: GAMES_PLAYED_KEY, value: String(gamesPlayed) },
    { key: APPLIED_GAMES_KEY, value: formatAppliedGames(applied) },
    ...(bestGame === null ? [] : [{ key: BEST_GAME_KEY, value: bestGame }]),
  ];
}
