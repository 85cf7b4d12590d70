/**
 * The token's record of applied games (token property `AppliedGames`, writable by the collection admin only): the
 * service keeps no state besides the chain, so "each game id applied exactly once" and "one game at a time" are
 * decided from the token itself. It holds the newest MAX_KEPT game keys (issue time and key), a floor (a game issued
 * at or before it is older than every game kept), and `closedAt`: when the latest recorded game ended. A game
 * started before then overlapped a recorded game and is refused as forfeited (docs/decisions/game-service.md §16).
 * (Tokens signed in before sign-ins stopped writing to the chain also hold keys starting with `~`, of redeemed
 * challenges: docs/decisions/game-service.md §5; they age out like games.)
 *
 * Text form: `<floor base36>|<issued base36>:<key>,…|<closedAt base36>` (oldest first; without the last part on
 * tokens written before it, read as 0).
 */
export { APPLIED_GAMES_KEY } from '@nftkit/snake-protocol';
export const MAX_KEPT = 64;

export interface AppliedGames {
  readonly floor: number;
  readonly games: readonly { readonly issuedAt: number; readonly key: string }[];
  /** The end of the latest recorded game (its issue time + its duration), ms; 0 before any. */
  readonly closedAt: number;
}

export const EMPTY_APPLIED: AppliedGames = { floor: 0, games: [], closedAt: 0 };

const base36 = (text: string | undefined): number => {
  const value = Number.parseInt(text ?? '', 36);
  return Number.isFinite(value) ? value : 0;
};

export function parseAppliedGames(value: string | undefined): AppliedGames {
  if (!value) return EMPTY_APPLIED;
  const [floorText, list = '', closedText] = value.split('|');
  const games = list
    .split(',')
    .filter(Boolean)
    .map((entry) => {
      const [issued, key = ''] = entry.split(':');
      return { issuedAt: Number.parseInt(issued ?? '', 36), key };
    })
    .filter((g) => Number.isFinite(g.issuedAt) && g.key !== '');
  return { floor: base36(floorText), games, closedAt: base36(closedText) };
}

export function formatAppliedGames(applied: AppliedGames): string {
  const games = applied.games.map((g) => `${g.issuedAt.toString(36)}:${g.key}`).join(',');
  return `${applied.floor.toString(36)}|${games}|${applied.closedAt.toString(36)}`;
}

export type ApplyCheck = 'new' | 'applied' | 'too-old' | 'forfeited';

export function checkGame(applied: AppliedGames, game: { issuedAt: number; key: string }): ApplyCheck {
  if (applied.games.some((g) => g.key === game.key)) return 'applied';
  if (game.issuedAt <= applied.floor) return 'too-old';
  return game.issuedAt < applied.closedAt ? 'forfeited' : 'new';
}

/**
 * Adds a game that ended at `endedAt`, keeping the newest MAX_KEPT; the floor rises to the newest issue time
 * dropped, and `closedAt` to the game's end.
 */
export function addGame(
  applied: AppliedGames,
  game: { issuedAt: number; key: string },
  endedAt: number,
): AppliedGames {
  const games = [...applied.games, { issuedAt: game.issuedAt, key: game.key }].sort(
    (a, b) => a.issuedAt - b.issuedAt,
  );
  let floor = applied.floor;
  while (games.length > MAX_KEPT) {
    const dropped = games.shift();
    if (dropped) floor = Math.max(floor, dropped.issuedAt);
  }
  return { floor, games, closedAt: Math.max(applied.closedAt, endedAt) };
}
