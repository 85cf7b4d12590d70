// The game service's sign-in session, kept in localStorage so a reload (or auto-connect) does not ask the wallet to
// sign again. Read values are validated: anything malformed, expired, for another service or another address reads
// as "no session" and is dropped.
import type { KeyValueStorage } from '../wallet/storage';

export const SESSION_KEY = 'snakeServiceSession';

export type StoredServiceSession = {
  /** The service base URL it was issued by. */
  service: string;
  /** The wallet address the page signed in with (as the wallet spells it). */
  address: string;
  /** The bearer token. */
  session: string;
  /** ISO time after which the service refuses it. */
  expiresAt: string;
};

// A session this close to expiry is not used: a game started now would be refused when its result arrives.
export const SESSION_MARGIN_MS = 10 * 60_000;
// Bearer tokens are short; a longer stored value is not ours.
const MAX_STORED_CHARS = 8192;

const isString = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max;

function parse(raw: string | null): StoredServiceSession | null {
  if (raw === null || raw.length > MAX_STORED_CHARS) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!isString(v.service, 2048) || !isString(v.address, 128) || !isString(v.session, 4096)) return null;
  if (!isString(v.expiresAt, 64) || Number.isNaN(Date.parse(v.expiresAt))) return null;
  return { service: v.service, address: v.address, session: v.session, expiresAt: v.expiresAt };
}

/**
 * The stored session when it was issued by `service` for `address` and is valid for a while yet; otherwise `null`,
 * and the stored value (malformed, expired, or another wallet's or service's) is removed: one session at a time.
 */
export function readStoredSession(
  storage: KeyValueStorage,
  service: string,
  address: string,
  now = Date.now(),
): StoredServiceSession | null {
  const stored = parse(storage.getItem(SESSION_KEY));
  const usable =
    stored !== null &&
    Date.parse(stored.expiresAt) - SESSION_MARGIN_MS > now &&
    stored.service === service &&
    stored.address === address;
  if (usable) return stored;
  storage.removeItem(SESSION_KEY);
  return null;
}

export function storeSession(storage: KeyValueStorage, session: StoredServiceSession): void {
  storage.setItem(SESSION_KEY, JSON.stringify(session));
}

/** Forgets the stored session (refused by the service, or the player disconnected). */
export function dropStoredSession(storage: KeyValueStorage): void {
  storage.removeItem(SESSION_KEY);
}
