export {
  type AppOptions,
  buildApp,
  DEFAULT_BASE_PATH,
  type DevnetPluginOptions,
  devnetPlugin,
} from './app.js';
export {
  type BlockIndex,
  type BuildAnswer,
  type BuildOptions,
  Chain,
  type ChainOptions,
} from './chain/chain.js';
export { DEV_ACCOUNTS, DEV_ENDOWMENT, SIGNED_EXTENSIONS } from './chain/config.js';
export { type TxRefusalCode, TxRefusedError } from './chain/errors.js';
export type { ExtrinsicRecord } from './chain/extrinsicStore.js';
export { computeFee, type FeeDetails } from './chain/fees.js';
export { openDb } from './database.js';
export { registerIndexerRoutes } from './http/routes/indexer.js';
export { INDEXER_HANDLERS, IndexerWriter, indexChain } from './indexer/index.js';
export { COLLECTION_CREATION_FEE } from './runtime/common/collection.js';
export { stateDigest } from './runtime/digest.js';
export { DispatchError } from './runtime/errors.js';
export { CHAIN } from './runtime/identity.js';
export { PALLET_INDEX } from './runtime/indices.js';
export { decodeCall, encodeCall, findMetaError, PALLETS } from './runtime/runtime.js';
export { TREASURY_ADDRESS } from './runtime/treasury.js';
export { DEFAULT_DB_PATH, type Devnet, type DevnetOptions, startDevnet } from './server.js';
