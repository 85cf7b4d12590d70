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
      applied = addGame(applied, { issuedAt: 1_700_000_000_000 + i, key: `k${i}_-x` });
    expect(parseAppliedGames(formatAppliedGames(applied))).toEqual(applied);
  });

  it('knows applied games, keeps the newest, and refuses games older than the floor', () => {
    let applied = EMPTY_APPLIED;
    for (let i = 1; i <= MAX_KEPT + 3; i += 1) applied = addGame(applied, { issuedAt: i * 10, key: `k${i}` });
    expect(applied.games).toHaveLength(MAX_KEPT);
    expect(applied.floor).toBe(30);
    expect(checkGame(applied, { issuedAt: (MAX_KEPT + 3) * 10, key: `k${MAX_KEPT + 3}` })).toBe('applied');
    expect(checkGame(applied, { issuedAt: 20, key: 'k2' })).toBe('too-old');
    expect(checkGame(applied, { issuedAt: 35, key: 'new' })).toBe('new');
    // The text form stays small: 64 games in well under 2 KB.
    expect(formatAppliedGames(applied).length).toBeLessThan(2048);
  });

  it('reads a missing or damaged value as empty rather than failing', () => {
    expect(parseAppliedGames(undefined)).toEqual(EMPTY_APPLIED);
    expect(parseAppliedGames('zz|garbage,:,a:')).toMatchObject({ games: [] });
  });
});
