import { LRUCache } from 'lru-cache';
import { normalizeKey } from '../chain/addressKey.js';
import type { GameTicket } from './gameId.js';

/**
 * The newest game this instance started for each player, so that starting a game ends the one before: a result for
 * an older game is refused at once, before any replay — unless that result had already reached this instance (and
 * was verified) before the newer Start, as when the chain was down and the page sends it again. Only a faster, exact
 * answer at one instance: what keeps one game at a time across instances is the token's `closedAt`
 * (appliedGames.ts). Bounded: the players least recently seen are forgotten, and their games left to the chain's rule.
 */
export class OpenGames {
  private readonly newest = new LRUCache<string, { key: string; issuedAt: number }>({ max: 100_000 });
  /** Games whose result was verified here, and when it first arrived. */
  private readonly finished = new LRUCache<string, number>({ max: 100_000 });

  constructor(private readonly now: () => number = Date.now) {}

  started(ticket: GameTicket): void {
    this.newest.set(normalizeKey(ticket.address), { key: ticket.key, issuedAt: ticket.issuedAt });
  }

  /** The game's result was verified here: a later Start no longer ends it. */
  finish(ticket: GameTicket): void {
    if (!this.finished.has(ticket.key)) this.finished.set(ticket.key, this.now());
  }

  /**
   * False when this instance started a later game for the player before this game's result came. A game this
   * instance has not seen started after its newest (another instance started it) is left to the chain's rule.
   */
  isOpen(ticket: GameTicket): boolean {
    const newest = this.newest.get(normalizeKey(ticket.address));
    if (newest === undefined || newest.key === ticket.key || ticket.issuedAt > newest.issuedAt) return true;
    const finishedAt = this.finished.get(ticket.key);
    return finishedAt !== undefined && finishedAt <= newest.issuedAt;
  }
}
