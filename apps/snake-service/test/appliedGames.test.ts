import { describe, expect, it } from 'vitest';
import {
  addGame,
  checkGame,
  EMPTY_APPLIED,
  formatAppliedGames,
  MAX_KEPT,
  parseAppliedGames,
} from '../src/games/appliedGames.js';

describe('AppliedGames', () => {
  it('round-trips through its text form', () => {
    let applied = EMPTY_APPLIED;
    for (let i = 1; i <= 5; i += 1)
      applied = addGame(applied, { issuedAt: 1_700_000_000_000 + i, key: `k${i}_-x` }, 1_700_000_009_000 + i);
    expect(applied.closedAt).toBe(1_700_000_009_005);
    expect(parseAppliedGames(formatAppliedGames(applied))).toEqual(applied);
  });

  it('reads a record written before closedAt as closed at 0', () => {
    expect(parseAppliedGames('a|b:k1,c:k2')).toEqual({
      floor: 10,
      games: [
        { issuedAt: 11, key: 'k1' },
        { issuedAt: 12, key: 'k2' },
      ],
      closedAt: 0,
    });
  });

  it('knows applied games, keeps the newest, and refuses games older than the floor', () => {
    let applied = EMPTY_APPLIED;
    for (let i = 1; i <= MAX_KEPT + 3; i += 1)
      applied = addGame(applied, { issuedAt: i * 10, key: `k${i}` }, i * 10 + 5);
    expect(applied.games).toHaveLength(MAX_KEPT);
    expect(applied.floor).toBe(30);
    expect(checkGame(applied, { issuedAt: (MAX_KEPT + 3) * 10, key: `k${MAX_KEPT + 3}` })).toBe('applied');
    expect(checkGame(applied, { issuedAt: 20, key: 'k2' })).toBe('too-old');
    // The text form stays small: 64 games in well under 2 KB.
    expect(formatAppliedGames(applied).length).toBeLessThan(2048);
  });

  it('refuses a game started before the latest recorded game ended: one game at a time', () => {
    const applied = addGame(EMPTY_APPLIED, { issuedAt: 1000, key: 'a' }, 5000);
    expect(checkGame(applied, { issuedAt: 1001, key: 'b' })).toBe('forfeited');
    expect(checkGame(applied, { issuedAt: 4999, key: 'c' })).toBe('forfeited');
    expect(checkGame(applied, { issuedAt: 5000, key: 'd' })).toBe('new');
    // A game that ended earlier never moves closedAt back.
    expect(addGame(applied, { issuedAt: 6000, key: 'e' }, 4000).closedAt).toBe(5000);
  });

  it('reads a missing or damaged value as empty rather than failing', () => {
    expect(parseAppliedGames(undefined)).toEqual(EMPTY_APPLIED);
    expect(parseAppliedGames('zz|garbage,:,a:')).toMatchObject({ games: [] });
  });
});
