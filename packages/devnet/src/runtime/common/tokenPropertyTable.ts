import type { Db } from '../../storage/db.js';
import type { StoredProperty } from './types.js';

/**
 * A table of token properties, `(collection_id, token_id, key) → value`: each token pallet that keeps properties
 * (nonfungible in `token_properties`, refungible in `rft_token_properties`) reads and writes its own through one.
 */
export class TokenPropertyTable {
  readonly #all;
  readonly #get;
  readonly #set;
  readonly #delete;

  constructor(db: Db, table: string) {
    this.#all = db.prepare<[number, number], StoredProperty>(
      `SELECT key, value FROM ${table} WHERE collection_id = ? AND token_id = ? ORDER BY key`,
    );
    this.#get = db.prepare<[number, number, string], StoredProperty>(
      `SELECT key, value FROM ${table} WHERE collection_id = ? AND token_id = ? AND key = ?`,
    );
    this.#set = db.prepare(
      `INSERT OR REPLACE INTO ${table} (collection_id, token_id, key, value) VALUES (?, ?, ?, ?)`,
    );
    this.#delete = db.prepare(`DELETE FROM ${table} WHERE collection_id = ? AND token_id = ? AND key = ?`);
  }

  /** A token's properties, ordered by key. */
  all(collectionId: number, tokenId: number): StoredProperty[] {
    return this.#all.all(collectionId, tokenId);
  }
  get(collectionId: number, tokenId: number, key: string): StoredProperty | undefined {
    return this.#get.get(collectionId, tokenId, key);
  }
  set(collectionId: number, tokenId: number, key: string, value: Uint8Array): void {
    this.#set.run(collectionId, tokenId, key, value);
  }
  delete(collectionId: number, tokenId: number, key: string): void {
    this.#delete.run(collectionId, tokenId, key);
  }
}
