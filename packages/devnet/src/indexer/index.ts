export { INDEXER_HANDLERS, type IndexerHandlers } from './handlers.js';
export { INDEXER_SCHEMA_SQL } from './schema.js';
export { INDEXER_HEAD_KEY, IndexerWriter, indexChain } from './writer.js';
