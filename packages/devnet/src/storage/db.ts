import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { createReplayFlag } from './replaying.js';
import { watchRollbacks } from './rowCache.js';

export type Db = Database.Database;

/**
 * What a database holds, given by the layers above this one: the tables' SQL (`CREATE … IF NOT EXISTS`, run on
 * every opening), the steps that bring an older database to that layout first, and the version stored in `meta`.
 */
export type DbSchema = {
  readonly version: number;
  /**
   * Run in one transaction before `sql`; each step is a no-op on a database that has it already. A database that
   * cannot be brought to the layout is refused by throwing (the file is left as it was).
   */
  migrate(db: Db, path: string): void;
  readonly sql: string;
  /** Run on every opening after `sql`: what lives in the connection's TEMP schema. */
  readonly connectionSql: string;
  /**
   * Deterministic SQL functions the schema's indexes are built with, registered on every opening before anything
   * else runs: a write to an indexed table calls them.
   */
  readonly functions?: Readonly<Record<string, (...args: unknown[]) => string | null>>;
};

/** The `meta` key/value table (`Meta`) that every database has: it holds the schema's version. */
const META_SQL = 'CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;';

export type OpenDbOptions = {
  /** A file path, or `:memory:` for a throw-away chain. */
  path: string;
  /** Delete the file (and its WAL) first. */
  reset?: boolean;
};

/** The tables of the main schema (SQLite's own left out), by name. */
export function tablesOf(db: Db): string[] {
  return db
    .prepare<[], string>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
    )
    .pluck()
    .all();
}

/**
 * Pages the WAL may hold before a commit checkpoints it into the database file (SQLite's default is 1000): the
 * bound under a load that never pauses, about 400 MB of WAL, some 5 s of transactions sent back to back. Otherwise
 * the WAL is checkpointed when the node is idle ({@link checkpointWal}), where its copy and fsync delay no one
 * (docs/decisions/devnet.md, 24).
 */
export const WAL_CHECKPOINT_PAGES = 100_000;

/**
 * Copies the WAL into the database file now (what a commit does by itself past {@link WAL_CHECKPOINT_PAGES}): called
 * when nothing else is going on, so the copy and its fsync, tens of milliseconds for a full WAL, delay no request.
 * Passive: it never waits. A no-op on a database without a WAL (`:memory:`).
 */
export function checkpointWal(db: Db): void {
  if (db.open && !db.inTransaction && !db.memory) db.pragma('wal_checkpoint(PASSIVE)');
}

/**
 * Opens a database with `schema`, for this connection alone (a file another process has open is refused, naming
 * it). WAL with `synchronous = NORMAL`: a committed block survives a killed process
 * (the WAL is in the OS cache once the commit returns); only a power loss may drop the last blocks. Checkpoints
 * (the only step that fsyncs) come when the node is idle, and at the latest every {@link WAL_CHECKPOINT_PAGES} pages,
 * about 400 MB: a block rewrites the same hot pages (page 1, index ends, the treasury's row), so fewer checkpoints copy
 * and fsync less in total, and once the WAL has reached its size it is overwritten in place rather than grown.
 */
export function openDatabase({ path, reset = false }: OpenDbOptions, schema: DbSchema): Db {
  const memory = path === ':memory:';
  if (!memory) {
    if (reset) for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
    mkdirSync(dirname(path), { recursive: true });
  }
  const db = new Database(path);
  for (const [name, fn] of Object.entries(schema.functions ?? {}))
    db.function(name, { deterministic: true, varargs: true }, (...args: unknown[]) => fn(...args));
  if (!memory) {
    // One connection, this process's, uses the file: its locks are taken once and held, where each transaction took
    // and released them (system calls on the shared-memory index, several per block and per read), and the WAL's
    // index lives in this process's memory. Another process cannot open the file meanwhile.
    db.pragma('locking_mode = EXCLUSIVE');
    try {
      db.pragma('journal_mode = WAL');
    } catch (e) {
      db.close();
      if ((e as { code?: unknown }).code === 'SQLITE_BUSY')
        throw new Error(
          `The database ${path} is in use by another process (a devnet already running on it?): stop it, or choose another --db`,
        );
      throw e;
    }
  }
  db.pragma('synchronous = NORMAL');
  db.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
  db.pragma('foreign_keys = OFF');
  db.pragma('cache_size = -16000');
  db.pragma('temp_store = MEMORY');
  // `INSERT OR REPLACE` deletes the row it replaces without firing delete triggers unless recursive triggers are
  // on; the triggers that log a row's old value (the state history, the snapshots' undo log) must see that delete.
  db.pragma('recursive_triggers = ON');
  db.exec(META_SQL);
  try {
    db.transaction(() => schema.migrate(db, path))();
  } catch (e) {
    db.close();
    throw e;
  }
  db.exec(schema.sql);
  const version = db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get() as
    | string
    | undefined;
  if (version === undefined) {
    db.prepare("INSERT INTO meta (key, value) VALUES ('schema_version', ?)").run(String(schema.version));
  } else if (Number(version) !== schema.version) {
    db.close();
    throw new Error(
      `The database ${path} has schema version ${version}, this devnet expects ${schema.version}; start with --reset`,
    );
  }
  createReplayFlag(db);
  db.exec(schema.connectionSql);
  watchRollbacks(db);
  return db;
}
