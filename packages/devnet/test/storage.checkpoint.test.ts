import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Chain } from '../src/chain/chain.js';
import { openDb } from '../src/database.js';
import { indexChain } from '../src/indexer/writer.js';
import { alice, bob } from './helpers/accounts.js';
import { run } from './helpers/chain.js';

// Blocks are committed to the WAL; copying the WAL into the database file (a checkpoint, with its fsync) waits for a
// moment without blocks, so no request waits on it. What a checkpoint copies is what was committed: nothing changes.

const dir = mkdtempSync(join(tmpdir(), 'nftkit-checkpoint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the WAL', () => {
  it('is copied into the database file once the chain is idle, not while blocks come', async () => {
    const path = join(dir, 'idle.sqlite');
    const db = openDb({ path, reset: true });
    const chain = new Chain({ index: indexChain, db, instant: true });
    // The schema and genesis, copied in once.
    db.pragma('wal_checkpoint(TRUNCATE)');
    const before = statSync(path).size;
    for (let i = 0; i < 30; i++)
      await run(chain, alice, 'balances', 'transferKeepAlive', { dest: bob.address, value: '1' });
    chain.commit();
    // Busy: the blocks are in the WAL only.
    expect(statSync(path).size).toBe(before);
    expect(statSync(`${path}-wal`).size).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(statSync(path).size).toBeGreaterThan(before);
    const head = chain.headNumber;
    chain.stop();
    db.close();
    const reopened = new Chain({ index: indexChain, db: openDb({ path }), instant: true });
    expect(reopened.headNumber).toBe(head);
    reopened.stop();
    reopened.storage.db.close();
  });
});
