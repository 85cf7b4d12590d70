import { STATE_HISTORY_SQL } from './stateHistory.js';

// The chain's history: blocks, the extrinsics they included and the events those emitted. Rows are appended once
// and never rewritten; the indexer reads them through views (indexer/schema.ts).

/**
 * Extrinsics in the order they were included (a rowid table): keyed by hash, rows were inserted at random places,
 * splitting pages; the hash is a small unique index instead.
 */
export const EXTRINSICS_TABLE_SQL = `
CREATE TABLE IF NOT EXISTS extrinsics (
  id INTEGER PRIMARY KEY,
  hash TEXT NOT NULL UNIQUE,
  block_number INTEGER NOT NULL,
  idx INTEGER NOT NULL,
  signer TEXT,
  nonce INTEGER,
  section TEXT NOT NULL,
  method TEXT NOT NULL,
  args TEXT NOT NULL,
  success INTEGER NOT NULL,
  error TEXT,
  fee TEXT NOT NULL,
  encoded BLOB NOT NULL
);
`;

/**
 * Events in the order they were emitted, each with the id the indexer's rows refer to (its `ix_events` is a view
 * of this table: the events were written twice before).
 */
export const EVENTS_TABLE_SQL = `
CREATE TABLE IF NOT EXISTS events (
  id INTEGER PRIMARY KEY,
  block_number INTEGER NOT NULL,
  extrinsic_idx INTEGER NOT NULL,
  event_idx INTEGER NOT NULL,
  section TEXT NOT NULL,
  method TEXT NOT NULL,
  data TEXT NOT NULL
);
`;

/** The history tables and their indexes, and the state's undo log. */
export const CHAIN_SCHEMA_SQL = `
${STATE_HISTORY_SQL}
CREATE TABLE IF NOT EXISTS blocks (
  number INTEGER PRIMARY KEY,
  hash TEXT NOT NULL UNIQUE,
  parent_hash TEXT NOT NULL,
  extrinsics_root TEXT NOT NULL,
  timestamp INTEGER NOT NULL,
  extrinsic_count INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS blocks_timestamp ON blocks(timestamp);

${EXTRINSICS_TABLE_SQL}
CREATE INDEX IF NOT EXISTS extrinsics_block ON extrinsics(block_number, idx);
-- The indexer's filters (its ix_extrinsics is a view of this table).
CREATE INDEX IF NOT EXISTS extrinsics_signer ON extrinsics(signer, block_number);
CREATE INDEX IF NOT EXISTS extrinsics_call ON extrinsics(section, method, block_number);

${EVENTS_TABLE_SQL}
CREATE UNIQUE INDEX IF NOT EXISTS events_position ON events(block_number, extrinsic_idx, event_idx);
-- The indexer's filter by call has its own rows, written with a batch of blocks (ix_event_calls): an index here was
-- written by every block on as many pages as the block had calls among its events. A database that has it loses it.
DROP INDEX IF EXISTS events_call;
`;
