import { SESSION_TTL_MS } from '@nftkit/snake-protocol';
import { LRUCache } from 'lru-cache';
import { refuse } from '../errors.js';
import { mac, sameMac } from './keys.js';

export interface Session {
  readonly address: string;
  readonly expiresAt: number;
}

/** Stateless bearer sessions: `base64url({a, e}).mac`, valid on every instance that shares the secret. */
export class Sessions {
  /**
   * Sessions already checked, by their exact text: a request's session is read by its rate limit and by its route,
   * and a player's session by each of their requests. Only a session whose MAC held is kept; its expiry is checked
   * at every use.
   */
  private readonly checked = new LRUCache<string, Session>({ max: 20_000 });

  constructor(
    private readonly key: Uint8Array,
    private readonly now: () => number = Date.now,
  ) {}

  issue(address: string): { session: string; expiresAt: string } {
    const expiresAt = this.now() + SESSION_TTL_MS;
    const body = Buffer.from(JSON.stringify({ a: address, e: expiresAt })).toString('base64url');
    return { session: `${body}.${mac(this.key, body)}`, expiresAt: new Date(expiresAt).toISOString() };
  }

  /** The session of an `Authorization` header; refuses a missing, forged or expired one (SnakeUnauthorized). */
  verify(header: string | undefined): Session {
    const known = header === undefined ? undefined : this.checked.get(header);
    if (known) {
      if (known.expiresAt <= this.now())
        return refuse('SnakeUnauthorized', 'authorization session has expired; sign in again');
      return known;
    }
    const match = /^Bearer ([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(header ?? '');
    if (!match?.[1] || !match[2])
      return refuse('SnakeUnauthorized', 'authorization header must be "Bearer <session>" (sign in first)');
    if (!sameMac(match[2], mac(this.key, match[1])))
      return refuse('SnakeUnauthorized', 'authorization session was not issued by this service');
    let body: unknown;
    try {
      body = JSON.parse(Buffer.from(match[1], 'base64url').toString('utf8'));
    } catch {
      return refuse('SnakeUnauthorized', 'authorization session is malformed');
    }
    const { a, e } = (body ?? {}) as { a?: unknown; e?: unknown };
    if (typeof a !== 'string' || typeof e !== 'number')
      return refuse('SnakeUnauthorized', 'authorization session is malformed');
    if (e <= this.now())
      return refuse('SnakeUnauthorized', 'authorization session has expired; sign in again');
    const session = { address: a, expiresAt: e };
    this.checked.set(header as string, session);
    return session;
  }
}
