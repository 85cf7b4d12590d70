import type { EventRecord } from '../runtime/events.js';
import type { Db } from '../storage/db.js';
import type { ApplyOutcome } from './apply.js';
import type { EventRow, ExtrinsicRow } from './historyRows.js';
import type { CheckedTx } from './validity.js';

export type DispatchErrorInfo = {
  section: string;
  name: string;
  docs: string[];
  index: number;
  error: number;
};

/** An included extrinsic as the status route reads it back. */
export type ExtrinsicRecord = {
  hash: string;
  blockNumber: number;
  blockHash: string;
  index: number;
  signer: string;
  nonce: number;
  section: string;
  method: string;
  args: Record<string, unknown>;
  success: boolean;
  error: DispatchErrorInfo | null;
  fee: string;
  events: EventRecord[];
};

type Row = {
  hash: string;
  block_number: number;
  idx: number;
  signer: string;
  nonce: number;
  section: string;
  method: string;
  args: string;
  success: number;
  error: string | null;
  fee: string;
  block_hash: string;
};

/** The `extrinsics` and `events` tables: written with each block, read by statuses (and later by an indexer). */
export class ExtrinsicStore {
  readonly #insertExtrinsic;
  readonly #insertEvent;
  readonly #get;
  readonly #has;
  readonly #events;

  constructor(db: Db) {
    this.#insertExtrinsic = db.prepare(
      `INSERT INTO extrinsics (hash, block_number, idx, signer, nonce, section, method, args, success, error, fee, encoded)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#insertEvent = db.prepare(
      'INSERT INTO events (block_number, extrinsic_idx, event_idx, section, method, data) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.#get = db.prepare<[string], Row>(
      `SELECT e.*, b.hash AS block_hash FROM extrinsics e JOIN blocks b ON b.number = e.block_number WHERE e.hash = ?`,
    );
    this.#has = db.prepare<[string], number>('SELECT 1 FROM extrinsics WHERE hash = ?').pluck();
    this.#events = db.prepare<[number, number], { section: string; method: string; data: string }>(
      'SELECT section, method, data FROM events WHERE block_number = ? AND extrinsic_idx = ? ORDER BY event_idx',
    );
  }

  /** Writes an included extrinsic and its events; answers the rows written (for the indexer, in the same block). */
  record(
    blockNumber: number,
    index: number,
    tx: CheckedTx,
    outcome: ApplyOutcome,
  ): { extrinsic: ExtrinsicRow; events: EventRow[] } {
    const e = outcome.error;
    const error: DispatchErrorInfo | null = e
      ? { section: e.section, name: e.name, docs: [e.docs], index: e.palletIndex, error: e.errorIndex }
      : null;
    const extrinsic: ExtrinsicRow = {
      hash: tx.hash,
      idx: index,
      signer: tx.signer,
      section: tx.call.pallet.name,
      method: tx.call.call.name,
      args: JSON.stringify(tx.call.rawArgs),
      success: e ? 0 : 1,
      encoded: tx.encoded,
    };
    this.#insertExtrinsic.run(
      extrinsic.hash,
      blockNumber,
      index,
      extrinsic.signer,
      tx.nonce,
      extrinsic.section,
      extrinsic.method,
      extrinsic.args,
      extrinsic.success,
      error ? JSON.stringify(error) : null,
      String(tx.fee),
      tx.encoded,
    );
    const events = outcome.events.map((ev, i): EventRow => {
      const section = ev.section;
      const method = ev.method;
      const data = JSON.stringify(ev.data);
      const id = Number(this.#insertEvent.run(blockNumber, index, i, section, method, data).lastInsertRowid);
      return { id, extrinsic_idx: index, event_idx: i, section, method, data, fields: ev.data };
    });
    return { extrinsic, events };
  }

  has(hash: string): boolean {
    return this.#has.get(hash) !== undefined;
  }

  get(hash: string): ExtrinsicRecord | undefined {
    const r = this.#get.get(hash);
    if (!r) return undefined;
    return {
      hash: r.hash,
      blockNumber: r.block_number,
      blockHash: r.block_hash,
      index: r.idx,
      signer: r.signer,
      nonce: r.nonce,
      section: r.section,
      method: r.method,
      args: JSON.parse(r.args) as Record<string, unknown>,
      success: r.success === 1,
      error: r.error ? (JSON.parse(r.error) as DispatchErrorInfo) : null,
      fee: r.fee,
      events: this.#events.all(r.block_number, r.idx).map((ev) => ({
        section: ev.section,
        method: ev.method,
        data: JSON.parse(ev.data) as Record<string, string>,
      })),
    };
  }
}
