// Wire shapes of @nftkit/api that the clients return
export type {
  BuildAnswer,
  EncodeAnswer,
  ExtrinsicStatus,
  FeeAnswer,
  SignerPayloadJSON,
  SignerPayloadRaw,
} from '@nftkit/api';

// Clients

// Accounts and signers
export { DEV_ACCOUNT_URIS, type DevAccountUri } from './accounts/devAccounts.js';
export {
  type ConnectPolkadotExtensionParameters,
  type ConnectPolkadotExtensionReturnType,
  connectPolkadotExtension,
  type InjectedAccount,
  type InjectedExtension,
  type InjectedSigner,
  type InjectedWallet,
  type InjectedWeb3,
  listPolkadotWallets,
  PolkadotExtensionAccount,
} from './accounts/polkadotExtension.js';
export {
  type FetchMetadataDefinitionParameters,
  fetchMetadataDefinition,
  type InjectedMetadata,
  type InjectedMetadataKnown,
  type MetadataDefinition,
  type OfferMetadataResult,
  offerMetadata,
  SubstrateRpcError,
  type UserExtension,
} from './accounts/polkadotMetadata.js';
export { DEV_PHRASE, parseSecretUri } from './accounts/secretUri.js';
export { mnemonicToMiniSecret, Sr25519Account, type Sr25519AccountOptions } from './accounts/sr25519.js';
export type { Account, Signer, SignResult, UnsignedPayload } from './accounts/types.js';
// Actions
export {
  type BuildExtrinsicErrorType,
  type BuildExtrinsicParameters,
  type BuildExtrinsicReturnType,
  type BuildOptionsInput,
  buildExtrinsic,
} from './actions/buildExtrinsic.js';
export {
  type EncodeExtrinsicErrorType,
  type EncodeExtrinsicParameters,
  type EncodeExtrinsicReturnType,
  encodeExtrinsic,
} from './actions/encodeExtrinsic.js';
export {
  type GetExtrinsicFeeErrorType,
  type GetExtrinsicFeeParameters,
  type GetExtrinsicFeeReturnType,
  getExtrinsicFee,
} from './actions/getExtrinsicFee.js';
export {
  DEFAULT_STATUS_RETRIES,
  DEFAULT_STATUS_TIMEOUT_MS,
  type GetExtrinsicStatusErrorType,
  type GetExtrinsicStatusParameters,
  type GetExtrinsicStatusReturnType,
  getExtrinsicStatus,
} from './actions/getExtrinsicStatus.js';
export {
  type IndexerQueryErrorType,
  type IndexerQueryParameters,
  type IndexerQueryReturnType,
  indexerQuery,
} from './actions/indexerQuery.js';
export {
  type QueryErrorType,
  type QueryOptions,
  type QueryParameters,
  type QueryReturnType,
  query,
} from './actions/query.js';
export {
  type SignExtrinsicErrorType,
  type SignExtrinsicParameters,
  type SignExtrinsicReturnType,
  signExtrinsic,
} from './actions/signExtrinsic.js';
export {
  type SubmitExtrinsicErrorType,
  type SubmitExtrinsicParameters,
  type SubmitExtrinsicReturnType,
  submitExtrinsic,
} from './actions/submitExtrinsic.js';
export {
  type WriteExtrinsicErrorType,
  type WriteExtrinsicParameters,
  type WriteExtrinsicReturnType,
  writeExtrinsic,
} from './actions/writeExtrinsic.js';
export { AssetHub, type AssetHubInstance, type AssetHubOptions } from './clients/assetHub.js';
export type { BatchAllParameters } from './clients/batchCalls.js';
export { type Client, type ClientConfig, createClient, type StatusOptions } from './clients/createClient.js';
export { decorateRoutes, type RouteMethods } from './clients/decorateRoutes.js';
export { DevnetTools, type DevnetToolsInstance, type DevnetToolsOptions } from './clients/devnetTools.js';
export { extrinsicOperations } from './clients/extrinsicOperations.js';
export { type ExtrinsicFn, makeExtrinsicFn, type WriteArgs } from './clients/makeExtrinsicFn.js';
export { makeQueryFn, type QueryFn } from './clients/makeQueryFn.js';
export { UniqueChain, type UniqueChainInstance, type UniqueChainOptions } from './clients/uniqueChain.js';
export {
  type IndexerFn,
  UniqueIndexer,
  type UniqueIndexerInstance,
  type UniqueIndexerOptions,
  UniqueScan,
} from './clients/uniqueIndexer.js';

// Errors
export { ApiError, type ApiErrorIssue } from './errors/api.js';
export { BaseError, type BaseErrorOptions } from './errors/base.js';
export {
  InvalidBuildAnswerError,
  InvalidSecretError,
  InvalidSignatureError,
  NoSignerAddressError,
  NoSignerError,
} from './errors/signer.js';
export { ExtrinsicNotFoundError } from './errors/status.js';
export {
  AbortError,
  ConnectionRefusedError,
  HttpRequestError,
  InvalidResponseError,
  ResponseValidationError,
} from './errors/transport.js';
export { InputValidationError } from './errors/validation.js';
export {
  NoAccountsError,
  NoExtensionError,
  NoInjectedWeb3Error,
  WalletMethodMissingError,
  WalletNotFoundError,
} from './errors/wallet.js';

// Transport
export {
  createHttpTransport,
  type HttpRequest,
  type HttpResponse,
  type HttpTransport,
  type HttpTransportConfig,
} from './transport/http.js';
