import { keccak_256 } from '@noble/hashes/sha3.js';

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
