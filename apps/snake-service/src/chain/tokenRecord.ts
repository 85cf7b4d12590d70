import { encodeTokenToProperties } from '@nftkit/metadata';
import { GAMES_PLAYED_KEY, SNAKE_IMAGE, TOTAL_SCORE_KEY, type TokenTotals } from '@nftkit/snake-protocol';
import {
  APPLIED_GAMES_KEY,
  type AppliedGames,
  formatAppliedGames,
  parseAppliedGames,
} from '../games/appliedGames.js';

export type ChainProperty = { key: string; value: string };

/** What the service keeps on a player's token: the totals (properties and attributes) and the applied games. */
export interface TokenRecord {
  readonly totals: TokenTotals;
  readonly applied: AppliedGames;
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
  return {
    totals: {
      collectionId: token.collectionId,
      tokenId: token.tokenId,
      owner: token.owner,
      totalScore: count(token.properties, TOTAL_SCORE_KEY),
      gamesPlayed: count(token.properties, GAMES_PLAYED_KEY),
    },
    applied: parseAppliedGames(token.properties.find((p) => p.key === APPLIED_GAMES_KEY)?.value),
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

/**
 * The properties one write sets: the two counts, the schema-2 `tokenData` (attributes) and the applied games,
 * together in one call so a reader never sees the counts and the attributes disagree.
 */
export function recordProperties(
  totalScore: number,
  gamesPlayed: number,
  applied: AppliedGames,
): ChainProperty[] {
  const metadata = encodeTokenToProperties(snakeTokenData(totalScore, gamesPlayed))
    .filter((p) => p.key === 'tokenData')
    .map((p) => ({ key: p.key, value: p.value ?? '' }));
  return [
    { key: TOTAL_SCORE_KEY, value: String(totalScore) },
    { key: GAMES_PLAYED_KEY, value: String(gamesPlayed) },
    { key: APPLIED_GAMES_KEY, value: formatAppliedGames(applied) },
    ...metadata,
  ];
}

/** The properties a new token is minted with: the schema-2 metadata, 0/0, and the keys it already spent (if any). */
export function mintProperties(applied: AppliedGames): ChainProperty[] {
  return [
    ...encodeTokenToProperties(snakeTokenData(0, 0)).map((p) => ({ key: p.key, value: p.value ?? '' })),
    { key: TOTAL_SCORE_KEY, value: '0' },
    { key: GAMES_PLAYED_KEY, value: '0' },
    ...(applied.games.length > 0 ? [{ key: APPLIED_GAMES_KEY, value: formatAppliedGames(applied) }] : []),
  ];
}
