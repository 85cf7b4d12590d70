// Finished games not yet confirmed by the game service, kept in localStorage from game over until the service
// answers "applied" (or "already recorded"), so that a reload, a closed tab or an outage loses nothing. Read values are
// validated with the contract's schema; a malformed entry is dropped (the service would refuse it anyway).
import { type GameResultRequest, GameResultRequestSchema } from '@nftkit/snake-protocol';
import type { KeyValueStorage } from '../wallet/storage';

export const PENDING_KEY = 'snakePendingResults';

export type PendingResult = {
  /** The service base URL the game was started with (its game id means nothing to another). */
  service: string;
  /** The wallet address that played it. */
  address: string;
  /** The score the page saw (shown while the result waits). */
  score: number;
  savedAt: number;
  result: GameResultRequest;
};

// Bounds before parsing: a full game (MAX_GAME_INPUTS turns) is ~0.6 MB of JSON; a few of them fit localStorage.
const MAX_PENDING = 8;
const MAX_STORED_CHARS = 4_000_000;

const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= 2048;
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function parseEntry(value: unknown): PendingResult | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!isText(v.service) || !isText(v.address) || !isCount(v.score) || !isCount(v.savedAt)) return null;
  const result = GameResultRequestSchema.safeParse(v.result);
  if (!result.success) return null;
  return { service: v.service, address: v.address, score: v.score, savedAt: v.savedAt, result: result.data };
}

/** Every valid stored result, oldest first; drops what does not validate. */
export function readPending(storage: KeyValueStorage): PendingResult[] {
  const raw = storage.getItem(PENDING_KEY);
  if (raw === null) return [];
  let parsed: unknown;
  try {
    parsed = raw.length > MAX_STORED_CHARS ? null : JSON.parse(raw);
  } catch {
    parsed = null;
  }
  const list = Array.isArray(parsed) ? parsed.slice(-MAX_PENDING) : [];
  const valid = list.map(parseEntry).filter((e): e is PendingResult => e !== null);
  if (valid.length !== (Array.isArray(parsed) ? parsed.length : -1)) write(storage, valid);
  return valid;
}

function write(storage: KeyValueStorage, entries: PendingResult[]): void {
  if (entries.length === 0) storage.removeItem(PENDING_KEY);
  else storage.setItem(PENDING_KEY, JSON.stringify(entries));
}

/**
 * Saves a finished game before it is sent (replacing an entry with the same game id; the oldest go past
 * MAX_PENDING). Throws when the browser refuses the write (quota): the caller still sends it.
 */
export function savePending(storage: KeyValueStorage, entry: PendingResult): void {
  const others = readPending(storage).filter((e) => e.result.gameId !== entry.result.gameId);
  write(storage, [...others, entry].slice(-MAX_PENDING));
}

/** The service confirmed the game (applied, or recorded before), or refused it for good. */
export function removePending(storage: KeyValueStorage, gameId: string): void {
  const entries = readPending(storage);
  const rest = entries.filter((e) => e.result.gameId !== gameId);
  if (rest.length !== entries.length) write(storage, rest);
}
