import { migrateChainHistory, refuseOtherBlockHashes, refuseOtherCallEncodings } from './chain/migrations.js';
import { CHAIN_SCHEMA_SQL } from './chain/schema.js';
import { dropCopiedHistory, INDEXER_CONNECTION_SQL, INDEXER_SCHEMA_SQL } from './indexer/schema.js';
import { contractCodeHashes } from './runtime/evm/accountsTable.js';
import { RUNTIME_SCHEMA_SQL, RUNTIME_SQL_FUNCTIONS } from './runtime/schema.js';
import { type Db, type DbSchema, type OpenDbOptions, openDatabase } from './storage/db.js';

/** The devnet's database: the runtime's state, the chain's history and the indexer's tables over them. */
export const DEVNET_SCHEMA: DbSchema = {
  version: 1,
  migrate(db, path) {
    refuseOtherCallEncodings(db, path);
    refuseOtherBlockHashes(db, path);
    dropCopiedHistory(db);
    migrateChainHistory(db);
    contractCodeHashes(db);
  },
  sql: RUNTIME_SCHEMA_SQL + CHAIN_SCHEMA_SQL + INDEXER_SCHEMA_SQL,
  connectionSql: INDEXER_CONNECTION_SQL,
  functions: RUNTIME_SQL_FUNCTIONS,
};

/** Opens (or creates) the chain database at `path` (`:memory:` for a throw-away chain). */
export function openDb(options: OpenDbOptions): Db {
  return openDatabase(options, DEVNET_SCHEMA);
}
