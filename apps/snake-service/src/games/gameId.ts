import { GAME_TTL_MS } from '@nftkit/snake-protocol';
import { mac, sameMac } from '../auth/keys.js';
import { refuse } from '../errors.js';

/** What a game id binds: who plays, on which token, with which seed, since when. */
export interface GameTicket {
  readonly collectionId: number;
  /**
   * The player's token at Start; 0 when they had none, or the chain could not be read then: the result is recorded
   * on the token the player holds when it is written, minted with this game when they hold none.
   */
  readonly tokenId: number;
  readonly seed: number;
  readonly issuedAt: number;
  readonly address: string;
  /** Short, unique per game: the key recorded on the token once the game is applied. */
  readonly key: string;
}

const PATTERN =
  /^g2\.(\d{1,10})\.(\d{1,10})\.(\d{1,10})\.([0-9a-z]{1,11})\.([A-Za-z0-9]{40,50})\.([A-Za-z0-9_-]{32})$/;

/**
 * Game ids are signed, not stored: `g2.collection.token.seed.issuedAt36.address.mac` (instances need no shared
 * store). Token 0 stands for "the player's token when the result is written".
 */
export class GameIds {
  constructor(
    private readonly key: Uint8Array,
    private readonly now: () => number = Date.now,
  ) {}

  issue(ticket: Omit<GameTicket, 'key' | 'issuedAt'>): { gameId: string; ticket: GameTicket } {
    const issuedAt = this.now();
    const body = `g2.${ticket.collectionId}.${ticket.tokenId}.${ticket.seed}.${issuedAt.toString(36)}.${ticket.address}`;
    const signature = mac(this.key, body, 24);
    return { gameId: `${body}.${signature}`, ticket: { ...ticket, issuedAt, key: signature.slice(0, 12) } };
  }

  /** The ticket of a game id this service issued; refuses a forged (SnakeBadGameId) or expired (SnakeGameExpired) one. */
  verify(gameId: string): GameTicket {
    const m = PATTERN.exec(gameId);
    if (!m) return refuse('SnakeBadGameId', 'gameId is not a game id of this service');
    const [, collectionId, tokenId, seed, issued36, address, signature] = m as unknown as string[];
    const body = gameId.slice(0, gameId.lastIndexOf('.'));
    if (!sameMac(signature ?? '', mac(this.key, body, 24)))
      return refuse('SnakeBadGameId', 'gameId was not issued by this service');
    const issuedAt = Number.parseInt(issued36 ?? '', 36);
    if (this.now() - issuedAt > GAME_TTL_MS)
      return refuse('SnakeGameExpired', 'gameId is too old to be recorded');
    return {
      collectionId: Number(collectionId),
      tokenId: Number(tokenId),
      seed: Number(seed),
      issuedAt,
      address: address ?? '',
      key: (signature ?? '').slice(0, 12),
    };
  }
}
