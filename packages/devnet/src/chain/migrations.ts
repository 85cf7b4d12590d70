import type Database from 'better-sqlite3';
import { EVENTS_TABLE_SQL, EXTRINSICS_TABLE_SQL } from './schema.js';

/**
 * How the calls in this database are encoded: Opal's SCALE calls. Devnets before wrote `pallet ‖ call ‖ JSON
 * arguments` (at indices of their own, then at Opal's); a signed extrinsic cannot be re-encoded without its signer's key (the signature covers the
 * call's bytes), so such a chain is not migrated: the devnet refuses it, and `--reset` starts a new one.
 */
export const CALL_ENCODING = 'opal-scale';
const CALL_ENCODING_KEY = 'call_encoding';

/**
 * Marks a database whose history has no extrinsic (a new one) with {@link CALL_ENCODING}, and refuses one with
 * extrinsics written in another encoding, so no chain ever holds two.
 */
export function refuseOtherCallEncodings(db: Database.Database, path: string): void {
  const marked = db
    .prepare<[string], string>('SELECT value FROM meta WHERE key = ?')
    .pluck()
    .get(CALL_ENCODING_KEY);
  if (marked === CALL_ENCODING) return;
  const hasHistory =
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'extrinsics'").get() !==
      undefined && db.prepare('SELECT 1 FROM extrinsics LIMIT 1').get() !== undefined;
  if (hasHistory)
    throw new Error(
      `The database ${path} holds a chain whose calls are encoded as an older devnet encoded them ` +
        `(${marked ?? 'pallet ‖ call ‖ JSON arguments at the devnet’s own indices'}), not as this devnet does ` +
        `(${CALL_ENCODING}); signed extrinsics cannot be re-encoded. Start with --reset for a new chain ` +
        '(or --db with another file to keep this one).',
    );
  db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(CALL_ENCODING_KEY, CALL_ENCODING);
}

/**
 * How this database's block hashes are made: blake2-256 of the SCALE header (chain/header.ts). Devnets before hashed
 * their own block fields; the hashes are in every later header (as its parent) and in the mortal transactions signed
 * against them, so such a chain is not re-hashed: the devnet refuses it, and `--reset` starts a new one.
 */
export const BLOCK_HASHES = 'scale-header';
const BLOCK_HASHES_KEY = 'block_hashes';

/** Marks a database without blocks (a new one) with {@link BLOCK_HASHES}, and refuses one whose blocks are not. */
export function refuseOtherBlockHashes(db: Database.Database, path: string): void {
  const marked = db
    .prepare<[string], string>('SELECT value FROM meta WHERE key = ?')
    .pluck()
    .get(BLOCK_HASHES_KEY);
  if (marked === BLOCK_HASHES) return;
  const hasBlocks =
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'blocks'").get() !== undefined &&
    db.prepare('SELECT 1 FROM blocks LIMIT 1').get() !== undefined;
  if (hasBlocks)
    throw new Error(
      `The database ${path} holds a chain whose block hashes an older devnet made ` +
        `(${marked ?? 'blake2 of the devnet’s own block fields'}), not as this devnet does ` +
        `(${BLOCK_HASHES}: blake2-256 of the SCALE header); its headers and the transactions signed against them ` +
        'cannot be re-hashed. Start with --reset for a new chain (or --db with another file to keep this one).',
    );
  db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(BLOCK_HASHES_KEY, BLOCK_HASHES);
}

/**
 * The `meta` keys that say what format the database is in (storage/db.ts's schema version, the marks above), not
 * what the chain holds: a chain taken back to its genesis in the same file keeps them, or the next start refuses it.
 */
export const DATABASE_FORMAT_KEYS: readonly string[] = [
  'schema_version',
  CALL_ENCODING_KEY,
  BLOCK_HASHES_KEY,
];

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
