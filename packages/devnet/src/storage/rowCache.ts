import type Database from 'better-sqlite3';

type Db = Database.Database;

/** Rows a cache holds at most; past it, it starts again empty (a devnet's hot set is far smaller). */
export const ROW_CACHE_LIMIT = 50_000;

type Watch = { epoch: number };

const watched = new WeakMap<Db, Watch>();
const caches = new WeakMap<Db, Map<string, RowCache<unknown>>>();

/**
 * Makes `db` count the moments its data may go back: a `ROLLBACK` (to a savepoint or whole), a `transaction()`
 * function that throws (better-sqlite3 then rolls its savepoint back), and any failing `exec`. Every {@link RowCache}
 * of the database forgets all it holds at the next read after one, so it never answers a row the database no longer has.
 * `openDatabase` calls this once; a database it was not called on gets caches that hold nothing.
 */
export function watchRollbacks(db: Db): void {
  if (watched.has(db)) return;
  const watch: Watch = { epoch: 0 };
  watched.set(db, watch);
  const exec = db.exec.bind(db);
  db.exec = (sql: string) => {
    if (/^\s*ROLLBACK/i.test(sql)) watch.epoch++;
    try {
      return exec(sql);
    } catch (e) {
      watch.epoch++;
      throw e;
    }
  };
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn: (...args: unknown[]) => unknown) =>
    transaction(function (this: unknown, ...args: unknown[]) {
      try {
        return fn.apply(this, args);
      } catch (e) {
        watch.epoch++;
        throw e;
      }
    })) as Db['transaction'];
}

/**
 * Makes every {@link RowCache} of `db` forget what it holds, for a writer that changed rows behind the writer
 * classes' backs (an older block's state put back by raw SQL).
 */
export function forgetCachedRows(db: Db): void {
  const watch = watched.get(db);
  if (watch) watch.epoch++;
}

const changeCounters = new WeakMap<Db, () => number>();

/**
 * SQLite's `total_changes()` on `db`: the rows inserted, updated or deleted on this connection so far (triggers'
 * included). Any write moves it; a rollback does not lower it.
 */
export function totalChanges(db: Db): number {
  let read = changeCounters.get(db);
  if (!read) {
    const stmt = db.prepare<[], number>('SELECT total_changes()').pluck();
    read = () => stmt.get() as number;
    changeCounters.set(db, read);
  }
  return read();
}

/**
 * How many times `db`'s data may have gone back (a rollback, or rows changed behind the writer classes' backs) since
 * {@link watchRollbacks}; `undefined` for a database it was not called on. With `total_changes()`, which any write
 * moves but no rollback lowers, it tells whether what was read from `db` may have changed since.
 */
export function rollbackEpoch(db: Db): number | undefined {
  return watched.get(db)?.epoch;
}

/**
 * The rows of one table that its one writer class keeps in memory, shared by every instance of that class on the
 * same database (`name` tells the tables apart). The writer stores what it writes (write-through); a rollback
 * empties the cache (see {@link watchRollbacks}).
 */
export function rowCache<V>(db: Db, name: string): RowCache<V> {
  let byName = caches.get(db);
  if (!byName) {
    byName = new Map();
    caches.set(db, byName);
  }
  let cache = byName.get(name);
  if (!cache) {
    cache = new RowCache<unknown>(watched.get(db));
    byName.set(name, cache);
  }
  return cache as RowCache<V>;
}

export class RowCache<V> {
  readonly #watch: Watch | undefined;
  readonly #rows = new Map<string, V>();
  #epoch: number;

  constructor(watch: Watch | undefined) {
    this.#watch = watch;
    this.#epoch = watch?.epoch ?? 0;
  }

  get(key: string): V | undefined {
    this.#sync();
    return this.#rows.get(key);
  }

  set(key: string, value: V): void {
    if (!this.#watch) return;
    this.#sync();
    if (this.#rows.size >= ROW_CACHE_LIMIT) this.#rows.clear();
    this.#rows.set(key, value);
  }

  /** Forgets every row of this cache alone (a write that changed rows it cannot name one by one). */
  clear(): void {
    this.#rows.clear();
  }

  get size(): number {
    this.#sync();
    return this.#rows.size;
  }

  #sync(): void {
    if (this.#watch && this.#epoch !== this.#watch.epoch) {
      this.#rows.clear();
      this.#epoch = this.#watch.epoch;
    }
  }
}
