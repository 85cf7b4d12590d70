import type { Db } from './db.js';
import { type RowCache, rowCache } from './rowCache.js';

/**
 * Typed access to the `meta` key/value table (chain-wide counters and identity). Values are kept in memory as they
 * are read and written (a block reads the clock's settings several times); a rollback, or rows put back behind this
 * class's back, empties that memory (storage/rowCache.ts).
 */
export class Meta {
  readonly #get;
  readonly #set;
  /** Values by key, `null` for a key without a row. */
  readonly #values: RowCache<string | null>;
  constructor(db: Db) {
    this.#get = db.prepare<[string], string>('SELECT value FROM meta WHERE key = ?').pluck();
    this.#set = db.prepare(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    );
    this.#values = rowCache(db, 'meta');
  }
  get(key: string): string | undefined {
    const cached = this.#values.get(key);
    if (cached !== undefined) return cached ?? undefined;
    const value = this.#get.get(key);
    this.#values.set(key, value ?? null);
    return value;
  }
  set(key: string, value: string | number | bigint): void {
    const text = String(value);
    this.#set.run(key, text);
    this.#values.set(key, text);
  }
  getNumber(key: string): number {
    return Number(this.get(key) ?? 0);
  }
  getBigInt(key: string): bigint {
    return BigInt(this.get(key) ?? 0);
  }
}
