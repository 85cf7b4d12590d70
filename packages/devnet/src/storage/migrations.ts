import type Database from 'better-sqlite3';
import { dropCopiedHistory } from '../indexer/schema.js';
import { codeHashOf, EVM_ACCOUNTS_TABLE_SQL } from '../runtime/evm/accountsTable.js';
import { EVENTS_TABLE_SQL, EXTRINSICS_TABLE_SQL } from './schema.js';

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
    eventsWithIds(db);
    contractCodeHashes(db);
  })();
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

/**
 * `evm_accounts` gets the hash of each contract's code beside it and the code moves to the last column (see
 * `EVM_ACCOUNTS_TABLE_SQL`), so an account read skips the code.
 */
function contractCodeHashes(db: Database.Database): void {
  const columns = db
    .prepare<[], string>("SELECT name FROM pragma_table_info('evm_accounts') ORDER BY cid")
    .pluck()
    .all();
  if (columns.length === 0 || columns.at(-1) === 'code') return;
  db.exec(`
    ALTER TABLE evm_accounts RENAME TO evm_accounts_code_first;
    ${EVM_ACCOUNTS_TABLE_SQL}
    INSERT INTO evm_accounts (address, nonce, deployer, code)
      SELECT address, nonce, deployer, code FROM evm_accounts_code_first;
    DROP TABLE evm_accounts_code_first;
  `);
  const put = db.prepare('UPDATE evm_accounts SET code_hash = ? WHERE address = ?');
  const rows = db
    .prepare<[], { address: string; code: Uint8Array }>(
      'SELECT address, code FROM evm_accounts WHERE code IS NOT NULL',
    )
    .all();
  for (const r of rows) put.run(codeHashOf(r.code), r.address);
}
