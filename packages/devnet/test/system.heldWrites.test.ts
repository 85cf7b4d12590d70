import type Database from 'better-sqlite3';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { ETH_DEV_ACCOUNTS } from '../src/chain/ethDevAccounts.js';
import { openDb } from '../src/database.js';
import { ETH_CHAIN_ID } from '../src/runtime/ethereum/transaction.js';
import { GAS_PRICE } from '../src/runtime/evm/gas.js';
import { balanceAccount, ethBalance } from '../src/runtime/evm/value.js';
import { RuntimeStorage } from '../src/runtime/storage.js';
import type { AccountInfo } from '../src/runtime/system/storage.js';
import { TREASURY_ADDRESS } from '../src/runtime/treasury.js';
import { atomically, Savepoint } from '../src/storage/savepoint.js';
import { makeChain } from './helpers/chain.js';

// An account row written several times in one call (an Ethereum transaction's gas reserve, value and refund) is
// written once, when the call returns. Everything must read as if each write had gone to the table: the class's own
// reads, the table itself once a savepoint opens or closes, and a failed call leaves nothing.
const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';
const BOB = '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty';
const account = (free: bigint, nonce = 0): AccountInfo => ({ nonce, free, reserved: 0n, frozen: 0n });

/** A database whose `accounts` writes are counted, with Alice holding 100. */
function countedDb() {
  const db = openDb({ path: ':memory:' });
  const storage = new RuntimeStorage(db);
  storage.system.setAccount(ALICE, account(100n));
  countWrites(db);
  return { db, storage };
}

/** Counts every write of an `accounts` row (a TEMP trigger per kind of write). */
function countWrites(db: Database.Database): void {
  db.exec(`CREATE TEMP TABLE account_writes (address TEXT NOT NULL);
    CREATE TEMP TRIGGER count_account_updates AFTER UPDATE ON main.accounts BEGIN
      INSERT INTO account_writes VALUES (NEW.address); END;
    CREATE TEMP TRIGGER count_account_inserts AFTER INSERT ON main.accounts BEGIN
      INSERT INTO account_writes VALUES (NEW.address); END;`);
}
const writes = (db: Database.Database) =>
  db.prepare<[], string>('SELECT address FROM account_writes').pluck().all();
const freeInTable = (db: Database.Database, address: string) =>
  db.prepare<[string], string>('SELECT free FROM accounts WHERE address = ?').pluck().get(address);

describe('account writes held for one call', () => {
  it('write each row once, with its last value, and read as written meanwhile', () => {
    const { db, storage } = countedDb();
    storage.system.coalesceWrites(() => {
      storage.system.setAccount(ALICE, account(90n));
      storage.system.setAccount(BOB, account(10n));
      storage.system.setAccount(ALICE, account(80n, 1));
      expect(storage.system.account(ALICE)).toEqual(account(80n, 1));
      expect(storage.system.hasAccount(BOB)).toBe(true);
      expect(writes(db)).toEqual([]);
    });
    expect(writes(db)).toEqual([ALICE, BOB]);
    expect(freeInTable(db, ALICE)).toBe('80');
    expect(storage.system.account(BOB)).toEqual(account(10n));
  });

  it('are written before a savepoint opens, so its rollback undoes only what was written inside it', () => {
    const { db, storage } = countedDb();
    db.exec('BEGIN');
    storage.system.coalesceWrites(() => {
      storage.system.setAccount(ALICE, account(90n));
      const sp = new Savepoint(db);
      expect(freeInTable(db, ALICE)).toBe('90');
      storage.system.setAccount(ALICE, account(70n));
      storage.system.setAccount(BOB, account(20n));
      sp.rollback();
      expect(storage.system.account(ALICE).free).toBe(90n);
      expect(storage.system.hasAccount(BOB)).toBe(false);
      storage.system.setAccount(ALICE, account(60n));
    });
    db.exec('COMMIT');
    expect(freeInTable(db, ALICE)).toBe('60');
    expect(freeInTable(db, BOB)).toBeUndefined();
  });

  it('are kept by a savepoint that is released', () => {
    const { db, storage } = countedDb();
    db.exec('BEGIN');
    storage.system.coalesceWrites(() => {
      const sp = new Savepoint(db);
      storage.system.setAccount(BOB, account(20n));
      sp.release();
      expect(freeInTable(db, BOB)).toBe('20');
    });
    db.exec('COMMIT');
    expect(storage.system.account(BOB).free).toBe(20n);
  });

  it('are dropped when the call throws, as its savepoint drops what it wrote', () => {
    const { db, storage } = countedDb();
    db.exec('BEGIN');
    expect(() =>
      atomically(db, () =>
        storage.system.coalesceWrites(() => {
          storage.system.setAccount(ALICE, account(1n));
          throw new Error('the call failed');
        }),
      ),
    ).toThrow('the call failed');
    db.exec('COMMIT');
    expect(writes(db)).toEqual([]);
    expect(storage.system.account(ALICE).free).toBe(100n);
    // Later writes go to the table again at once.
    storage.system.setAccount(ALICE, account(5n));
    expect(freeInTable(db, ALICE)).toBe('5');
  });

  it('are in the table before a read of the table itself', () => {
    const { storage } = countedDb();
    storage.system.coalesceWrites(() => {
      storage.system.setAccount(BOB, account(3n));
      expect(storage.system.allAccounts().find((a) => a.address === BOB)?.free).toBe(3n);
    });
  });
});

describe('a plain Ethereum value transfer', () => {
  it("writes its sender's row once, and the same balances as each write would have", async () => {
    const chain = makeChain();
    const [sender, recipient] = ETH_DEV_ACCOUNTS.map(([, key]) => privateKeyToAccount(key as Hex));
    const db = chain.storage.db;
    countWrites(db);
    const before = [
      ethBalance(chain.storage, sender!.address),
      ethBalance(chain.storage, recipient!.address),
    ];
    const treasury = chain.storage.system.account(TREASURY_ADDRESS).free;
    // A gas limit above what the transfer uses: the sender's row moves for the reserve, the value and the refund.
    const raw = await sender!.signTransaction({
      type: 'eip1559',
      chainId: ETH_CHAIN_ID,
      nonce: 0,
      to: recipient!.address,
      value: 7n,
      gas: 30_000n,
      maxFeePerGas: GAS_PRICE,
      maxPriorityFeePerGas: 0n,
    });
    chain.submitEthereum(raw);
    chain.commit();
    const fee = 21_000n * GAS_PRICE;
    expect(ethBalance(chain.storage, sender!.address)).toBe(before[0]! - 7n - fee);
    expect(ethBalance(chain.storage, recipient!.address)).toBe(before[1]! + 7n);
    expect(chain.storage.system.account(TREASURY_ADDRESS).free).toBe(treasury + fee);
    const written = writes(db);
    expect(written.filter((a) => a === balanceAccount(sender!.address))).toHaveLength(1);
    expect(written.filter((a) => a === balanceAccount(recipient!.address))).toHaveLength(1);
    expect(written.filter((a) => a === TREASURY_ADDRESS)).toHaveLength(1);
    chain.stop();
  });
});
