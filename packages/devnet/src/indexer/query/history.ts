import type { indexerRoutes } from '@nftkit/api';
import type { z } from 'zod';
import { CHAIN } from '../../runtime/identity.js';
import type { Db } from '../../storage/db.js';
import { notFound } from '../errors.js';
import { indexEvents } from '../eventIndex.js';
import { addresses, address as oneAddress } from './inputs.js';
import { Filters, iso, list, ms, orderBy, prepared } from './sql.js';

type In<K extends keyof typeof indexerRoutes> = z.output<(typeof indexerRoutes)[K]['input']>;

/** The devnet is a solo chain: no relay parent. */
const NO_RELAY_ROOT = `0x${'00'.repeat(32)}`;

type BlockRow = {
  number: number;
  hash: string;
  parent_hash: string;
  timestamp: number;
};
type ExtrinsicRow = {
  hash: string;
  block_number: number;
  block_hash: string;
  idx: number;
  timestamp: number;
  signer: string | null;
  section: string;
  method: string;
  args: string;
  as_hex: string;
};
type EventRow = {
  id: number;
  block_number: number;
  extrinsic_hash: string;
  timestamp: number;
  section: string;
  method: string;
  data: string;
  as_hex: string;
};

const asRecord = (json: string): Record<string, unknown> => {
  const v = JSON.parse(json) as unknown;
  return v !== null && typeof v === 'object' && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : { value: v };
};

const blockRow = (b: BlockRow) => ({
  number: b.number,
  hash: b.hash,
  parentHash: b.parent_hash,
  specVersion: CHAIN.specVersion,
  timestamp: iso(b.timestamp),
  relayParentNumber: 0,
  relayParentStorageRoot: NO_RELAY_ROOT,
  createdAt: iso(b.timestamp),
});

const eventRow = (e: EventRow) => ({
  extrinsicHash: e.extrinsic_hash,
  blockNumber: e.block_number,
  blockTimestamp: e.timestamp,
  section: e.section,
  method: e.method,
  data: asRecord(e.data),
  asHex: e.as_hex,
  createdAt: iso(e.timestamp),
});

const extrinsicRow = (x: ExtrinsicRow) => ({
  hash: x.hash,
  blockHash: x.block_hash,
  blockNumber: x.block_number,
  blockTimestamp: x.timestamp,
  indexInBlock: x.idx,
  signer: x.signer ?? '',
  section: x.section,
  method: x.method,
  args: asRecord(x.args),
  asHex: x.as_hex,
  createdAt: iso(x.timestamp),
});

// \`as_hex\` is the data's UTF-8 bytes in hex, derived here rather than stored twice (older rows stored it).
const EVENT_COLUMNS =
  "e.id, e.block_number, e.extrinsic_hash, e.timestamp, e.section, e.method, e.data, '0x' || lower(hex(e.data)) AS as_hex";

/** The events of the given extrinsics, in order, grouped by extrinsic hash (one query). */
function eventsOf(db: Db, hashes: string[]): Map<string, EventRow[]> {
  const out = new Map<string, EventRow[]>();
  if (hashes.length === 0) return out;
  const rows = prepared(
    db,
    `SELECT ${EVENT_COLUMNS} FROM ix_extrinsics x
     JOIN ix_events e ON e.block_number = x.block_number AND e.extrinsic_idx = x.idx
     WHERE x.hash IN (${hashes.map(() => '?').join(', ')}) ORDER BY e.id`,
  ).all(...hashes) as EventRow[];
  for (const r of rows) {
    const group = out.get(r.extrinsic_hash) ?? [];
    group.push(r);
    out.set(r.extrinsic_hash, group);
  }
  return out;
}

function withEvents(db: Db, rows: ExtrinsicRow[]) {
  const events = eventsOf(
    db,
    rows.map((r) => r.hash),
  );
  return rows.map((x) => ({
    ...extrinsicRow(x),
    events: (events.get(x.hash) ?? []).map((e) => ({
      section: e.section,
      method: e.method,
      data: asRecord(e.data),
    })),
  }));
}

export function block(db: Db, input: In<'block'>) {
  const key = input.hashOrNumber;
  const byNumber = typeof key === 'number' || /^\d{1,15}$/.test(key);
  const row = (
    byNumber
      ? prepared(db, 'SELECT * FROM ix_blocks WHERE number = ?').get(Number(key))
      : prepared(db, 'SELECT * FROM ix_blocks WHERE hash = ?').get(key.toLowerCase())
  ) as BlockRow | undefined;
  if (!row) throw notFound(`Block ${key} not found`);
  const extrinsics = prepared(db, 'SELECT * FROM ix_extrinsics WHERE block_number = ? ORDER BY idx').all(
    row.number,
  ) as ExtrinsicRow[];
  const events = eventsOf(
    db,
    extrinsics.map((x) => x.hash),
  );
  return {
    ...blockRow(row),
    extrinsics: extrinsics.map((x) => {
      const { blockTimestamp: _t, ...rest } = extrinsicRow(x);
      return {
        ...rest,
        events: (events.get(x.hash) ?? []).map((e) => {
          const { blockTimestamp: _b, ...ev } = eventRow(e);
          return ev;
        }),
      };
    }),
  };
}

export function blocks(db: Db, input: In<'blocks'>) {
  const f = new Filters()
    .range('number', input.numberFrom, input.numberTo)
    .range('timestamp', ms(input.timestampFrom), ms(input.timestampTo));
  // No relay chain: every block's relay parent number is 0.
  if ((input.relayParentNumberFrom ?? 0) > 0 || (input.relayParentNumberTo ?? 0) < 0) f.empty = true;
  return list(db, {
    from: 'ix_blocks',
    select: '*',
    filters: f,
    order: orderBy(input, { orderByNumber: 'number' }, 'number DESC', 'number DESC'),
    page: input,
    defaultLimit: 100,
    map: blockRow,
  });
}

export function extrinsic(db: Db, input: In<'extrinsic'>) {
  const row = prepared(db, 'SELECT * FROM ix_extrinsics WHERE hash = ?').get(input.hash.toLowerCase()) as
    | ExtrinsicRow
    | undefined;
  if (!row) throw notFound(`Extrinsic ${input.hash} not found`);
  return withEvents(db, [row])[0];
}

export function extrinsics(db: Db, input: In<'extrinsics'>) {
  const f = new Filters()
    .in('section', input.sectionIn)
    .in('method', input.methodIn)
    .in('signer', addresses('signerIn', input.signerIn))
    .range('block_number', input.blockNumberFrom, input.blockNumberTo);
  const page = list(db, {
    from: 'ix_extrinsics',
    select: '*',
    filters: f,
    order: orderBy(
      input,
      { orderByBlockNumber: 'block_number', orderByIndex: 'idx' },
      'block_number DESC, idx DESC',
      'hash',
    ),
    page: input,
    defaultLimit: 100,
    map: (r: ExtrinsicRow) => r,
  });
  return { items: withEvents(db, page.items), count: page.count };
}

export function events(db: Db, input: In<'events'>) {
  const f = new Filters().range('block_number', input.blockNumberFrom, input.blockNumberTo);
  const call = new Filters().in('section', input.sectionIn).in('method', input.methodIn);
  const address = input.address === undefined ? undefined : oneAddress('address', input.address);
  if (call.empty) f.empty = true;
  // The rows that find events are written with a batch of blocks: those of the blocks since are written now.
  if (call.clauses.length > 0 || address !== undefined) indexEvents(db);
  if (call.clauses.length > 0)
    f.add(`id IN (SELECT event_id FROM ix_event_calls ${call.sql()})`, ...call.params);
  if (address !== undefined)
    f.add('id IN (SELECT event_id FROM ix_event_addresses WHERE address = ?)', address);
  return list(db, {
    from: 'ix_events e',
    select: EVENT_COLUMNS,
    filters: f,
    order: orderBy(input, { orderByBlockNumber: 'block_number' }, 'id DESC', 'id DESC'),
    page: input,
    defaultLimit: 100,
    map: eventRow,
    // Filtered by call alone, the events are as many as their rows in ix_event_calls (counted off its key, not
    // looked up one by one).
    ...(call.clauses.length > 0 && f.clauses.length === 1
      ? { count: { from: 'ix_event_calls', filters: call } }
      : {}),
  });
}

export function eventSections(db: Db) {
  indexEvents(db);
  return prepared(db, 'SELECT DISTINCT section, method FROM ix_event_calls ORDER BY section, method').all();
}

export function extrinsicSections(db: Db) {
  return prepared(db, 'SELECT DISTINCT section, method FROM ix_extrinsics ORDER BY section, method').all();
}
