import type { Db } from './db.js';

/** Typed access to the `meta` key/value table (chain-wide counters and identity). */
export class Meta {
  readonly #get;
  readonly #set;
  constructor(db: Db) {
    this.#get = db.prepare<[string], string>('SELECT value FROM meta WHERE key = ?').pluck();
    this.#set = db.prepare(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    );
  }
  get(key: string): string | undefined {
    return this.#get.get(key);
  }
  set(key: string, value: string | number | bigint): void {
    this.#set.run(key, String(value));
  }
  getNumber(key: string): number {
    return Number(this.get(key) ?? 0);
  }
  getBigInt(key: string): bigint {
    return BigInt(this.get(key) ?? 0);
  }
}
