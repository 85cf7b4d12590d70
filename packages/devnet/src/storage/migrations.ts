import type Database from 'better-sqlite3';
import { dropCopiedHistory } from '../indexer/schema.js';
import { EXTRINSICS_TABLE_SQL } from './schema.js';

const EXTRINSIC_COLUMNS =
  'hash, block_number, idx, signer, nonce, section, method, args, success, error, fee, encoded';

/**
 * Brings a database written by an older devnet to the current layout of its history tables, before the schema's
 * `CREATE … IF NOT EXISTS` runs. Each step is a no-op on a database that has it already; all run in one transaction.
 */
export function migrate(db: Database.Database): void {
  db.transaction(() => {
    dropCopiedHistory(db);
    extrinsicsInInclusionOrder(db);
  })();
}

/** `extrinsics` keyed by hash (`WITHOUT ROWID`) becomes a rowid table in inclusion order with a unique hash. */
function extrinsicsInInclusionOrder(db: Database.Database): void {
  const sql = db
    .prepare<[], string>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'extrinsics'")
    .pluck()
    .get();
  if (!sql || !/WITHOUT\s+ROWID/i.test(sql)) return;
  // The view over it is made again by the schema; its indexes go with the old table and are made again too.
  db.exec(`
    DROP VIEW IF EXISTS ix_extrinsics;
    ALTER TABLE extrinsics RENAME TO extrinsics_keyed_by_hash;
    ${EXTRINSICS_TABLE_SQL}
    INSERT INTO extrinsics (${EXTRINSIC_COLUMNS})
      SELECT ${EXTRINSIC_COLUMNS} FROM extrinsics_keyed_by_hash ORDER BY block_number, idx;
    DROP TABLE extrinsics_keyed_by_hash;
  `);
}
