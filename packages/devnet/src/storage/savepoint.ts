import type { Db } from './db.js';
import { forgetCachedRows } from './rowCache.js';

let seq = 0;

/**
 * Runs `fn` inside a SAVEPOINT that is always rolled back: whatever it writes (a simulation's state overrides, an
 * older block's state put back for a read) is gone when it returns or throws, and the row caches forget it.
 */
export function rolledBack<T>(db: Db, fn: () => T): T {
  const name = `rolled_back_${++seq}`;
  db.exec(`SAVEPOINT ${name}`);
  try {
    return fn();
  } finally {
    db.exec(`ROLLBACK TO ${name}`);
    db.exec(`RELEASE ${name}`);
    forgetCachedRows(db);
  }
}
