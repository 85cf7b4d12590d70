import { type Db, tablesOf } from './db.js';
import { UNLESS_REPLAYING, whileReplaying } from './replaying.js';

/** The log's table: one row per changed row, the SQL that puts it back, in the order the changes were made. */
const LOG = 'temp.devnet_undo';
const LOG_NAME = 'devnet_undo';
const TRIGGER_PREFIX = 'devnet_undo_';
/** A row here while the log runs: the triggers stay installed, and log only then. */
const ON = 'temp.devnet_undo_on';

type Column = { name: string; type: string; pk: number };

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** SQL that, run by a trigger, gives the literal of `ref` (`OLD.x`) as text to splice into the logged statement. */
const literal = (ref: string) => `' || quote(${ref}) || '`;

/**
 * An undo log of the whole database, kept by triggers: while it runs, every row any statement inserts, updates or
 * deletes in any table of the main schema leaves, in a TEMP (in-memory) table, the statement that puts the row back
 * as it was. {@link rewind} replays them newest first, so going back costs what changed since, never what the
 * database holds.
 *
 * The log is written in the same transaction as the change, so a savepoint rolled back takes its log entries with it,
 * and sequence numbers only grow (AUTOINCREMENT), so a position taken once stays meaningful. The triggers are
 * installed when the log first starts (a database never snapshotted pays nothing) and then stay, logging only while
 * the log runs: creating and dropping them is a schema change, which makes SQLite prepare every statement again, and
 * a test suite stops and starts the log around every test (`loadFixture` reverts its snapshot, then takes a new
 * one). `INSERT OR REPLACE` is logged as the delete and the insert it is, as the database runs recursive triggers
 * (storage/db.ts).
 */
export class UndoLog {
  readonly #db: Db;
  #installed = false;
  #active = false;
  #position;
  #rows;
  #drop;
  #trim;

  constructor(db: Db) {
    this.#db = db;
    db.exec(
      `CREATE TEMP TABLE IF NOT EXISTS ${LOG_NAME} (seq INTEGER PRIMARY KEY AUTOINCREMENT, sql TEXT NOT NULL);
       CREATE TEMP TABLE IF NOT EXISTS devnet_undo_on (up INTEGER NOT NULL);
       DELETE FROM ${ON};`,
    );
    this.#position = db
      .prepare<[], number>(`SELECT seq FROM temp.sqlite_sequence WHERE name = '${LOG_NAME}'`)
      .pluck();
    this.#rows = db
      .prepare<[number], string>(`SELECT sql FROM ${LOG} WHERE seq > ? ORDER BY seq DESC`)
      .pluck();
    this.#drop = db.prepare<[number]>(`DELETE FROM ${LOG} WHERE seq > ?`);
    this.#trim = db.prepare<[number, number]>(`DELETE FROM ${LOG} WHERE seq > ? AND seq <= ?`);
  }

  get active(): boolean {
    return this.#active;
  }

  /** The last change logged: a point {@link rewind} can go back to. */
  position(): number {
    return this.#position.get() ?? 0;
  }

  /** Starts logging every change of every table of the main schema (a no-op when it runs). */
  start(): void {
    if (this.#active) return;
    if (!this.#installed) {
      const tables = tablesOf(this.#db);
      this.#db.transaction(() => {
        for (const table of tables) this.#db.exec(this.#triggersOf(table));
      })();
      this.#installed = true;
    }
    this.#db.exec(`INSERT INTO ${ON} (up) VALUES (1)`);
    this.#active = true;
  }

  /** Stops logging and forgets the log. */
  stop(): void {
    if (!this.#active) return;
    this.#db.transaction(() => {
      this.#db.exec(`DELETE FROM ${ON}`);
      this.#db.exec(`DELETE FROM ${LOG}`);
    })();
    this.#active = false;
  }

  /**
   * Puts every row changed after `position` back as it was, newest change first, and forgets those changes. Must run
   * inside a transaction (a failure leaves nothing half undone). Answers how many row changes were undone.
   */
  rewind(position: number): number {
    const statements = this.#rows.all(position);
    // Quietly: the replay logs nothing, and triggers deriving rows from writes leave none (storage/replaying.ts).
    if (statements.length > 0) whileReplaying(this.#db, () => this.#db.exec(statements.join(';\n')));
    this.#drop.run(position);
    return statements.length;
  }

  /** Forgets the changes logged in `(from, to]`: nothing will go back past them any more. */
  forget(from: number, to: number): void {
    this.#trim.run(from, to);
  }

  /** The triggers that log `table`'s changes: a row is found again by its rowid, or by its primary key. */
  #triggersOf(table: string): string {
    const columns = this.#db
      .prepare<[string], Column>('SELECT name, type, pk FROM pragma_table_info(?)')
      .all(table);
    const keys = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    const withoutRowid = this.#withoutRowid(table);
    // A rowid table whose one INTEGER PRIMARY KEY column is the rowid already names it; any other rowid table keeps
    // its rowid explicitly, so a row put back has the id it had.
    const rowidAlias = !withoutRowid && keys.length === 1 && keys[0]!.type.toUpperCase() === 'INTEGER';
    const written = [...columns.map((c) => c.name), ...(withoutRowid || rowidAlias ? [] : ['rowid'])];
    const locate = (row: 'NEW' | 'OLD') =>
      (withoutRowid ? keys.map((k) => k.name) : ['rowid'])
        .map((k) => `${ident(k)} = ${literal(`${row}.${ident(k)}`)}`)
        .join(' AND ');
    const target = `main.${ident(table)}`;
    const log = (name: string, event: string, sql: string) =>
      `CREATE TEMP TRIGGER IF NOT EXISTS ${ident(`${TRIGGER_PREFIX}${table}_${name}`)} AFTER ${event} ON ${target}
       WHEN EXISTS (SELECT 1 FROM ${ON}) AND ${UNLESS_REPLAYING} BEGIN INSERT INTO ${LOG} (sql) VALUES ('${sql}'); END;`;
    const quoted = (sql: string) => sql.replaceAll("'", "''");
    const setAll = written.map((c) => `${ident(c)} = ${literal(`OLD.${ident(c)}`)}`).join(', ');
    const values = written.map((c) => literal(`OLD.${ident(c)}`)).join(', ');
    return [
      log('insert', 'INSERT', `DELETE FROM ${quoted(target)} WHERE ${locate('NEW')}`),
      log('update', 'UPDATE', `UPDATE ${quoted(target)} SET ${setAll} WHERE ${locate('NEW')}`),
      log(
        'delete',
        'DELETE',
        `INSERT INTO ${quoted(target)} (${written.map(ident).join(', ')}) VALUES (${values})`,
      ),
    ].join('\n');
  }

  #withoutRowid(table: string): boolean {
    try {
      this.#db.prepare(`SELECT rowid FROM main.${ident(table)} LIMIT 0`).all();
      return false;
    } catch {
      return true;
    }
  }
}
