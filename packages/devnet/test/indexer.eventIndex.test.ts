import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { revertTo, takeSnapshot } from '../src/chain/devTools.js';
import { openDb } from '../src/database.js';
import { addressesIn } from '../src/indexer/addresses.js';
import {
  EVENT_ADDRESSES_MARK_KEY,
  EVENT_CALLS_MARK_KEY,
  EVENT_INDEX_EVERY,
  EVENT_INDEX_PENDING_LIMIT,
  indexEvents,
} from '../src/indexer/eventIndex.js';
import { INDEXER_HANDLERS } from '../src/indexer/handlers.js';
import { IndexerWriter } from '../src/indexer/writer.js';
import type { Db } from '../src/storage/db.js';
import { alice, bob, charlie, dave } from './helpers/accounts.js';
import { makeChain, ok, submit } from './helpers/chain.js';
import { createCollection } from './helpers/fixtures.js';

// `ix_event_addresses` and `ix_event_calls` are written with a batch of blocks, not with each block: the events
// filters by address and by call must answer as if they were written with each block, whatever happened since the
// last batch.

type Chain = ReturnType<typeof makeChain>;

type Event = { id: number; section: string; method: string; data: string };

/** The rows every event of the chain gives, derived afresh (what writing them with each block gave). */
function expectedRows(db: Db): string[] {
  const rows: string[] = [];
  for (const e of db.prepare<[], Event>('SELECT id, section, method, data FROM events').all()) {
    rows.push(`call ${e.section}.${e.method} ${e.id}`);
    for (const a of addressesIn(JSON.parse(e.data) as Record<string, unknown>))
      rows.push(`address ${a} ${e.id}`);
  }
  return rows.sort();
}

const storedRows = (db: Db) =>
  [
    ...db
      .prepare<[], { address: string; event_id: number }>('SELECT address, event_id FROM ix_event_addresses')
      .all()
      .map((r) => `address ${r.address} ${r.event_id}`),
    ...db
      .prepare<[], { section: string; method: string; event_id: number }>('SELECT * FROM ix_event_calls')
      .all()
      .map((r) => `call ${r.section}.${r.method} ${r.event_id}`),
  ].sort();

const marks = (db: Db) => {
  const get = db.prepare<[string], string>('SELECT value FROM meta WHERE key = ?').pluck();
  return [get.get(EVENT_ADDRESSES_MARK_KEY), get.get(EVENT_CALLS_MARK_KEY)];
};

type Listed = { items: { blockNumber: number; section: string; method: string }[]; count: number };

/** The blocks of the events the indexer's filter by address answers, newest first. */
function eventsOf(chain: Chain, address: string): number[] {
  const page = INDEXER_HANDLERS.events(chain.storage.db, { address, limit: 1000 } as never) as Listed;
  return page.items.map((e) => e.blockNumber);
}

/** The events of a call the indexer's filter by call answers (newest first), and its count. */
function callEvents(
  chain: Chain,
  sectionIn: string[],
  methodIn?: string[],
): { blocks: number[]; count: number } {
  const page = INDEXER_HANDLERS.events(chain.storage.db, {
    sectionIn,
    methodIn,
    limit: 1000,
  } as never) as Listed;
  return { blocks: page.items.map((e) => e.blockNumber), count: page.count };
}

const sections = (chain: Chain) =>
  (
    INDEXER_HANDLERS.eventSections(chain.storage.db, {} as never) as { section: string; method: string }[]
  ).map((r) => `${r.section}.${r.method}`);

const pay = (chain: Chain, from: typeof alice, to: typeof bob) =>
  ok(chain, from, 'balances', 'transferKeepAlive', { dest: to.address, value: String(10n ** 15n) });

/** Empty blocks up to the next multiple of the batch (the block that writes the batch). */
function mineToBatch(chain: Chain): void {
  const left = EVENT_INDEX_EVERY - (chain.headNumber % EVENT_INDEX_EVERY);
  chain.mine(left, 1);
}

describe('the events filters by address and by call', () => {
  it('answer the blocks written since the last batch', async () => {
    const chain = makeChain();
    await pay(chain, alice, bob);
    const second = await pay(chain, charlie, dave);
    chain.commit();
    expect(chain.headNumber % EVENT_INDEX_EVERY).not.toBe(0);
    expect(eventsOf(chain, dave.address)).toEqual([second.blockNumber]);
    expect(eventsOf(chain, bob.address).length).toBeGreaterThan(0);
    expect(storedRows(chain.storage.db)).toEqual(expectedRows(chain.storage.db));
    chain.stop();
  });

  it('by call answers each call asked, newest first, with its count', async () => {
    const chain = makeChain();
    const first = await pay(chain, alice, bob);
    const second = await pay(chain, charlie, dave);
    chain.commit();
    expect(callEvents(chain, ['balances'], ['Transfer'])).toEqual({
      blocks: [second.blockNumber, first.blockNumber],
      count: 2,
    });
    const all = chain.storage.db
      .prepare("SELECT count(*) FROM events WHERE section = 'balances'")
      .pluck()
      .get();
    expect(callEvents(chain, ['balances']).count).toBe(all);
    expect(callEvents(chain, ['balances'], ['NoSuchEvent'])).toEqual({ blocks: [], count: 0 });
    expect(callEvents(chain, [])).toEqual({ blocks: [], count: 0 });
    expect(sections(chain)).toContain('balances.Transfer');
    expect(sections(chain)).toEqual(
      [
        ...new Set(
          expectedRows(chain.storage.db)
            .filter((r) => r.startsWith('call '))
            .map((r) => r.split(' ')[1]),
        ),
      ].sort(),
    );
    chain.stop();
  });

  it('are written by the block that ends a batch, without a read', async () => {
    const chain = makeChain();
    await pay(chain, alice, bob);
    chain.commit();
    expect(storedRows(chain.storage.db)).toEqual([]);
    mineToBatch(chain);
    const rows = storedRows(chain.storage.db);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(expectedRows(chain.storage.db));
    // The next block's events wait for the next batch.
    await pay(chain, charlie, dave);
    chain.commit();
    expect(storedRows(chain.storage.db)).toEqual(rows);
    chain.stop();
  });

  it('are written by a block whose events fill a batch, without waiting for the batch block', async () => {
    const chain = makeChain();
    const collectionId = await createCollection(chain);
    chain.commit();
    chain.setMiningMode({ automine: false });
    const items = Array.from({ length: 120 }, () => ({ owner: bob.address }));
    const calls = Math.ceil(EVENT_INDEX_PENDING_LIMIT / items.length);
    for (let i = 0; i < calls; i++)
      await submit(chain, alice, 'unique', 'createMultipleItemsEx', { collectionId, items });
    chain.mine(1, 1);
    expect(chain.headNumber % EVENT_INDEX_EVERY).not.toBe(0);
    const db = chain.storage.db;
    expect(
      db.prepare('SELECT count(*) FROM events WHERE block_number = ?').pluck().get(chain.headNumber),
    ).toBeGreaterThan(EVENT_INDEX_PENDING_LIMIT);
    expect(storedRows(db)).toEqual(expectedRows(db));
    chain.stop();
  });

  it('answer as before a snapshot once reverted past a batch, and after new blocks', async () => {
    const chain = makeChain();
    await pay(chain, alice, bob);
    const id = takeSnapshot(chain);
    const before = { rows: storedRows(chain.storage.db), marks: marks(chain.storage.db) };
    await pay(chain, charlie, dave);
    mineToBatch(chain);
    expect(storedRows(chain.storage.db).length).toBeGreaterThan(before.rows.length);
    revertTo(chain, BigInt(id));
    expect({ rows: storedRows(chain.storage.db), marks: marks(chain.storage.db) }).toEqual(before);
    expect(eventsOf(chain, dave.address)).toEqual([]);
    expect(callEvents(chain, ['balances'], ['Transfer']).count).toBe(1);
    // Other blocks take the reverted blocks' numbers and event ids.
    const again = await pay(chain, bob, charlie);
    chain.commit();
    expect(eventsOf(chain, charlie.address)).toEqual([again.blockNumber]);
    expect(callEvents(chain, ['balances'], ['Transfer']).blocks[0]).toBe(again.blockNumber);
    expect(storedRows(chain.storage.db)).toEqual(expectedRows(chain.storage.db));
    chain.stop();
  });

  it('on a database an older devnet indexed, start after its addresses and write every call', async () => {
    const chain = makeChain();
    await pay(chain, alice, bob);
    await pay(chain, charlie, dave);
    // An older devnet indexed each block with it.
    chain.settleIndex();
    chain.commit();
    const db = chain.storage.db;
    indexEvents(db);
    const rows = storedRows(db);
    const last = marks(db);
    // As an older devnet left it: the addresses written with each block, no calls table rows, no marks.
    db.exec('DELETE FROM ix_event_calls');
    db.prepare('DELETE FROM meta WHERE key IN (?, ?)').run(EVENT_ADDRESSES_MARK_KEY, EVENT_CALLS_MARK_KEY);
    new IndexerWriter(chain.storage).catchUp();
    expect(marks(db)).toEqual([last[0], '0']);
    indexEvents(db);
    expect(marks(db)).toEqual(last);
    expect(storedRows(db)).toEqual(rows);
    chain.stop();
  });
});

it('drops the index by call an older devnet wrote with each block', () => {
  const dir = mkdtempSync(join(tmpdir(), 'nftkit-event-index-'));
  const path = join(dir, 'chain.sqlite');
  try {
    const old = openDb({ path });
    old.exec('CREATE INDEX events_call ON events(section, method, id)');
    old.close();
    const db = openDb({ path });
    const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").pluck().all();
    expect(indexes).not.toContain('events_call');
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
