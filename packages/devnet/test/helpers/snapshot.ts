import { createHash } from 'node:crypto';
import type { Chain } from '../../src/chain/chain.js';
import { accountNonce } from '../../src/chain/nonces.js';
import { settleIndex } from '../../src/indexer/writer.js';
import type { Db } from '../../src/storage/db.js';

/**
 * Everything a transaction could leave behind, taken apart so a difference names what changed: a digest of every
 * table's rows (chain state, blocks, extrinsics, events, meta, the indexer's rows and its dirty sets), the head, and
 * the pool (its size, its unready part and the ready transactions in block order).
 */
export type ChainSnapshot = {
  tables: Record<string, string>;
  head: { number: number; hash: string; committed: number };
  pool: { size: number; future: number; ready: string[] };
};

/** A digest per table of `db` (main and temp schemas), rows in a stable order. */
export function tableDigests(db: Db, { settle = true } = {}): Record<string, string> {
  // The index rows of blocks that wait for a batch are part of what the chain holds: written first, as readers do
  // (unless the rows as they are now are what is compared).
  if (settle) settleIndex(db);
  const out: Record<string, string> = {};
  for (const schema of ['main', 'temp']) {
    const names = db
      .prepare(
        `SELECT name FROM ${schema}.sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
      )
      .pluck()
      .all() as string[];
    for (const name of names) {
      const rows = db.prepare(`SELECT * FROM ${schema}."${name}"`).raw().all() as unknown[][];
      const lines = rows
        .map((row) =>
          JSON.stringify(row, (_k, v) =>
            v instanceof Uint8Array ? Buffer.from(v).toString('hex') : typeof v === 'bigint' ? String(v) : v,
          ),
        )
        .sort();
      const h = createHash('sha256');
      for (const line of lines) h.update(`${line}\n`);
      out[`${schema}.${name}`] = `${rows.length}:${h.digest('hex').slice(0, 16)}`;
    }
  }
  return out;
}

export function chainSnapshot(chain: Chain): ChainSnapshot {
  const nonceOf = (signer: string) => accountNonce(chain.storage, signer);
  return {
    tables: tableDigests(chain.storage.db),
    head: { number: chain.headNumber, hash: chain.headHash, committed: chain.committedHead },
    pool: {
      size: chain.pool.size,
      future: chain.pool.futureSize,
      ready: chain.pool.ready(nonceOf, Number.POSITIVE_INFINITY).map((tx) => tx.hash),
    },
  };
}
