import { describe, expect, it } from 'vitest';
import { revertTo, takeSnapshot } from '../src/chain/devTools.js';
import { addressesIn } from '../src/indexer/addresses.js';
import {
  EVENT_ADDRESSES_EVERY,
  EVENT_ADDRESSES_MARK_KEY,
  indexEventAddresses,
} from '../src/indexer/eventAddresses.js';
import { INDEXER_HANDLERS } from '../src/indexer/handlers.js';
import { IndexerWriter } from '../src/indexer/writer.js';
import type { Db } from '../src/storage/db.js';
import { alice, bob, charlie, dave } from './helpers/accounts.js';
import { makeChain, ok } from './helpers/chain.js';

// `ix_event_addresses` is written with a batch of blocks, not with each block: the events filter by address must
// answer as if it were written with each block, whatever happened since the last batch.

type Chain = ReturnType<typeof makeChain>;

/** The rows every event of the chain gives, derived afresh (what writing them with each block gave). */
function expectedRows(db: Db): string[] {
  const rows: string[] = [];
  for (const e of db.prepare<[], { id: number; data: string }>('SELECT id, data FROM events').all())
    for (const a of addressesIn(JSON.parse(e.data) as Record<string, unknown>)) rows.push(`${a} ${e.id}`);
  return rows.sort();
}

const storedRows = (db: Db) =>
  db
    .prepare<[], { address: string; event_id: number }>('SELECT address, event_id FROM ix_event_addresses')
    .all()
    .map((r) => `${r.address} ${r.event_id}`)
    .sort();

const mark = (db: Db) =>
  db.prepare<[string], string>('SELECT value FROM meta WHERE key = ?').pluck().get(EVENT_ADDRESSES_MARK_KEY);

/** The ids of the events the indexer's filter by address answers, newest first. */
function eventsOf(chain: Chain, address: string): number[] {
  const page = INDEXER_HANDLERS.events(chain.storage.db, { address, limit: 1000 } as never) as {
    items: { blockNumber: number; section: string; method: string; data: Record<string, unknown> }[];
  };
  return page.items.map((e) => e.blockNumber);
}

const pay = (chain: Chain, from: typeof alice, to: typeof bob) =>
  ok(chain, from, 'balances', 'transferKeepAlive', { dest: to.address, value: String(10n ** 15n) });

/** Empty blocks up to the next multiple of the batch (the block that writes the batch). */
function mineToBatch(chain: Chain): void {
  const left = EVENT_ADDRESSES_EVERY - (chain.headNumber % EVENT_ADDRESSES_EVERY);
  chain.mine(left, 1);
}

describe('the events filter by address', () => {
  it('answers the blocks written since the last batch', async () => {
    const chain = makeChain();
    await pay(chain, alice, bob);
    const second = await pay(chain, charlie, dave);
    chain.commit();
    expect(chain.headNumber % EVENT_ADDRESSES_EVERY).not.toBe(0);
    expect(eventsOf(chain, dave.address)).toEqual([second.blockNumber]);
    expect(eventsOf(chain, bob.address).length).toBeGreaterThan(0);
    expect(storedRows(chain.storage.db)).toEqual(expectedRows(chain.storage.db));
    chain.stop();
  });

  it('is written by the block that ends a batch, without a read', async () => {
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

  it('answers as before a snapshot once reverted past a batch, and after new blocks', async () => {
    const chain = makeChain();
    await pay(chain, alice, bob);
    const id = takeSnapshot(chain);
    const before = { rows: storedRows(chain.storage.db), mark: mark(chain.storage.db) };
    await pay(chain, charlie, dave);
    mineToBatch(chain);
    expect(storedRows(chain.storage.db).length).toBeGreaterThan(before.rows.length);
    revertTo(chain, BigInt(id));
    expect({ rows: storedRows(chain.storage.db), mark: mark(chain.storage.db) }).toEqual(before);
    expect(eventsOf(chain, dave.address)).toEqual([]);
    // Other blocks take the reverted blocks' numbers and event ids.
    const again = await pay(chain, bob, charlie);
    chain.commit();
    expect(eventsOf(chain, charlie.address)).toEqual([again.blockNumber]);
    expect(storedRows(chain.storage.db)).toEqual(expectedRows(chain.storage.db));
    chain.stop();
  });

  it('on a database indexed with each block, starts after the indexed events and writes none twice', async () => {
    const chain = makeChain();
    await pay(chain, alice, bob);
    await pay(chain, charlie, dave);
    chain.commit();
    const db = chain.storage.db;
    indexEventAddresses(db);
    const rows = storedRows(db);
    const last = mark(db);
    // As an older devnet left it: every row written, no mark.
    db.prepare('DELETE FROM meta WHERE key = ?').run(EVENT_ADDRESSES_MARK_KEY);
    new IndexerWriter(chain.storage).catchUp();
    expect(mark(db)).toBe(last);
    expect(storedRows(db)).toEqual(rows);
    chain.stop();
  });
});
