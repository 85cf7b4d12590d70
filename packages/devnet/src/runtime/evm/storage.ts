import type { Db } from '../../storage/db.js';
import { type RowCache, rowCache } from '../../storage/rowCache.js';
import type { RuntimeStorage } from '../storage.js';
import { codeHashOf, EVM_ACCOUNTS_TABLE_SQL } from './accountsTable.js';
import { CONTRACT_HELPERS_SCHEMA_SQL, CONTRACT_HELPERS_STATE_TABLES } from './contracts/helpersStorage.js';
import { bytesToWord, word32 } from './words.js';

/**
 * EVM state the runtime does not already hold: account nonces, contract code (with who deployed it) and contract
 * storage slots. Balances are not here: an Ethereum address's balance is its substrate mirror's (chain-rules §7).
 * Addresses are lower-case 0x hex; slots and values are 32-byte blobs (a zero value is no row).
 */
export const EVM_SCHEMA_SQL = `
${EVM_ACCOUNTS_TABLE_SQL}
CREATE TABLE IF NOT EXISTS evm_storage (
  address TEXT NOT NULL,
  slot BLOB NOT NULL,
  value BLOB NOT NULL,
  PRIMARY KEY (address, slot)
) WITHOUT ROWID;
${CONTRACT_HELPERS_SCHEMA_SQL}`;

export const EVM_STATE_TABLES = ['evm_accounts', 'evm_storage', ...CONTRACT_HELPERS_STATE_TABLES] as const;

type AccountRow = { nonce: number; code: Uint8Array | null; deployer: string | null };
type HeaderRow = { nonce: number; code_hash: Uint8Array | null; deployer: string | null };
export type EvmAccountRecord = { nonce: bigint; code: Uint8Array; deployer: string | null };
/** An account without its code: what most reads need (a contract's code is kilobytes, its hash 32 bytes). */
export type EvmAccountHeader = { nonce: bigint; codeHash: Uint8Array | null; deployer: string | null };

const EMPTY = new Uint8Array(0);

export class EvmStorage {
  readonly #account;
  readonly #header;
  readonly #putAccount;
  readonly #putNonce;
  readonly #deleteAccount;
  readonly #slot;
  readonly #putSlot;
  readonly #deleteSlot;
  readonly #clearSlots;
  /** Headers are read about eight times per Ethereum transaction (nonce checks of the pool, the EVM's accounts). */
  readonly #headers: RowCache<EvmAccountHeader>;
  /**
   * Slot values by address and slot, zero for a slot without a row: an `eth_call` of a view reads its slots on every
   * call. Kept as words (a bigint is immutable, so nothing handed out can change what is kept).
   */
  readonly #slots: RowCache<bigint>;

  constructor(db: Db) {
    this.#headers = rowCache(db, 'evm_accounts');
    this.#slots = rowCache(db, 'evm_storage');
    this.#account = db.prepare<[string], AccountRow>(
      'SELECT nonce, code, deployer FROM evm_accounts WHERE address = ?',
    );
    this.#header = db.prepare<[string], HeaderRow>(
      'SELECT nonce, code_hash, deployer FROM evm_accounts WHERE address = ?',
    );
    this.#putAccount = db.prepare(
      'INSERT INTO evm_accounts (address, nonce, code, deployer, code_hash) VALUES (?, ?, ?, ?, ?) ON CONFLICT(address) DO UPDATE SET nonce = excluded.nonce, code = excluded.code, deployer = excluded.deployer, code_hash = excluded.code_hash',
    );
    this.#putNonce = db.prepare(
      'INSERT INTO evm_accounts (address, nonce) VALUES (?, ?) ON CONFLICT(address) DO UPDATE SET nonce = excluded.nonce',
    );
    this.#deleteAccount = db.prepare('DELETE FROM evm_accounts WHERE address = ?');
    this.#slot = db
      .prepare<[string, Uint8Array], Uint8Array>(
        'SELECT value FROM evm_storage WHERE address = ? AND slot = ?',
      )
      .pluck();
    this.#putSlot = db.prepare(
      'INSERT INTO evm_storage (address, slot, value) VALUES (?, ?, ?) ON CONFLICT(address, slot) DO UPDATE SET value = excluded.value',
    );
    this.#deleteSlot = db.prepare('DELETE FROM evm_storage WHERE address = ? AND slot = ?');
    this.#clearSlots = db.prepare('DELETE FROM evm_storage WHERE address = ?');
  }

  account(address: string): EvmAccountRecord {
    const r = this.#account.get(address.toLowerCase());
    return {
      nonce: BigInt(r?.nonce ?? 0),
      code: r?.code ? new Uint8Array(r.code) : EMPTY,
      deployer: r?.deployer ?? null,
    };
  }

  header(address: string): EvmAccountHeader {
    const key = address.toLowerCase();
    const cached = this.#headers.get(key);
    if (cached) return copyHeader(cached);
    const r = this.#header.get(key);
    const header = {
      nonce: BigInt(r?.nonce ?? 0),
      codeHash: r?.code_hash ? new Uint8Array(r.code_hash) : null,
      deployer: r?.deployer ?? null,
    };
    this.#headers.set(key, copyHeader(header));
    return header;
  }

  putAccount(address: string, a: EvmAccountRecord): void {
    const key = address.toLowerCase();
    const codeHash = codeHashOf(a.code);
    if (a.nonce === 0n && a.code.length === 0 && a.deployer === null) this.#deleteAccount.run(key);
    else
      this.#putAccount.run(key, Number(a.nonce), a.code.length === 0 ? null : a.code, a.deployer, codeHash);
    this.#headers.set(key, { nonce: a.nonce, codeHash, deployer: a.deployer });
  }

  /** The nonce alone (code and deployer stay as they are; an account left with nothing has no row). */
  putNonce(address: string, nonce: bigint): void {
    const key = address.toLowerCase();
    if (nonce === 0n) {
      const h = this.header(key);
      if (h.codeHash === null && h.deployer === null) {
        this.#deleteAccount.run(key);
        this.#headers.set(key, { nonce: 0n, codeHash: null, deployer: null });
        return;
      }
    }
    this.#putNonce.run(key, Number(nonce));
    const cached = this.#headers.get(key);
    if (cached) this.#headers.set(key, { ...cached, nonce });
  }

  hasCode(address: string): boolean {
    return this.header(address).codeHash !== null;
  }

  /** A slot as stored: its value without leading zero bytes, empty for zero. */
  slot(address: string, slot: Uint8Array): Uint8Array {
    const value = this.slotWord(address, bytesToWord(slot));
    if (value === 0n) return EMPTY;
    const bytes = word32(value);
    let i = 0;
    while (bytes[i] === 0) i++;
    return bytes.subarray(i);
  }

  /** A slot's value as a 256-bit word (zero when it has no row); `key` is the slot as a word. */
  slotWord(address: string, key: bigint): bigint {
    const a = address.toLowerCase();
    const cacheKey = slotKey(a, key);
    const cached = this.#slots.get(cacheKey);
    if (cached !== undefined) return cached;
    const v = this.#slot.get(a, word32(key));
    const value = v ? bytesToWord(v) : 0n;
    this.#slots.set(cacheKey, value);
    return value;
  }

  putSlot(address: string, slot: Uint8Array, value: Uint8Array): void {
    const a = address.toLowerCase();
    if (value.every((b) => b === 0)) this.#deleteSlot.run(a, slot);
    else this.#putSlot.run(a, slot, value);
    this.#slots.set(slotKey(a, bytesToWord(slot)), bytesToWord(value));
  }

  clearSlots(address: string): void {
    this.#clearSlots.run(address.toLowerCase());
    // The cache cannot name one address's slots; clearing storage is rare (a state override, a self-destruct).
    this.#slots.clear();
  }
}

const slotKey = (address: string, key: bigint) => `${address}:${key.toString(16)}`;

const copyHeader = (h: EvmAccountHeader): EvmAccountHeader => ({
  nonce: h.nonce,
  codeHash: h.codeHash && new Uint8Array(h.codeHash),
  deployer: h.deployer,
});

const byDb = new WeakMap<Db, EvmStorage>();

/** The EVM storage of a runtime's database, with its statements prepared once. */
export function evmStorage(storage: RuntimeStorage): EvmStorage {
  let s = byDb.get(storage.db);
  if (!s) {
    s = new EvmStorage(storage.db);
    byDb.set(storage.db, s);
  }
  return s;
}
