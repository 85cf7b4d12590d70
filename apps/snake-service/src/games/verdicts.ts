import type { SnakeErrorCode } from '@nftkit/snake-protocol';
import { LRUCache } from 'lru-cache';
import { SnakeHttpError } from '../errors.js';

/** Refusals that hold whatever is sent again with the game id: the game's own content, or the chain's final word. */
const FINAL: ReadonlySet<SnakeErrorCode> = new Set([
  'SnakeReplayMismatch',
  'SnakeTooFast',
  'SnakeTooManyInputs',
  'SnakeGameForfeited',
  'SnakeGameExpired',
  'SnakeNotYourGame',
  'SnakeNoToken',
]);

type Verdict = { kind: 'refused'; error: SnakeHttpError } | { kind: 'applied' };

/**
 * What this instance has decided about each game id (by its key): refused, with the refusal, or applied. A game id
 * sent again is answered from its verdict, never replayed again: a refusal is repeated as it was; an applied game is
 * answered from the chain (SnakeGameAlreadyRecorded with the token as it is now). Only the player a game id was
 * issued to reaches this (the route checks the session first), so nobody can spoil another player's game.
 * Bounded: the least recently used verdicts are forgotten (a forgotten game id is checked again in full).
 */
export class Verdicts {
  private readonly byKey = new LRUCache<string, Verdict>({ max: 50_000 });

  get(key: string): Verdict | undefined {
    return this.byKey.get(key);
  }

  /** Keeps a refusal when it is final (not a chain failure or a pause the player may wait out). */
  refused(key: string, error: unknown): void {
    if (error instanceof SnakeHttpError && FINAL.has(error.code))
      this.byKey.set(key, { kind: 'refused', error });
  }

  applied(key: string): void {
    this.byKey.set(key, { kind: 'applied' });
  }
}
