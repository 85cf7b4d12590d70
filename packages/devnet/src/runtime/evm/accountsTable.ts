import { keccak_256 } from '@noble/hashes/sha3.js';
import type Database from 'better-sqlite3';

/**
 * EVM accounts: nonce, deployer, and a contract's code with its keccak-256 beside it. The code is the last column:
 * a row is read up to the column asked for, and code past the page's room lives in overflow pages, so a read of
 * the nonce, deployer or hash never walks the code.
 */
export const EVM_ACCOUNTS_TABLE_SQL = `
CREATE TABLE IF NOT EXISTS evm_accounts (
  address TEXT PRIMARY KEY,
  nonce INTEGER NOT NULL DEFAULT 0,
  deployer TEXT,
  code_hash BLOB,
  code BLOB
) WITHOUT ROWID;
`;

/** The keccak-256 of a contract's code, as `evm_accounts.code_hash` keeps it; null for no code. */
export const codeHashOf = (code: Uint8Array): Uint8Array | null =>
  code.length === 0 ? null : keccak_256(code);

/**
 * `evm_accounts` gets the hash of each contract's code beside it and the code moves to the last column (see
 * `EVM_ACCOUNTS_TABLE_SQL`), so an account read skips the code.
 */
export function contractCodeHashes(db: Database.Database): void {
  const columns = db
    .prepare<[], string>("SELECT name FROM pragma_table_info('evm_accounts') ORDER BY cid")
    .pluck()
    .all();
  if (columns.length === 0 || columns.at(-1) === 'code') return;
  db.exec(`
    ALTER TABLE evm_accounts RENAME TO evm_accounts_code_first;
    ${EVM_ACCOUNTS_TABLE_SQL}
    INSERT INTO evm_accounts (address, nonce, deployer, code)
      SELECT address, nonce, deployer, code FROM evm_accounts_code_first;
    DROP TABLE evm_accounts_code_first;
  `);
  const put = db.prepare('UPDATE evm_accounts SET code_hash = ? WHERE address = ?');
  const rows = db
    .prepare<[], { address: string; code: Uint8Array }>(
      'SELECT address, code FROM evm_accounts WHERE code IS NOT NULL',
    )
    .all();
  for (const r of rows) put.run(codeHashOf(r.code), r.address);
}
