import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Chain } from '../src/chain/chain.js';
import { INDEXER_HANDLERS } from '../src/indexer/handlers.js';
import { openDb } from '../src/storage/db.js';
import { alice, bob } from './helpers/accounts.js';
import { run } from './helpers/chain.js';
import { checkIndexerAgrees } from './helpers/indexerInvariants.js';

const dir = mkdtempSync(join(tmpdir(), 'nftkit-migrations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The `extrinsics` table as devnets before the rowid layout wrote it. */
const KEYED_BY_HASH = `
CREATE TABLE extrinsics (
  hash TEXT PRIMARY KEY, block_number INTEGER NOT NULL, idx INTEGER NOT NULL, signer TEXT, nonce INTEGER,
  section TEXT NOT NULL, method TEXT NOT NULL, args TEXT NOT NULL, success INTEGER NOT NULL, error TEXT,
  fee TEXT NOT NULL, encoded BLOB NOT NULL
) WITHOUT ROWID;
CREATE INDEX extrinsics_block ON extrinsics(block_number, idx);
`;
const COLUMNS = 'hash, block_number, idx, signer, nonce, section, method, args, success, error, fee, encoded';

describe('opening a database an older devnet wrote', () => {
  it('extrinsics keyed by hash become rows in inclusion order; statuses, the indexer and new blocks work on', async () => {
    const path = join(dir, 'keyed.sqlite');
    let chain = new Chain({ db: openDb({ path, reset: true }), instant: true });
    const hashes = [
      (await run(chain, alice, 'balances', 'transferKeepAlive', { dest: bob.address, value: '1000' })).hash,
      (await run(chain, bob, 'balances', 'transferKeepAlive', { dest: alice.address, value: '7' })).hash,
    ];
    chain.commit();
    const records = hashes.map((h) => chain.history.get(h));
    const listed = INDEXER_HANDLERS.extrinsics(chain.storage.db, {});
    // Put the old layout back, with the same rows.
    const db = chain.storage.db;
    db.exec(`
      DROP VIEW ix_extrinsics;
      DROP INDEX extrinsics_block;
      DROP INDEX extrinsics_signer;
      DROP INDEX extrinsics_call;
      ALTER TABLE extrinsics RENAME TO current_layout;
      ${KEYED_BY_HASH}
      INSERT INTO extrinsics (${COLUMNS}) SELECT ${COLUMNS} FROM current_layout;
      DROP TABLE current_layout;
    `);
    chain.stop();
    db.close();

    chain = new Chain({ db: openDb({ path }), instant: true });
    const sql = chain.storage.db
      .prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'extrinsics'")
      .pluck()
      .get() as string;
    expect(sql).not.toMatch(/WITHOUT ROWID/i);
    const ids = chain.storage.db.prepare('SELECT id, hash FROM extrinsics ORDER BY id').all();
    expect(ids.map((r) => (r as { hash: string }).hash).slice(-2)).toEqual(hashes);
    expect(hashes.map((h) => chain.history.get(h))).toEqual(records);
    expect(INDEXER_HANDLERS.extrinsics(chain.storage.db, {})).toEqual(listed);
    const next = await run(chain, alice, 'balances', 'transferKeepAlive', { dest: bob.address, value: '5' });
    expect(next.success).toBe(true);
    expect(chain.history.get(next.hash)?.blockNumber).toBe(chain.headNumber);
    checkIndexerAgrees(chain);
    chain.stop();
    chain.storage.db.close();

    // Opening it again changes nothing.
    chain = new Chain({ db: openDb({ path }), instant: true });
    expect(chain.history.get(next.hash)).toBeDefined();
    chain.stop();
    chain.storage.db.close();
  });
});
