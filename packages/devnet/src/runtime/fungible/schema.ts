/**
 * `fungible` storage (`TotalSupply`, `Balance`, `Allowance`). Amounts are decimal TEXT: u128 does not fit an SQLite
 * integer. Accounts are normalized address strings, so the string keeps the CrossAccountId variant.
 */
export const FUNGIBLE_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS fungible_supply (collection_id INTEGER PRIMARY KEY, total TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS fungible_balances (
  collection_id INTEGER NOT NULL, account TEXT NOT NULL, balance TEXT NOT NULL,
  PRIMARY KEY (collection_id, account)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS fungible_allowances (
  collection_id INTEGER NOT NULL, owner TEXT NOT NULL, spender TEXT NOT NULL, amount TEXT NOT NULL,
  PRIMARY KEY (collection_id, owner, spender)
) WITHOUT ROWID;
`;

export const FUNGIBLE_STATE_TABLES = ['fungible_supply', 'fungible_balances', 'fungible_allowances'] as const;
