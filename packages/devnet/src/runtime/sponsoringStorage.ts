import type { Db } from '../storage/db.js';

/** Last sponsored block per (collection, kind, key): the rate limits of chain-rules §1.4. */
export class SponsoringStorage {
  readonly #get;
  readonly #set;
  constructor(db: Db) {
    this.#get = db
      .prepare<[number, string, string], number>(
        'SELECT block FROM sponsor_baskets WHERE collection_id = ? AND kind = ? AND key = ?',
      )
      .pluck();
    this.#set = db.prepare(
      'INSERT OR REPLACE INTO sponsor_baskets (collection_id, kind, key, block) VALUES (?, ?, ?, ?)',
    );
  }
  last(collectionId: number, kind: string, key: string): number | undefined {
    return this.#get.get(collectionId, kind, key);
  }
  record(collectionId: number, kind: string, key: string, block: number): void {
    this.#set.run(collectionId, kind, key, block);
  }
}
