import type { Db } from '../storage/db.js';
import { KeyedValues } from '../storage/keyedRows.js';

/** Last sponsored block per (collection, kind, key): the rate limits of chain-rules §1.4. */
export class SponsoringStorage {
  readonly #blocks;
  constructor(db: Db) {
    this.#blocks = new KeyedValues<[number, string, string], number>(
      db,
      'sponsor_baskets',
      ['collection_id', 'kind', 'key'],
      'block',
    );
  }
  last(collectionId: number, kind: string, key: string): number | undefined {
    return this.#blocks.get([collectionId, kind, key]);
  }
  record(collectionId: number, kind: string, key: string, block: number): void {
    this.#blocks.set([collectionId, kind, key], block);
  }
}
