import type { Statement } from 'better-sqlite3';
import type { Db } from './db.js';

type Column = number | string;

const whereKey = (columns: readonly string[]) => columns.map((column) => `${column} = ?`).join(' AND ');
const placeholders = (count: number) => Array.from({ length: count }, () => '?').join(', ');

/**
 * One value kept in `table` under a key of one or more columns (`(collection_id, account) → count`): read, and
 * written (inserted or replaced, or deleted when there is no value), each through one prepared statement.
 */
export class KeyedValues<Key extends Column[], Value extends Column> {
  readonly #get: Statement<Key, Value>;
  readonly #put: Statement<[...Key, Value]>;
  readonly #delete: Statement<Key>;

  constructor(db: Db, table: string, keyColumns: readonly string[], valueColumn: string) {
    const where = whereKey(keyColumns);
    const columns = [...keyColumns, valueColumn];
    this.#get = db.prepare<Key, Value>(`SELECT ${valueColumn} FROM ${table} WHERE ${where}`).pluck();
    this.#put = db.prepare<[...Key, Value]>(
      `INSERT OR REPLACE INTO ${table} (${columns.join(', ')}) VALUES (${placeholders(columns.length)})`,
    );
    this.#delete = db.prepare<Key>(`DELETE FROM ${table} WHERE ${where}`);
  }

  /** The value under `key`; `undefined` when there is no row. */
  get(key: Key): Value | undefined {
    return this.#get.get(...key);
  }

  /** Keeps `value` under `key`; `undefined` deletes the row. */
  set(key: Key, value: Value | undefined): void {
    if (value === undefined) this.#delete.run(...key);
    else this.#put.run(...key, value);
  }
}

/**
 * Amounts (u128, kept as decimal text) under a key of one or more columns, where zero is no row: a chain's storage
 * map removes an entry that falls to zero, and so does this.
 */
export class KeyedAmounts<Key extends Column[]> {
  readonly #values: KeyedValues<Key, string>;

  constructor(db: Db, table: string, keyColumns: readonly string[], amountColumn: string) {
    this.#values = new KeyedValues(db, table, keyColumns, amountColumn);
  }

  get(key: Key): bigint {
    return BigInt(this.#values.get(key) ?? '0');
  }

  set(key: Key, amount: bigint): void {
    this.#values.set(key, amount === 0n ? undefined : String(amount));
  }
}

/**
 * A set kept in `table` as one row per member, a member being a key of one or more columns (an admin of a
 * collection, an account on its allow list): asked, added and removed, each through one prepared statement.
 */
export class KeyedSet<Key extends Column[]> {
  readonly #has: Statement<Key, number>;
  readonly #add: Statement<Key>;
  readonly #delete: Statement<Key>;

  constructor(db: Db, table: string, keyColumns: readonly string[]) {
    const where = whereKey(keyColumns);
    this.#has = db.prepare<Key, number>(`SELECT 1 FROM ${table} WHERE ${where}`).pluck();
    this.#add = db.prepare<Key>(
      `INSERT OR IGNORE INTO ${table} (${keyColumns.join(', ')}) VALUES (${placeholders(keyColumns.length)})`,
    );
    this.#delete = db.prepare<Key>(`DELETE FROM ${table} WHERE ${where}`);
  }

  has(key: Key): boolean {
    return this.#has.get(...key) !== undefined;
  }

  /** Adds `key` to the set (`true`) or removes it (`false`). */
  set(key: Key, member: boolean): void {
    if (member) this.#add.run(...key);
    else this.#delete.run(...key);
  }
}
