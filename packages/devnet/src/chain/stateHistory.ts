import { STATE_TABLES } from '../runtime/schema.js';
import { STATE_META_KEYS } from '../runtime/stateMeta.js';
import type { Db } from '../storage/db.js';
import { UNLESS_REPLAYING } from '../storage/replaying.js';
import { forgetCachedRows } from '../storage/rowCache.js';
import { rolledBack } from '../storage/savepoint.js';

/** Blocks whose state stays readable behind the head (Ethereum's `BLOCKHASH` window; geth keeps 128 in memory). */
export const DEFAULT_STATE_HISTORY_BLOCKS = 256;

/**
 * Blocks whose rows are forgotten together: the rows behind the window go every this many blocks, not one block's
 * at each block. Deleting a block's rows rewrote the pages at the log's old end in every block's commit besides
 * those its new rows went to; a batch frees whole pages at once. Rows behind the window are never read.
 */
export const STATE_HISTORY_PRUNE_EVERY = 64;

/**
 * The undo log of the state: for each block, the rows of the state tables as they were before it, one per row the
 * block changed (the first change keeps the row's old value; later ones in the same block are ignored). Rows are
 * keyed by their table's primary key, written as SQL literals (`quote()`), so one table serves every state table.
 */
export const STATE_HISTORY_SQL = `
CREATE TABLE IF NOT EXISTS state_history (
  block INTEGER NOT NULL,
  tbl TEXT NOT NULL,
  pk TEXT NOT NULL,
  old TEXT,
  PRIMARY KEY (block, tbl, pk)
) WITHOUT ROWID;
`;

/** A state older than what is kept (or a block not yet produced): the reader says which and why. */
export class StateUnavailableError extends Error {
  override readonly name = 'StateUnavailableError';
}

type Column = { name: string; pk: number };
type Restore = { del: string; ins: string };

/**
 * The state of the last {@link DEFAULT_STATE_HISTORY_BLOCKS} blocks, kept by triggers on every state table (TEMP
 * triggers of this connection, so a database opened by an older devnet gets them too) writing to `state_history`;
 * quiet while a snapshot revert puts rows back (`state_history` is put back with them).
 * A change outside any block (the faucet, a test helper) counts for the next block. `at(n, read)` puts block
 * `n`'s state back inside a savepoint, runs `read`, and rolls it all back: a read costs the changes since `n`.
 */
export class StateHistory {
  readonly #db: Db;
  readonly #restore = new Map<string, Restore>();
  readonly #prune;
  readonly #undo;
  /** The first block whose state is logged: a database from before the log has no history behind it. */
  readonly #from: number;

  constructor(
    db: Db,
    readonly keep: number = DEFAULT_STATE_HISTORY_BLOCKS,
  ) {
    this.#db = db;
    // `meta` holds the node's own rows too (the head, read by the triggers themselves): only the state's are logged.
    const stateMeta = `key IN (${STATE_META_KEYS.map((k) => `'${k}'`).join(', ')})`;
    for (const table of [...STATE_TABLES, 'meta'] as const) {
      const only = (row: 'NEW' | 'OLD') => (table === 'meta' ? ` AND ${row}.${stateMeta}` : '');
      const columns = db
        .prepare<[string], Column>('SELECT name, pk FROM pragma_table_info(?) ORDER BY cid')
        .all(table);
      const keys = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
      if (keys.length === 0) throw new Error(`state table ${table} has no primary key`);
      const literals = (row: 'NEW' | 'OLD', cs: readonly Column[]) =>
        cs.map((c) => `quote(${row}.${c.name})`).join(" || ',' || ");
      const block = "(SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'head_number') + 1";
      // Not `INSERT OR IGNORE`: an outer statement's conflict clause (an upsert's) would replace the trigger's.
      const log = (row: 'NEW' | 'OLD', old: string) =>
        `INSERT INTO state_history (block, tbl, pk, old) SELECT b, '${table}', k, ${old} FROM (SELECT ${block} AS b, ${literals(row, keys)} AS k) AS r
  WHERE NOT EXISTS (SELECT 1 FROM state_history h WHERE h.block = r.b AND h.tbl = '${table}' AND h.pk = r.k);`;
      db.exec(`
CREATE TEMP TRIGGER IF NOT EXISTS state_history_${table}_insert AFTER INSERT ON main.${table} WHEN ${UNLESS_REPLAYING}${only('NEW')} BEGIN
  ${log('NEW', 'NULL')}
END;
CREATE TEMP TRIGGER IF NOT EXISTS state_history_${table}_update AFTER UPDATE ON main.${table} WHEN ${UNLESS_REPLAYING}${only('OLD')} BEGIN
  ${log('OLD', literals('OLD', columns))}
END;
CREATE TEMP TRIGGER IF NOT EXISTS state_history_${table}_delete AFTER DELETE ON main.${table} WHEN ${UNLESS_REPLAYING}${only('OLD')} BEGIN
  ${log('OLD', literals('OLD', columns))}
END;`);
      this.#restore.set(table, {
        del: `DELETE FROM ${table} WHERE (${keys.map((c) => c.name).join(', ')}) = (`,
        ins: `INSERT INTO ${table} (${columns.map((c) => c.name).join(', ')}) VALUES (`,
      });
    }
    this.#prune = db.prepare<[number]>('DELETE FROM state_history WHERE block <= ?');
    this.#undo = db.prepare<[number], { tbl: string; pk: string; old: string | null }>(
      'SELECT tbl, pk, old FROM state_history WHERE block > ? ORDER BY block DESC',
    );
    const meta = db.prepare<[string], string>('SELECT value FROM meta WHERE key = ?').pluck();
    const from = meta.get('state_history_from');
    if (from === undefined) {
      this.#from = Number(meta.get('head_number') ?? 0);
      db.prepare("INSERT INTO meta (key, value) VALUES ('state_history_from', ?)").run(String(this.#from));
    } else this.#from = Number(from);
  }

  /**
   * Forgets what is older than the kept window once block `head` is written (inside that block's transaction), every
   * {@link STATE_HISTORY_PRUNE_EVERY} blocks: until then up to that many blocks' rows stay behind the window.
   */
  pruneAfter(head: number): void {
    if (head > this.keep && head % STATE_HISTORY_PRUNE_EVERY === 0) this.#prune.run(head - this.keep);
  }

  /** The oldest block whose state {@link at} can put back, with `head` the chain's head now. */
  oldestReadable(head: number): number {
    return Math.max(0, this.#from, head - this.keep);
  }

  /** Throws {@link StateUnavailableError} when {@link at} could not put block `n`'s state back. */
  check(n: number, head: number): void {
    if (n > head) throw new StateUnavailableError(`block ${n} is ahead of the head ${head}`);
    if (n < this.oldestReadable(head))
      throw new StateUnavailableError(
        `the devnet keeps the state of the last ${this.keep} blocks, from block ${this.oldestReadable(head)} (block ${n} asked, head is ${head})`,
      );
  }
  /**
   * Runs `read` against the state as it was at the end of block `n` (`head` is the chain's head): every change
   * since is undone in a savepoint that is rolled back when `read` returns. Throws {@link StateUnavailableError}
   * for a block older than the window.
   */
  at<T>(n: number, head: number, read: () => T): T {
    this.check(n, head);
    if (n === head) return read();
    return rolledBack(this.#db, () => {
      for (const row of this.#undo.all(n)) {
        const r = this.#restore.get(row.tbl);
        if (!r) continue;
        this.#db.exec(`${r.del}${row.pk})`);
        if (row.old !== null) this.#db.exec(`${r.ins}${row.old})`);
      }
      forgetCachedRows(this.#db);
      return read();
    });
  }
}
