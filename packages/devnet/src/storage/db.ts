import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrations.js';
import { watchRollbacks } from './rowCache.js';
import { CONNECTION_SQL, SCHEMA_SQL, SCHEMA_VERSION } from './schema.js';

export type Db = Database.Database;

export type OpenDbOptions = {
  /** A file path, or `:memory:` for a throw-away chain. */
  path: string;
  /** Delete the file (and its WAL) first. */
  reset?: boolean;
};

/** Pages the WAL may hold before a commit checkpoints it into the database file (SQLite's default is 1000). */
export const WAL_CHECKPOINT_PAGES = 10_000;

/**
 * Opens the chain database. WAL with `synchronous = NORMAL`: a committed block survives a killed process
 * (the WAL is in the OS cache once the commit returns); only a power loss may drop the last blocks. Checkpoints
 * (the only step that fsyncs) come every {@link WAL_CHECKPOINT_PAGES} pages, about 40 MB: a block rewrites the same
 * hot pages (page 1, index ends, the treasury's row), so fewer checkpoints copy and fsync far less in total, and
 * once the WAL has reached that size it is overwritten in place rather than grown.
 */
export function openDb({ path, reset = false }: OpenDbOptions): Db {
  const memory = path === ':memory:';
  if (!memory) {
    if (reset) for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
    mkdirSync(dirname(path), { recursive: true });
  }
  const db = new Database(path);
  if (!memory) db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
  db.pragma('foreign_keys = OFF');
  db.pragma('cache_size = -16000');
  db.pragma('temp_store = MEMORY');
  migrate(db);
  db.exec(SCHEMA_SQL);
  const version = db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get() as
    | string
    | undefined;
  if (version === undefined) {
    db.prepare("INSERT INTO meta (key, value) VALUES ('schema_version', ?)").run(String(SCHEMA_VERSION));
  } else if (Number(version) !== SCHEMA_VERSION) {
    db.close();
    throw new Error(
      `The database ${path} has schema version ${version}, this devnet expects ${SCHEMA_VERSION}; start with --reset`,
    );
  }
  db.exec(CONNECTION_SQL);
  watchRollbacks(db);
  return db;
}
