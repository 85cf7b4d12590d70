import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDb } from '../src/database.js';
import { contractHelpersStorage } from '../src/runtime/evm/contracts/helpersStorage.js';
import { evmStorage } from '../src/runtime/evm/storage.js';
import { word32 } from '../src/runtime/evm/words.js';
import { RuntimeStorage } from '../src/runtime/storage.js';
import { SystemStorage } from '../src/runtime/system/storage.js';
import { whileReplaying } from '../src/storage/replaying.js';
import { forgetCachedRows, ROW_CACHE_LIMIT, rowCache } from '../src/storage/rowCache.js';

// Accounts, EVM account headers and contract sponsoring are read many times per transaction and kept in memory,
// written through by their one writer class. What a client reads must still be exactly what the database holds,
// also after a failed call's savepoint was rolled back.
const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';
const ETH = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const balanceOf = (db: Database.Database) =>
  db.prepare<[string], { free: string }>('SELECT free FROM accounts WHERE address = ?').get(ALICE)?.free;

function chainDb() {
  const db = openDb({ path: ':memory:' });
  const storage = new RuntimeStorage(db);
  storage.system.setAccount(ALICE, { nonce: 1, free: 100n, reserved: 0n, frozen: 0n });
  return { db, storage };
}

describe('row caches', () => {
  it('serve repeated reads from memory: a write behind the writer class is not seen (the cache is on)', () => {
    const { db, storage } = chainDb();
    expect(storage.system.account(ALICE).free).toBe(100n);
    db.prepare('UPDATE accounts SET free = ? WHERE address = ?').run('5', ALICE);
    expect(storage.system.account(ALICE).free).toBe(100n);
    // Every writer goes through the class, so this only shows what a stray write would miss.
    storage.system.setAccount(ALICE, { nonce: 1, free: 7n, reserved: 0n, frozen: 0n });
    expect(storage.system.account(ALICE).free).toBe(7n);
    expect(balanceOf(db)).toBe('7');
  });

  it('forget everything when a savepoint is rolled back', () => {
    const { db, storage } = chainDb();
    db.exec('BEGIN');
    db.exec('SAVEPOINT call');
    storage.system.setAccount(ALICE, { nonce: 2, free: 40n, reserved: 0n, frozen: 0n });
    evmStorage(storage).putNonce(ETH, 5n);
    expect(storage.system.account(ALICE)).toMatchObject({ nonce: 2, free: 40n });
    expect(evmStorage(storage).header(ETH).nonce).toBe(5n);
    db.exec('ROLLBACK TO call');
    expect(storage.system.account(ALICE)).toMatchObject({ nonce: 1, free: 100n });
    expect(evmStorage(storage).header(ETH).nonce).toBe(0n);
    db.exec('COMMIT');
  });

  it('forget everything when a transaction function throws (better-sqlite3 rolls it back)', () => {
    const { db, storage } = chainDb();
    const failing = db.transaction(() => {
      storage.system.setAccount(ALICE, { nonce: 1, free: 1n, reserved: 0n, frozen: 0n });
      contractHelpersStorage(storage).put(ETH, {
        sponsor: ETH,
        confirmed: true,
        mode: 1,
        rateLimit: 3,
        feeLimit: 9n,
        allowlistEnabled: false,
      });
      throw new Error('refused');
    });
    expect(() => failing()).toThrow('refused');
    expect(storage.system.account(ALICE).free).toBe(100n);
    expect(contractHelpersStorage(storage).get(ETH).sponsor).toBeNull();
    // Nested: the inner function's savepoint goes back, the outer transaction's write stays.
    db.transaction(() => {
      storage.system.setAccount(ALICE, { nonce: 1, free: 60n, reserved: 0n, frozen: 0n });
      expect(() =>
        db.transaction(() => {
          storage.system.setAccount(ALICE, { nonce: 1, free: 2n, reserved: 0n, frozen: 0n });
          throw new Error('inner');
        })(),
      ).toThrow('inner');
    })();
    expect(storage.system.account(ALICE).free).toBe(60n);
    expect(balanceOf(db)).toBe('60');
  });

  it('are shared by every writer on one database, and hold nothing on a database openDb did not open', () => {
    const { db, storage } = chainDb();
    const other = new SystemStorage(db);
    expect(storage.system.account(ALICE).free).toBe(100n);
    other.setAccount(ALICE, { nonce: 1, free: 3n, reserved: 0n, frozen: 0n });
    expect(storage.system.account(ALICE).free).toBe(3n);

    const raw = new Database(':memory:');
    raw.exec(
      'CREATE TABLE accounts (address TEXT PRIMARY KEY, nonce INTEGER, free TEXT, reserved TEXT, frozen TEXT)',
    );
    const plain = new SystemStorage(raw);
    plain.setAccount(ALICE, { nonce: 0, free: 1n, reserved: 0n, frozen: 0n });
    raw.prepare('UPDATE accounts SET free = ? WHERE address = ?').run('2', ALICE);
    expect(plain.account(ALICE).free).toBe(2n);
  });

  it('return copies, and start again empty past their limit', () => {
    const { db, storage } = chainDb();
    const a = storage.system.account(ALICE);
    a.free = 1n;
    expect(storage.system.account(ALICE).free).toBe(100n);
    const cache = rowCache<number>(db, 'test');
    for (let i = 0; i < ROW_CACHE_LIMIT; i++) cache.set(String(i), i);
    expect(cache.size).toBe(ROW_CACHE_LIMIT);
    cache.set('one more', 1);
    expect(cache.size).toBe(1);
  });

  it('keep meta values, forgotten on a rollback and when rows are put back behind their backs', () => {
    const { db, storage } = chainDb();
    const metaInTable = () => db.prepare("SELECT value FROM meta WHERE key = 'k'").pluck().get();
    expect(storage.meta.get('k')).toBeUndefined();
    storage.meta.set('k', 1);
    expect(storage.meta.get('k')).toBe('1');
    db.prepare("UPDATE meta SET value = '5' WHERE key = 'k'").run();
    // A stray write is not seen: the values are kept in memory.
    expect(storage.meta.get('k')).toBe('1');
    storage.meta.set('k', 1);
    db.exec('BEGIN');
    db.exec('SAVEPOINT call');
    storage.meta.set('k', 2);
    expect(storage.meta.get('k')).toBe('2');
    db.exec('ROLLBACK TO call');
    expect(storage.meta.get('k')).toBe('1');
    db.exec('COMMIT');
    // Rows put back as they were (a snapshot revert, the chain written back to its genesis) are read again.
    whileReplaying(db, () => db.prepare("UPDATE meta SET value = '9' WHERE key = 'k'").run());
    expect(storage.meta.get('k')).toBe('9');
    expect(metaInTable()).toBe('9');
  });
});

describe('the EVM storage slot cache', () => {
  const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
  const OTHER = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';
  const key = (n: number) => word32(BigInt(n));
  const stored = (db: Database.Database, address: string, n: number) =>
    db
      .prepare<[string, Uint8Array], { value: Uint8Array }>(
        'SELECT value FROM evm_storage WHERE address = ? AND slot = ?',
      )
      .get(address.toLowerCase(), key(n))?.value;

  it('serves a slot from memory, written through by putSlot (a raw write is not seen: the cache is on)', () => {
    const { db, storage } = chainDb();
    const evm = evmStorage(storage);
    expect(evm.slotWord(TOKEN, 1n)).toBe(0n);
    evm.putSlot(TOKEN, key(1), Uint8Array.of(7));
    expect(evm.slotWord(TOKEN.toLowerCase(), 1n)).toBe(7n);
    expect(evm.slot(TOKEN, key(1))).toEqual(Uint8Array.of(7));
    db.prepare('UPDATE evm_storage SET value = ? WHERE address = ?').run(
      Uint8Array.of(9),
      TOKEN.toLowerCase(),
    );
    expect(evm.slotWord(TOKEN, 1n)).toBe(7n);
    // Every writer goes through the class; a zero value deletes the row and reads zero.
    evm.putSlot(TOKEN, key(1), new Uint8Array(0));
    expect(stored(db, TOKEN, 1)).toBeUndefined();
    expect(evm.slotWord(TOKEN, 1n)).toBe(0n);
    expect(evm.slot(TOKEN, key(1))).toEqual(new Uint8Array(0));
    evm.putSlot(TOKEN, key(2), Uint8Array.of(1, 0, 0));
    expect(evm.slot(TOKEN, key(2))).toEqual(Uint8Array.of(1, 0, 0));
    expect(evm.slotWord(TOKEN, 2n)).toBe(0x10000n);
  });

  it('forgets a slot written in a savepoint that is rolled back, and one written behind it by a rewrite', () => {
    const { db, storage } = chainDb();
    const evm = evmStorage(storage);
    evm.putSlot(TOKEN, key(1), Uint8Array.of(5));
    db.exec('BEGIN');
    db.exec('SAVEPOINT call');
    evm.putSlot(TOKEN, key(1), Uint8Array.of(6));
    evm.putSlot(TOKEN, key(3), Uint8Array.of(8));
    expect(evm.slotWord(TOKEN, 1n)).toBe(6n);
    db.exec('ROLLBACK TO call');
    expect(evm.slotWord(TOKEN, 1n)).toBe(5n);
    expect(evm.slotWord(TOKEN, 3n)).toBe(0n);
    db.exec('COMMIT');
    // An older block's state put back by raw SQL (chain/stateHistory.ts) tells the caches so.
    db.prepare('UPDATE evm_storage SET value = ? WHERE address = ?').run(
      Uint8Array.of(4),
      TOKEN.toLowerCase(),
    );
    forgetCachedRows(db);
    expect(evm.slotWord(TOKEN, 1n)).toBe(4n);
  });

  it('reads every slot of an account zero after its storage is cleared, and the others as they are', () => {
    const { storage } = chainDb();
    const evm = evmStorage(storage);
    evm.putSlot(TOKEN, key(1), Uint8Array.of(1));
    evm.putSlot(OTHER, key(1), Uint8Array.of(2));
    expect(evm.slotWord(TOKEN, 1n)).toBe(1n);
    expect(evm.slotWord(OTHER, 1n)).toBe(2n);
    evm.clearSlots(TOKEN);
    expect(evm.slotWord(TOKEN, 1n)).toBe(0n);
    expect(evm.slotWord(OTHER, 1n)).toBe(2n);
  });
});
