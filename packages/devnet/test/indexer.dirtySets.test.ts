import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Chain } from '../src/chain/chain.js';
import { openDb } from '../src/database.js';
import { indexChain } from '../src/indexer/writer.js';
import { bob } from './helpers/accounts.js';
import { run } from './helpers/chain.js';

// The indexer learns what a block changed from triggers that fill "dirty" sets. They live in the connection's TEMP
// schema: nothing of them reaches the database file, and a database from before (sets and triggers in the file)
// loses those on opening and goes on indexing through the new ones.
const dir = mkdtempSync(join(tmpdir(), 'nftkit-dirty-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const inFile = (db: ReturnType<typeof openDb>) =>
  db
    .prepare<[], string>("SELECT name FROM main.sqlite_master WHERE name LIKE 'ix_dirty%' ORDER BY name")
    .pluck()
    .all();
const inTemp = (db: ReturnType<typeof openDb>) =>
  db
    .prepare<[], string>("SELECT name FROM temp.sqlite_master WHERE name LIKE 'ix_dirty%' ORDER BY name")
    .pluck()
    .all();
const coinBalance = (db: ReturnType<typeof openDb>, address: string) =>
  db.prepare<[string], string>('SELECT free FROM ix_coin_balances WHERE address = ?').pluck().get(address);

describe('the indexer dirty sets', () => {
  it('live in TEMP, so a block writes none of them to the file', async () => {
    const path = join(dir, 'fresh.sqlite');
    const db = openDb({ path, reset: true });
    expect(inFile(db)).toEqual([]);
    expect(inTemp(db)).toContain('ix_dirty_accounts');
    expect(inTemp(db)).toContain('ix_dirty_tokens_insert');
    const chain = new Chain({ index: indexChain, db, instant: true });
    const before = BigInt(coinBalance(db, bob.address) ?? '0');
    await run(chain, bob, 'balances', 'transferKeepAlive', { dest: bob.address, value: '5' });
    // Read straight from the table: the blocks whose rows wait for a batch are settled first, as readers do.
    chain.settleIndex();
    // Bob paid a fee: the trigger marked him and the indexer rewrote his row.
    expect(BigInt(coinBalance(db, bob.address)!)).toBeLessThan(before);
    expect(db.prepare('SELECT count(*) FROM ix_dirty_accounts').pluck().get()).toBe(0);
    chain.stop();
    db.close();
  });

  it('replace the sets and triggers a database from before kept in its file', async () => {
    const path = join(dir, 'legacy.sqlite');
    const old = openDb({ path, reset: true });
    old.exec(`DROP TRIGGER temp.ix_dirty_accounts_update;
      CREATE TABLE main.ix_dirty_accounts (address TEXT PRIMARY KEY) WITHOUT ROWID;
      CREATE TRIGGER main.ix_dirty_accounts_update AFTER UPDATE ON main.accounts BEGIN
        INSERT OR IGNORE INTO ix_dirty_accounts (address) VALUES (NEW.address);
      END;`);
    expect(inFile(old)).toEqual(['ix_dirty_accounts', 'ix_dirty_accounts_update']);
    old.close();

    const db = openDb({ path });
    expect(inFile(db)).toEqual([]);
    const chain = new Chain({ index: indexChain, db, instant: true });
    const before = BigInt(coinBalance(db, bob.address) ?? '0');
    await run(chain, bob, 'balances', 'transferKeepAlive', { dest: bob.address, value: '5' });
    chain.settleIndex();
    expect(BigInt(coinBalance(db, bob.address)!)).toBeLessThan(before);
    chain.stop();
    db.close();
  });
});
