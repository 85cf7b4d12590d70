import type Database from 'better-sqlite3';
import { EVENTS_TABLE_SQL, EXTRINSICS_TABLE_SQL } from './schema.js';

const EXTRINSIC_COLUMNS =
  'hash, block_number, idx, signer, nonce, section, method, args, success, error, fee, encoded';

/**
 * Brings the history tables of a database written by an older devnet to their current layout, before the schema's
 * `CREATE … IF NOT EXISTS` runs. Each step is a no-op on a database that has it already.
 */
export function migrateChainHistory(db: Database.Database): void {
  extrinsicsInInclusionOrder(db);
  eventsWithIds(db);
}

const EVENT_COLUMNS = 'block_number, extrinsic_idx, event_idx, section, method, data';

/** Whether the table is keyed without a rowid (the layout of older devnets' history tables). */
function keyedWithoutRowid(db: Database.Database, table: string): boolean {
  const sql = db
    .prepare<[string], string>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?")
    .pluck()
    .get(table);
  return sql !== undefined && /WITHOUT\s+ROWID/i.test(sql);
}

/**
 * `events` keyed by position (`WITHOUT ROWID`) becomes a rowid table whose ids are the events' order; the
 * indexer's rows that named ids of its own copy were dropped with it (`dropCopiedHistory`).
 */
function eventsWithIds(db: Database.Database): void {
  if (!keyedWithoutRowid(db, 'events')) return;
  db.exec(`
    ALTER TABLE events RENAME TO events_by_position;
    ${EVENTS_TABLE_SQL}
    INSERT INTO events (${EVENT_COLUMNS})
      SELECT ${EVENT_COLUMNS} FROM events_by_position ORDER BY block_number, extrinsic_idx, event_idx;
    DROP TABLE events_by_position;
  `);
}

/** `extrinsics` keyed by hash (`WITHOUT ROWID`) becomes a rowid table in inclusion order with a unique hash. */
function extrinsicsInInclusionOrder(db: Database.Database): void {
  if (!keyedWithoutRowid(db, 'extrinsics')) return;
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
