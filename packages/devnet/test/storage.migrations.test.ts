import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keccak_256 } from '@noble/hashes/sha3.js';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { Chain } from '../src/chain/chain.js';
import { CALL_ENCODING } from '../src/chain/migrations.js';
import { openDb } from '../src/database.js';
import { INDEXER_HANDLERS } from '../src/indexer/handlers.js';
import { indexChain } from '../src/indexer/writer.js';
import { EvmStorage } from '../src/runtime/evm/storage.js';
import { alice, bob } from './helpers/accounts.js';
import { run } from './helpers/chain.js';
import { checkIndexerAgrees } from './helpers/indexerInvariants.js';
import { runCli } from './helpers/process.js';

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

/** `events` keyed by position, and the indexer's own copy of them, as devnets before the ids wrote them. */
const EVENTS_BY_POSITION = `
CREATE TABLE events (
  block_number INTEGER NOT NULL, extrinsic_idx INTEGER NOT NULL, event_idx INTEGER NOT NULL, section TEXT NOT NULL,
  method TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (block_number, extrinsic_idx, event_idx)
) WITHOUT ROWID;
CREATE TABLE ix_events (
  id INTEGER PRIMARY KEY, block_number INTEGER NOT NULL, extrinsic_idx INTEGER NOT NULL, event_idx INTEGER NOT NULL,
  extrinsic_hash TEXT NOT NULL, timestamp INTEGER NOT NULL, section TEXT NOT NULL, method TEXT NOT NULL,
  data TEXT NOT NULL, as_hex TEXT NOT NULL
);
CREATE UNIQUE INDEX ix_events_position ON ix_events(block_number, extrinsic_idx, event_idx);
`;
const EVENT_COLUMNS = 'block_number, extrinsic_idx, event_idx, section, method, data';

describe('opening a database an older devnet wrote', () => {
  it('extrinsics keyed by hash and events keyed by position become rows in order; statuses, the indexer (rebuilt) and new blocks work on', async () => {
    const path = join(dir, 'keyed.sqlite');
    let chain = new Chain({ index: indexChain, db: openDb({ path, reset: true }), instant: true });
    const hashes = [
      (await run(chain, alice, 'balances', 'transferKeepAlive', { dest: bob.address, value: '1000' })).hash,
      (await run(chain, bob, 'balances', 'transferKeepAlive', { dest: alice.address, value: '7' })).hash,
    ];
    chain.commit();
    const records = hashes.map((h) => chain.history.get(h));
    const listed = INDEXER_HANDLERS.extrinsics(chain.storage.db, {});
    const events = INDEXER_HANDLERS.events(chain.storage.db, { limit: 1000 } as never);
    const coinTransfers = INDEXER_HANDLERS.balanceTransfers(chain.storage.db, {});
    const byAddress = INDEXER_HANDLERS.events(chain.storage.db, { address: bob.address } as never);
    // Put the old layout back, with the same rows.
    const db = chain.storage.db;
    db.exec(`
      DROP VIEW ix_extrinsics;
      DROP VIEW ix_events;
      DROP INDEX events_position;
      DROP INDEX IF EXISTS events_call;
      ALTER TABLE events RENAME TO events_now;
      ${EVENTS_BY_POSITION}
      INSERT INTO events SELECT ${EVENT_COLUMNS} FROM events_now;
      INSERT INTO ix_events (id, ${EVENT_COLUMNS}, extrinsic_hash, timestamp, as_hex)
        SELECT e.id, ${EVENT_COLUMNS.split(', ')
          .map((c) => `e.${c}`)
          .join(', ')}, x.hash, b.timestamp, ''
        FROM events_now e JOIN blocks b ON b.number = e.block_number
        JOIN extrinsics x ON x.block_number = e.block_number AND x.idx = e.extrinsic_idx;
      DROP TABLE events_now;
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

    chain = new Chain({ index: indexChain, db: openDb({ path }), instant: true });
    const sql = chain.storage.db
      .prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'extrinsics'")
      .pluck()
      .get() as string;
    expect(sql).not.toMatch(/WITHOUT ROWID/i);
    const ids = chain.storage.db.prepare('SELECT id, hash FROM extrinsics ORDER BY id').all();
    expect(ids.map((r) => (r as { hash: string }).hash).slice(-2)).toEqual(hashes);
    expect(hashes.map((h) => chain.history.get(h))).toEqual(records);
    expect(INDEXER_HANDLERS.extrinsics(chain.storage.db, {})).toEqual(listed);
    expect(INDEXER_HANDLERS.events(chain.storage.db, { limit: 1000 } as never)).toEqual(events);
    expect(INDEXER_HANDLERS.balanceTransfers(chain.storage.db, {})).toEqual(coinTransfers);
    expect(INDEXER_HANDLERS.events(chain.storage.db, { address: bob.address } as never)).toEqual(byAddress);
    const eventsSql = chain.storage.db
      .prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'events'")
      .pluck()
      .get() as string;
    expect(eventsSql).not.toMatch(/WITHOUT ROWID/i);
    const next = await run(chain, alice, 'balances', 'transferKeepAlive', { dest: bob.address, value: '5' });
    expect(next.success).toBe(true);
    expect(chain.history.get(next.hash)?.blockNumber).toBe(chain.headNumber);
    checkIndexerAgrees(chain);
    chain.stop();
    chain.storage.db.close();

    // Opening it again changes nothing.
    chain = new Chain({ index: indexChain, db: openDb({ path }), instant: true });
    expect(chain.history.get(next.hash)).toBeDefined();
    chain.stop();
    chain.storage.db.close();
  });

  it('contracts stored before code hashes get them: an account read answers the hash without the code', () => {
    const path = join(dir, 'code-hash.sqlite');
    const contract = `0x${'ab'.repeat(20)}`;
    const wallet = `0x${'cd'.repeat(20)}`;
    const code = new Uint8Array([0x60, 0x00, 0x60, 0x00, 0xfd]);
    let db = openDb({ path, reset: true });
    db.exec(`DROP TABLE evm_accounts;
      CREATE TABLE evm_accounts (address TEXT PRIMARY KEY, nonce INTEGER NOT NULL DEFAULT 0, code BLOB, deployer TEXT)
      WITHOUT ROWID;`);
    db.prepare('INSERT INTO evm_accounts (address, nonce, code, deployer) VALUES (?, 1, ?, ?)').run(
      contract,
      code,
      wallet,
    );
    db.prepare('INSERT INTO evm_accounts (address, nonce) VALUES (?, 3)').run(wallet);
    db.close();

    db = openDb({ path });
    const evm = new EvmStorage(db);
    expect(evm.header(contract)).toEqual({ nonce: 1n, codeHash: keccak_256(code), deployer: wallet });
    expect(evm.header(wallet)).toEqual({ nonce: 3n, codeHash: null, deployer: null });
    expect(evm.account(contract).code).toEqual(code);
    // The nonce alone changes; code, its hash and the deployer stay.
    evm.putNonce(contract, 2n);
    expect(evm.header(contract)).toEqual({ nonce: 2n, codeHash: keccak_256(code), deployer: wallet });
    expect(evm.account(contract).code).toEqual(code);
    db.close();
  });

  describe('a chain whose calls an older devnet encoded', () => {
    const encodingOf = (path: string) => {
      const db = openDb({ path });
      const value = db.prepare("SELECT value FROM meta WHERE key = 'call_encoding'").pluck().get();
      db.close();
      return value;
    };
    /** A chain with one extrinsic, then its encoding mark set to `mark` (deleted when undefined). */
    async function olderChain(name: string, mark: string | undefined) {
      const path = join(dir, name);
      const chain = new Chain({ index: indexChain, db: openDb({ path, reset: true }), instant: true });
      await run(chain, alice, 'balances', 'transferKeepAlive', { dest: bob.address, value: '1' });
      chain.stop();
      const db = chain.storage.db;
      if (mark === undefined) db.prepare("DELETE FROM meta WHERE key = 'call_encoding'").run();
      else db.prepare("UPDATE meta SET value = ? WHERE key = 'call_encoding'").run(mark);
      db.close();
      return path;
    }

    it('a new database is marked with the current encoding, and opens again', () => {
      const path = join(dir, 'marked.sqlite');
      openDb({ path, reset: true }).close();
      expect(encodingOf(path)).toBe(CALL_ENCODING);
    });

    it('is refused, naming --reset, and left as it was; with --reset a new chain starts', async () => {
      for (const mark of [undefined, 'pallet ‖ call ‖ JSON']) {
        const path = await olderChain(`older-${mark === undefined ? 'unmarked' : 'marked'}.sqlite`, mark);
        expect(() => openDb({ path })).toThrow(/calls are encoded as an older devnet encoded them.*--reset/);
        const raw = new Database(path, { readonly: true });
        expect(raw.prepare('SELECT count(*) FROM extrinsics').pluck().get()).toBe(1);
        expect(raw.prepare("SELECT value FROM meta WHERE key = 'call_encoding'").pluck().get()).toBe(mark);
        raw.close();
        const chain = new Chain({ index: indexChain, db: openDb({ path, reset: true }), instant: true });
        expect(chain.storage.db.prepare('SELECT count(*) FROM extrinsics').pluck().get()).toBe(0);
        chain.stop();
        chain.storage.db.close();
      }
    });

    it('an older database without extrinsics is taken, and marked', () => {
      const path = join(dir, 'older-empty.sqlite');
      const db = openDb({ path, reset: true });
      db.prepare("DELETE FROM meta WHERE key = 'call_encoding'").run();
      db.close();
      expect(encodingOf(path)).toBe(CALL_ENCODING);
    });

    it('the CLI stops with the message and exit code 1', async () => {
      const path = await olderChain('older-cli.sqlite', undefined);
      const { code, stdout, stderr } = await runCli(['--port', '0', '--db', path]);
      expect(code).toBe(1);
      expect(stdout + stderr).toMatch(/older devnet encoded them.*Start with --reset/s);
    });
  });
});
