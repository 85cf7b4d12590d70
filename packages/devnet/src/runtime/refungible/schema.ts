/**
 * `refungible` storage: `TotalSupply` (pieces) per token, `Balance` per (token, owner), `Allowance` per
 * (token, owner, spender) and `TokenProperties`. Pieces are decimal TEXT (u128). `AccountBalance` (tokens an account
 * holds pieces of) is counted from `rft_balances`, which keeps no zero rows.
 */
export const REFUNGIBLE_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS rft_tokens (
  collection_id INTEGER NOT NULL, token_id INTEGER NOT NULL, total_pieces TEXT NOT NULL,
  properties_consumed INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (collection_id, token_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rft_balances (
  collection_id INTEGER NOT NULL, token_id INTEGER NOT NULL, account TEXT NOT NULL, pieces TEXT NOT NULL,
  PRIMARY KEY (collection_id, token_id, account)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS rft_balances_account ON rft_balances(account, collection_id, token_id);
CREATE TABLE IF NOT EXISTS rft_allowances (
  collection_id INTEGER NOT NULL, token_id INTEGER NOT NULL, owner TEXT NOT NULL, spender TEXT NOT NULL,
  amount TEXT NOT NULL,
  PRIMARY KEY (collection_id, token_id, owner, spender)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rft_token_properties (
  collection_id INTEGER NOT NULL, token_id INTEGER NOT NULL, key TEXT NOT NULL, value BLOB NOT NULL,
  PRIMARY KEY (collection_id, token_id, key)
) WITHOUT ROWID;
`;

export const REFUNGIBLE_STATE_TABLES = [
  'rft_tokens',
  'rft_balances',
  'rft_allowances',
  'rft_token_properties',
] as const;
