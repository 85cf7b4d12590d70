/**
 * The token's record of applied games (token property `AppliedGames`, writable by the collection admin only): the
 * service keeps no state besides the chain, so "each game id applied exactly once" is decided from the token itself.
 * Redeemed sign-in challenges are kept the same way, under keys starting with `~` (a game's base64url key never
 * does: docs/decisions/game-service.md §5). It holds the newest MAX_KEPT keys (issue time and key) and a floor: a
 * game issued at or before the floor is older than every game kept and is refused as expired, so the record stays
 * small (~1.4 KB) however long a player plays.
 *
 * Text form: `<floor base36>|<issued base36>:<key>,…` (oldest first).
 */
export const APPLIED_GAMES_KEY = 'AppliedGames';
export const MAX_KEPT = 64;

export interface AppliedGames {
  readonly floor: number;
  readonly games: readonly { readonly issuedAt: number; readonly key: string }[];
}

export const EMPTY_APPLIED: AppliedGames = { floor: 0, games: [] };

export function parseAppliedGames(value: string | undefined): AppliedGames {
  if (!value) return EMPTY_APPLIED;
  const [floorText, list = ''] = value.split('|');
  const floor = Number.parseInt(floorText ?? '', 36);
  const games = list
    .split(',')
    .filter(Boolean)
    .map((entry) => {
      const [issued, key = ''] = entry.split(':');
      return { issuedAt: Number.parseInt(issued ?? '', 36), key };
    })
    .filter((g) => Number.isFinite(g.issuedAt) && g.key !== '');
  return { floor: Number.isFinite(floor) ? floor : 0, games };
}

export function formatAppliedGames(applied: AppliedGames): string {
  return `${applied.floor.toString(36)}|${applied.games.map((g) => `${g.issuedAt.toString(36)}:${g.key}`).join(',')}`;
}

export type ApplyCheck = 'new' | 'applied' | 'too-old';

export function checkGame(applied: AppliedGames, game: { issuedAt: number; key: string }): ApplyCheck {
  if (applied.games.some((g) => g.key === game.key)) return 'applied';
  return game.issuedAt <= applied.floor ? 'too-old' : 'new';
}

/** Adds a game, keeping the newest MAX_KEPT; the floor rises to the newest issue time dropped. */
export function addGame(applied: AppliedGames, game: { issuedAt: number; key: string }): AppliedGames {
  const games = [...applied.games, { issuedAt: game.issuedAt, key: game.key }].sort(
    (a, b) => a.issuedAt - b.issuedAt,
  );
  let floor = applied.floor;
  while (games.length > MAX_KEPT) {
    const dropped = games.shift();
    if (dropped) floor = Math.max(floor, dropped.issuedAt);
  }
  return { floor, games };
}
