import type { Db } from './db.js';
import { forgetCachedRows, totalChanges } from './rowCache.js';

/** Names savepoints apart, so a nested one is never mistaken for the one around it. */
let seq = 0;

const boundaryHooks = new WeakMap<Db, Set<() => void>>();

/**
 * Runs `flush` before any savepoint of `db` opens, is kept or is undone: a writer that holds rows back in memory
 * (`SystemStorage.coalesceWrites`) writes them first, so a savepoint keeps or undoes them with the rest of what was
 * written since it opened, and never rows written before it.
 */
export function beforeSavepointBoundaries(db: Db, flush: () => void): void {
  let hooks = boundaryHooks.get(db);
  if (!hooks) {
    hooks = new Set();
    boundaryHooks.set(db, hooks);
  }
  hooks.add(flush);
}

function atBoundary(db: Db): void {
  const hooks = boundaryHooks.get(db);
  if (hooks) for (const flush of hooks) flush();
}

/**
 * An open SQLite SAVEPOINT: what is written after it opens is kept by {@link release} or undone by {@link rollback},
 * exactly once. Savepoints nest and must close in the reverse order they opened. Outside a transaction the first
 * one begins one. Every all-or-nothing step of the devnet goes through this: a dispatched call, an EVM message and
 * each of its checkpoints, a dry run. (better-sqlite3's `transaction()` nests too, but it cannot keep a savepoint
 * open from one call to the next, as the EVM's checkpoints do, or undo a run that succeeded, as a dry run does.)
 */
export class Savepoint {
  readonly #db: Db;
  readonly #name = `sp_${++seq}`;

  constructor(db: Db) {
    this.#db = db;
    atBoundary(db);
    db.exec(`SAVEPOINT ${this.#name}`);
  }

  /** Keeps what was written since it opened (it becomes part of the savepoint or transaction around it). */
  release(): void {
    atBoundary(this.#db);
    this.#db.exec(`RELEASE ${this.#name}`);
  }

  /** Undoes what was written since it opened, and closes it. */
  rollback(): void {
    // Rows held back are written first, and undone with the rest (a writer holding them would keep them otherwise).
    atBoundary(this.#db);
    this.#db.exec(`ROLLBACK TO ${this.#name}`);
    this.#db.exec(`RELEASE ${this.#name}`);
  }
}

/** All or nothing: runs `fn` in a savepoint that is kept if it returns and undone if it throws (the error goes on). */
export function atomically<T>(db: Db, fn: () => T): T {
  const sp = new Savepoint(db);
  let result: T;
  try {
    result = fn();
  } catch (e) {
    sp.rollback();
    throw e;
  }
  sp.release();
  return result;
}

/**
 * A dry run: runs `fn` against the live state and undoes all it wrote, whether it returns or throws (a simulation's
 * state overrides, an older block's state put back for a read, a would-it-succeed probe); the row caches forget it
 * too, as they would not for rows changed behind the writer classes' backs. A run that returned having written no
 * row (`total_changes()` unmoved: a view call) has nothing to undo, so its savepoint is released and the caches keep
 * what they hold — forgetting them after every `eth_call` made the next one read its rows from SQLite again.
 */
export function rolledBack<T>(db: Db, fn: () => T): T {
  const before = totalChanges(db);
  const sp = new Savepoint(db);
  let wrote = true;
  try {
    const result = fn();
    wrote = totalChanges(db) !== before;
    return result;
  } finally {
    if (wrote) {
      sp.rollback();
      forgetCachedRows(db);
    } else sp.release();
  }
}
