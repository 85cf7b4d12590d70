import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Chain } from '../src/chain/chain.js';
import { openDb } from '../src/database.js';
import { INDEXER_HANDLERS } from '../src/indexer/handlers.js';
import { indexChain } from '../src/indexer/writer.js';
import { alice, bob } from './helpers/accounts.js';
import { makeChain, run } from './helpers/chain.js';
import { checkIndexerAgrees } from './helpers/indexerInvariants.js';

const dir = mkdtempSync(join(tmpdir(), 'nftkit-indexer-history-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The indexer's blocks and extrinsics are views of the chain's own rows; databases written before kept copies.
const OLD_COPIES = `
CREATE TABLE ix_blocks (
  number INTEGER PRIMARY KEY, hash TEXT NOT NULL UNIQUE, parent_hash TEXT NOT NULL,
  spec_version INTEGER NOT NULL, timestamp INTEGER NOT NULL
);
CREATE INDEX ix_blocks_timestamp ON ix_blocks(timestamp);
CREATE TABLE ix_extrinsics (
  hash TEXT PRIMARY KEY, block_number INTEGER NOT NULL, block_hash TEXT NOT NULL, idx INTEGER NOT NULL,
  timestamp INTEGER NOT NULL, signer TEXT NOT NULL, section TEXT NOT NULL, method TEXT NOT NULL, args TEXT NOT NULL,
  as_hex TEXT NOT NULL, success INTEGER NOT NULL
) WITHOUT ROWID;
CREATE UNIQUE INDEX ix_extrinsics_position ON ix_extrinsics(block_number, idx);
`;

const answers = (chain: Chain) => {
  const db = chain.storage.db;
  const head = chain.headNumber;
  return {
    blocks: INDEXER_HANDLERS.blocks(db, {}),
    block: INDEXER_HANDLERS.block(db, { hashOrNumber: head }),
    extrinsics: INDEXER_HANDLERS.extrinsics(db, {}),
    bySigner: INDEXER_HANDLERS.extrinsics(db, { signerIn: [bob.address] } as never),
    byCall: INDEXER_HANDLERS.extrinsics(db, {
      sectionIn: ['balances'],
      methodIn: ['transferKeepAlive'],
    } as never),
    coinTransfers: INDEXER_HANDLERS.balanceTransfers(db, {}),
  };
};

describe('indexer history', () => {
  it('blocks and extrinsics answer from the chain rows: every field, every filter', async () => {
    const chain = makeChain();
    await run(chain, alice, 'balances', 'transferKeepAlive', { dest: bob.address, value: '1000' });
    await run(chain, bob, 'balances', 'transferKeepAlive', { dest: alice.address, value: '7' });
    chain.commit();
    const a = answers(chain);
    const [last] = (a.extrinsics as { items: Record<string, unknown>[] }).items;
    const row = chain.storage.db
      .prepare('SELECT hash, block_number, encoded FROM extrinsics ORDER BY block_number DESC LIMIT 1')
      .get() as { hash: string; block_number: number; encoded: Buffer };
    expect(last).toMatchObject({
      hash: row.hash,
      blockNumber: row.block_number,
      blockHash: chain.blockHash(row.block_number),
      signer: bob.address,
      section: 'balances',
      method: 'transferKeepAlive',
      asHex: `0x${row.encoded.toString('hex')}`,
    });
    expect((a.bySigner as { items: unknown[] }).items).toHaveLength(1);
    expect((a.byCall as { items: unknown[] }).items).toHaveLength(2);
    expect(a.block).toMatchObject({ number: chain.headNumber, specVersion: expect.any(Number) });
    checkIndexerAgrees(chain);
    chain.stop();
  });

  it('a database whose indexer kept copies of them opens with the views and answers the same', async () => {
    const path = join(dir, 'copies.sqlite');
    let chain = new Chain({ index: indexChain, db: openDb({ path, reset: true }), instant: true });
    await run(chain, alice, 'balances', 'transferKeepAlive', { dest: bob.address, value: '1000' });
    await run(chain, bob, 'balances', 'transferKeepAlive', { dest: alice.address, value: '7' });
    chain.commit();
    const before = answers(chain);
    // Make it an older database: the two views replaced by stale copies (one row too few, to tell them apart).
    const db = chain.storage.db;
    db.exec('DROP VIEW ix_blocks; DROP VIEW ix_extrinsics;');
    db.exec(OLD_COPIES);
    db.exec(
      `INSERT INTO ix_blocks SELECT number, hash, parent_hash, 1, timestamp FROM blocks WHERE number > 0`,
    );
    chain.stop();
    db.close();

    chain = new Chain({ index: indexChain, db: openDb({ path }), instant: true });
    const kinds = chain.storage.db
      .prepare(
        "SELECT name, type FROM sqlite_master WHERE name IN ('ix_blocks', 'ix_extrinsics') ORDER BY name",
      )
      .all();
    expect(kinds).toEqual([
      { name: 'ix_blocks', type: 'view' },
      { name: 'ix_extrinsics', type: 'view' },
    ]);
    expect(answers(chain)).toEqual(before);
    chain.stop();
    chain.storage.db.close();
  });
});
