export { INDEXER_HANDLERS, type IndexerHandlers } from './handlers.js';
export { registerIndexerRoutes } from './routes.js';
export { INDEXER_SCHEMA_SQL } from './schema.js';
export { INDEXER_HEAD_KEY, IndexerWriter } from './writer.js';
