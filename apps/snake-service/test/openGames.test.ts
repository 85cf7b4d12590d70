import { describe, expect, it } from 'vitest';
import type { GameTicket } from '../src/games/gameId.js';
import { OpenGames } from '../src/games/openGames.js';

const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';
const game = (key: string, issuedAt: number): GameTicket => ({
  collectionId: 1,
  tokenId: 0,
  seed: 1,
  issuedAt,
  address: ALICE,
  key,
});

describe('OpenGames', () => {
  it('ends a game when a later one starts here, unless its result came first', () => {
    const clock = { now: 0 };
    const open = new OpenGames(() => clock.now);
    const a = game('a', 100);
    const b = game('b', 200);
    const c = game('c', 300);
    open.started(a);
    expect(open.isOpen(a)).toBe(true);
    open.started(b);
    expect(open.isOpen(a)).toBe(false);
    expect(open.isOpen(b)).toBe(true);
    // b's result arrived (the chain was down), then c started: b stays open for its resend.
    clock.now = 250;
    open.finish(b);
    open.started(c);
    expect(open.isOpen(b)).toBe(true);
    // A game another instance started after the newest seen here is the chain's to judge.
    expect(open.isOpen(game('elsewhere', 400))).toBe(true);
    expect(open.isOpen(game('older-elsewhere', 150))).toBe(false);
  });
});
