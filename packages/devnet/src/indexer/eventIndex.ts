import type { Db } from '../storage/db.js';
import { addressesIn } from './addresses.js';

/**
 * The indexer's rows that find events — `ix_event_addresses` (the events filter by address) and `ix_event_calls`
 * (by section and method) — are written in batches of blocks, not with each block: their keys start with an address
 * or a call, so a block's few events went to as many leaf pages, and each block's commit wrote them all again. A
 * batch writes each of those pages once. The rows are derived from the chain's `events` rows after a `meta` mark
 * per table, so a batch a crash lost is written again from the events, and a snapshot revert takes the marks back
 * with the rows.
 */

/** `meta` key: the last event id whose addresses `ix_event_addresses` holds. */
export const EVENT_ADDRESSES_MARK_KEY = 'indexer_event_addresses_upto';
/** `meta` key: the last event id `ix_event_calls` holds. */
export const EVENT_CALLS_MARK_KEY = 'indexer_event_calls_upto';

/** Blocks whose event rows are written together (the writer's batch; a read that needs them catches up first). */
export const EVENT_INDEX_EVERY = 64;
/**
 * Events after which the writer writes the batch sooner: full blocks (a mint of thousands of tokens) gain nothing
 * from waiting, and the block that ends a batch should not carry many blocks' worth of rows.
 */
export const EVENT_INDEX_PENDING_LIMIT = 1024;

/** Events read back per step of a catch-up (an old database may hold many behind a mark). */
const STEP = 2000;

type EventRow = { id: number; section: string; method: string; data: string };

type Statements = {
  mark: { get(key: string): string | undefined };
  setMark: { run(key: string, value: string): unknown };
  events: { all(after: number, limit: number): EventRow[] };
  lastEventThrough: { get(block: number): number | undefined };
  insertAddress: { run(address: string, id: number): unknown };
  insertCall: { run(section: string, method: string, id: number): unknown };
};

const statements = new WeakMap<Db, Statements>();

function statementsOf(db: Db): Statements {
  let s = statements.get(db);
  if (!s) {
    s = {
      mark: db.prepare<[string], string>('SELECT value FROM meta WHERE key = ?').pluck(),
      setMark: db.prepare<[string, string]>(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      ),
      events: db.prepare<[number, number], EventRow>(
        'SELECT id, section, method, data FROM events WHERE id > ? ORDER BY id LIMIT ?',
      ),
      lastEventThrough: db
        .prepare<[number], number>(
          `SELECT id FROM events WHERE block_number <= ?
           ORDER BY block_number DESC, extrinsic_idx DESC, event_idx DESC LIMIT 1`,
        )
        .pluck(),
      insertAddress: db.prepare<[string, number]>(
        'INSERT OR IGNORE INTO ix_event_addresses (address, event_id) VALUES (?, ?)',
      ),
      insertCall: db.prepare<[string, string, number]>(
        'INSERT OR IGNORE INTO ix_event_calls (section, method, event_id) VALUES (?, ?, ?)',
      ),
    };
    statements.set(db, s);
  }
  return s;
}

/**
 * Sets the marks when the indexer starts. On a database it indexes from the start, both before the first event. On
 * one it indexed without marks: `ix_event_addresses` was written with each block by an older devnet, so its mark
 * goes after the events of the blocks up to `indexedThrough` (the indexer's head); `ix_event_calls` is new, so its
 * mark goes before the first event.
 */
export function markEventIndex(db: Db, indexedThrough: number | undefined): void {
  const s = statementsOf(db);
  if (indexedThrough === undefined) {
    s.setMark.run(EVENT_ADDRESSES_MARK_KEY, '0');
    s.setMark.run(EVENT_CALLS_MARK_KEY, '0');
    return;
  }
  if (s.mark.get(EVENT_ADDRESSES_MARK_KEY) === undefined)
    s.setMark.run(EVENT_ADDRESSES_MARK_KEY, String(s.lastEventThrough.get(indexedThrough) ?? 0));
  if (s.mark.get(EVENT_CALLS_MARK_KEY) === undefined) s.setMark.run(EVENT_CALLS_MARK_KEY, '0');
}

/**
 * Writes the rows of every event after each table's mark and moves the marks to the last event: what a read of
 * either table needs first. In the open transaction if there is one (a block's, a batch's), else in its own.
 */
export function indexEvents(db: Db): void {
  const s = statementsOf(db);
  const catchUp = () => {
    const addressesFrom = Number(s.mark.get(EVENT_ADDRESSES_MARK_KEY) ?? 0);
    const callsFrom = Number(s.mark.get(EVENT_CALLS_MARK_KEY) ?? 0);
    let after = Math.min(addressesFrom, callsFrom);
    for (;;) {
      const rows = s.events.all(after, STEP);
      if (rows.length === 0) break;
      const addresses: [string, number][] = [];
      const calls: EventRow[] = [];
      for (const r of rows) {
        if (r.id > callsFrom) calls.push(r);
        if (r.id > addressesFrom)
          for (const address of addressesIn(JSON.parse(r.data) as Record<string, unknown>))
            addresses.push([address, r.id]);
      }
      // In key order: each leaf page is visited once.
      addresses.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
      for (const [address, id] of addresses) s.insertAddress.run(address, id);
      calls.sort((a, b) =>
        a.section !== b.section
          ? a.section < b.section
            ? -1
            : 1
          : a.method !== b.method
            ? a.method < b.method
              ? -1
              : 1
            : a.id - b.id,
      );
      for (const c of calls) s.insertCall.run(c.section, c.method, c.id);
      after = rows[rows.length - 1]!.id;
    }
    const last = String(after);
    if (after > addressesFrom) s.setMark.run(EVENT_ADDRESSES_MARK_KEY, last);
    if (after > callsFrom) s.setMark.run(EVENT_CALLS_MARK_KEY, last);
  };
  if (db.inTransaction) catchUp();
  else db.transaction(catchUp)();
}
