import type { Db } from '../storage/db.js';
import { addressesIn } from './addresses.js';

/**
 * `ix_event_addresses` (which events name an address, for the events filter by address) is written in batches, not
 * with each block: its key starts with the address, so a block's few events went to as many leaf pages as they
 * named addresses, and each block's commit wrote them all again. A batch of blocks writes each address's page
 * once. The rows are derived from the chain's `events` rows after a `meta` mark, so a batch that a crash lost is
 * written again from the events, and a snapshot revert takes the mark back with the rows.
 */

/** `meta` key: the last event id whose addresses `ix_event_addresses` holds. */
export const EVENT_ADDRESSES_MARK_KEY = 'indexer_event_addresses_upto';

/** Blocks whose event addresses are written together (the writer's batch; a read by address catches up first). */
export const EVENT_ADDRESSES_EVERY = 64;

/** Events read back per step of a catch-up (an old database may hold many behind the mark). */
const STEP = 2000;

type Statements = {
  mark: { get(): string | undefined };
  setMark: { run(value: string): unknown };
  events: { all(after: number, limit: number): { id: number; data: string }[] };
  lastEventThrough: { get(block: number): number | undefined };
  insert: { run(address: string, id: number): unknown };
};

const statements = new WeakMap<Db, Statements>();

function statementsOf(db: Db): Statements {
  let s = statements.get(db);
  if (!s) {
    s = {
      mark: db
        .prepare<[], string>(`SELECT value FROM meta WHERE key = '${EVENT_ADDRESSES_MARK_KEY}'`)
        .pluck(),
      setMark: db.prepare<[string]>(
        `INSERT INTO meta (key, value) VALUES ('${EVENT_ADDRESSES_MARK_KEY}', ?)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      ),
      events: db.prepare<[number, number], { id: number; data: string }>(
        'SELECT id, data FROM events WHERE id > ? ORDER BY id LIMIT ?',
      ),
      lastEventThrough: db
        .prepare<[number], number>(
          `SELECT id FROM events WHERE block_number <= ?
           ORDER BY block_number DESC, extrinsic_idx DESC, event_idx DESC LIMIT 1`,
        )
        .pluck(),
      insert: db.prepare<[string, number]>(
        'INSERT OR IGNORE INTO ix_event_addresses (address, event_id) VALUES (?, ?)',
      ),
    };
    statements.set(db, s);
  }
  return s;
}

/**
 * Sets the mark when the indexer starts: before the first event on a database it indexes from the start; on one it
 * indexed without a mark (a devnet that wrote the rows with each block), after the events of the blocks up to
 * `indexedThrough` (the indexer's head).
 */
export function markEventAddresses(db: Db, indexedThrough: number | undefined): void {
  const s = statementsOf(db);
  if (indexedThrough === undefined) s.setMark.run('0');
  else if (s.mark.get() === undefined) s.setMark.run(String(s.lastEventThrough.get(indexedThrough) ?? 0));
}

/**
 * Writes the `ix_event_addresses` rows of every event after the mark and moves the mark to the last event: what a
 * read of the table needs first. In the open transaction if there is one (a block's, a batch's), else in its own.
 */
export function indexEventAddresses(db: Db): void {
  const s = statementsOf(db);
  const catchUp = () => {
    let after = Number(s.mark.get() ?? 0);
    for (;;) {
      const rows = s.events.all(after, STEP);
      if (rows.length === 0) break;
      const pairs: [string, number][] = [];
      for (const r of rows)
        for (const address of addressesIn(JSON.parse(r.data) as Record<string, unknown>))
          pairs.push([address, r.id]);
      // In key order: each address's leaf page is visited once.
      pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
      for (const [address, id] of pairs) s.insert.run(address, id);
      after = rows[rows.length - 1]!.id;
      s.setMark.run(String(after));
    }
  };
  if (db.inTransaction) catchUp();
  else db.transaction(catchUp)();
}
