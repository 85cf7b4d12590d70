import type Database from 'better-sqlite3';
import type { Db } from '../../storage/db.js';
import { type RowCache, rowCache } from '../../storage/rowCache.js';
import { beforeSavepointBoundaries } from '../../storage/savepoint.js';
import { ACCOUNT_KEY_SQL_FUNCTION } from './storageKey.js';

export type AccountInfo = { nonce: number; free: bigint; reserved: bigint; frozen: bigint };

type AccountRow = { nonce: number; free: string; reserved: string; frozen: string };
/** An account as read: its values (zero for an account with no row) and whether it has a row. */
type Cached = { info: AccountInfo; stored: boolean };

/**
 * Rows written inside {@link SystemStorage.coalesceWrites} and not yet in the table, by address (in the order first
 * written), shared by every `SystemStorage` of a database as its row cache is.
 */
type Held = { rows: Map<string, AccountInfo> | undefined };
const heldByDb = new WeakMap<Db, Held>();

/** `System.Account`: nonce and balance data per SS58 address (a missing row is the zero account). */
export class SystemStorage {
  readonly #get;
  readonly #upsert;
  readonly #all;
  readonly #db: Db;
  #byKey: Database.Statement<[string, string, string, number], string> | undefined;
  /** Read about ten times per Ethereum transaction (fee checks, gas reservation and refund, the indexer). */
  readonly #cache: RowCache<Cached>;
  readonly #held: Held;
  constructor(db: Db) {
    this.#cache = rowCache(db, 'accounts');
    let held = heldByDb.get(db);
    if (!held) {
      const h: Held = { rows: undefined };
      held = h;
      heldByDb.set(db, h);
      beforeSavepointBoundaries(db, () => this.#writeHeld(h));
    }
    this.#held = held;
    this.#get = db.prepare<[string], AccountRow>(
      'SELECT nonce, free, reserved, frozen FROM accounts WHERE address = ?',
    );
    this.#upsert = db.prepare(
      `INSERT INTO accounts (address, nonce, free, reserved, frozen) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(address) DO UPDATE SET nonce = excluded.nonce, free = excluded.free,
         reserved = excluded.reserved, frozen = excluded.frozen`,
    );
    this.#all = db.prepare<[], { address: string } & AccountRow>('SELECT * FROM accounts');
    this.#db = db;
  }

  #load(address: string): Cached {
    const held = this.#held.rows?.get(address);
    if (held) return { info: held, stored: true };
    const cached = this.#cache.get(address);
    if (cached) return cached;
    const row = this.#get.get(address);
    const info = row
      ? {
          nonce: row.nonce,
          free: BigInt(row.free),
          reserved: BigInt(row.reserved),
          frozen: BigInt(row.frozen),
        }
      : { nonce: 0, free: 0n, reserved: 0n, frozen: 0n };
    const loaded = { info, stored: row !== undefined };
    this.#cache.set(address, loaded);
    return loaded;
  }

  account(address: string): AccountInfo {
    return { ...this.#load(address).info };
  }

  /** Whether the account has a row (`account` answers the zero account for one that has none). */
  hasAccount(address: string): boolean {
    return this.#load(address).stored;
  }

  setAccount(address: string, info: AccountInfo): void {
    const held = this.#held.rows;
    if (held) held.set(address, { ...info });
    else this.#write(address, info);
  }

  #write(address: string, info: AccountInfo): void {
    this.#upsert.run(address, info.nonce, String(info.free), String(info.reserved), String(info.frozen));
    this.#cache.set(address, { info: { ...info }, stored: true });
  }

  /**
   * Runs `fn` with the account rows it writes held in memory and each written once, when it returns: a transaction
   * moves its sender's balance several times (the gas reserved, the value, the refund) and its nonce, and each row
   * written fires the state history's and the indexer's triggers. The rows read as written meanwhile, and the table
   * gets the same last values, so every face sees what it saw. What is held is written before any savepoint opens,
   * is kept or is undone (so a savepoint undoes exactly what was written inside it) and before a read of the table
   * itself; if `fn` throws, what it held is dropped, as its caller's savepoint drops what it wrote.
   */
  coalesceWrites<T>(fn: () => T): T {
    if (this.#held.rows) return fn();
    this.#held.rows = new Map();
    try {
      const result = fn();
      this.#writeHeld(this.#held);
      return result;
    } finally {
      this.#held.rows = undefined;
    }
  }

  #writeHeld(held: Held): void {
    const rows = held.rows;
    if (!rows || rows.size === 0) return;
    for (const [address, info] of rows) this.#write(address, info);
    rows.clear();
  }

  incNonce(address: string): void {
    const info = this.account(address);
    this.setAccount(address, { ...info, nonce: info.nonce + 1 });
  }

  /**
   * Substrate accounts in `System.Account` key order (`storageKey.ts`): those whose key suffix (hex) is after
   * `after` and within `[from, to)`, at most `limit`.
   */
  accountsByKey(after: string, from: string, to: string, limit: number): string[] {
    // Read through the accounts_storage_key index: the expression is the index's, so no row is hashed here.
    // Prepared on first use: a database openDb did not open has neither the index nor its SQL function.
    this.#writeHeld(this.#held);
    const key = `${ACCOUNT_KEY_SQL_FUNCTION}(address)`;
    this.#byKey ??= this.#db
      .prepare<[string, string, string, number], string>(
        `SELECT address FROM accounts WHERE ${key} > ? AND ${key} >= ? AND ${key} < ? ORDER BY ${key} LIMIT ?`,
      )
      .pluck();
    return this.#byKey.all(after, from, to, limit);
  }

  allAccounts(): ({ address: string } & AccountInfo)[] {
    this.#writeHeld(this.#held);
    return this.#all.all().map((r) => ({
      address: r.address,
      nonce: r.nonce,
      free: BigInt(r.free),
      reserved: BigInt(r.reserved),
      frozen: BigInt(r.frozen),
    }));
  }
}
