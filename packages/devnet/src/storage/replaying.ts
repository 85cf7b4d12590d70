import type Database from 'better-sqlite3';
import { forgetCachedRows } from './rowCache.js';

type Db = Database.Database;

/**
 * A flag that is up while rows are put back as they were — an undo log's replay (storage/undoLog.ts), the chain
 * written back to its genesis. Triggers that derive rows from the chain's writes — the undo log's own, the indexer's
 * dirty sets, the state history — stay quiet while it is up (`WHEN ${UNLESS_REPLAYING}`): the derived rows are put
 * back with the rest (or, for TEMP sets emptied with every block, were empty then).
 */
const FLAG_TABLE = 'temp.devnet_replaying';

/** The WHEN condition of a trigger that must not fire while rows are put back. */
export const UNLESS_REPLAYING = `NOT EXISTS (SELECT 1 FROM ${FLAG_TABLE})`;

/** Creates the flag (down) on a connection: every connection that has such triggers needs it. */
export function createReplayFlag(db: Db): void {
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS devnet_replaying (up INTEGER NOT NULL)`);
}

/** Runs `replay` with the flag up (inside the caller's transaction, so a failure takes the flag down with it). */
export function whileReplaying<T>(db: Db, replay: () => T): T {
  db.exec(`INSERT INTO ${FLAG_TABLE} (up) VALUES (1)`);
  try {
    return replay();
  } finally {
    db.exec(`DELETE FROM ${FLAG_TABLE}`);
    // The rows went back behind the writer classes' backs: what their caches hold may be gone.
    forgetCachedRows(db);
  }
}
