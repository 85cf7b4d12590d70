export { allRoutes, findRoute, type RouteEntry, type RouteFamily } from './allRoutes.js';
export type { JsonSchema } from './jsonSchema.js';
export {
  type BuildOpenApiOptions,
  buildOpenApiDocument,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiParameter,
} from './openapi.js';
export { extrinsicPath, pathParams, routePath } from './paths.js';
export { decodeQuery, encodeQuery } from './query.js';
export {
  EXTRINSIC_ACTIONS,
  type ExtrinsicAction,
  type ExtrinsicRoute,
  extrinsicRoute,
  LONG_POLL_HEADER,
  MAX_STATUS_WAIT_MS,
  type QueryRoute,
  queryRoute,
  type Route,
  type RouteInput,
  type RouteOutput,
  type RouteParsedInput,
  STATUS_WAIT_QUERY,
  SUBMIT_PATH,
} from './route.js';
export { type Balance, BalanceSchema, VestedItemSchema } from './routes/balances.js';
export { type CreateCollection, CreateCollectionSchema } from './routes/collections.js';
export { DevnetHeadSchema, devnetRoutes } from './routes/devnet.js';
export {
  EvmCallBaseSchema,
  EvmCallResultSchema,
  EvmSendBaseSchema,
  EvmSendResultSchema,
} from './routes/evm.js';
export {
  INDEXER_BALANCE_FIELDS,
  INDEXER_DEFAULT_LIMIT,
  INDEXER_DEFAULT_LIMIT_COLLECTIONS,
  INDEXER_DEFAULT_LIMIT_NFTS,
  indexerRoutes,
} from './routes/indexer.js';
export { nftsPalletRoutes } from './routes/palletNfts.js';
export { type RFToken, RFTokenSchema } from './routes/refungible.js';
export { routes } from './routes/table.js';
export {
  MintTokenSchema,
  TokenAmountResultSchema,
  TokenIdentifierSchema,
  UpdateTokenDataSchema,
} from './routes/tokens.js';
export { type ParsedMetadata, ParsedMetadataSchema } from './routes/utility.js';
export {
  type Abi,
  type AbiItem,
  AbiItemSchema,
  type AbiParameter,
  AbiParameterSchema,
  AbiSchema,
} from './shapes/abi.js';
export {
  type Address,
  AddressSchema,
  AddressToCrossAccountIdSchema,
  type CrossAccountId,
  type CrossAccountIdInput,
  CrossAccountIdInputSchema,
  CrossAccountIdSchema,
  type EthAddress,
  EthAddressSchema,
  type SubAddress,
  SubAddressSchema,
} from './shapes/address.js';
export {
  type Collection,
  CollectionAccessSchema,
  CollectionModeSchema,
  CollectionPermissionsAnswerSchema,
  CollectionSchema,
  DecodedMetadataSchema,
  SponsorshipSchema,
} from './shapes/collection.js';
export {
  type ErrorBody,
  ErrorBodySchema,
  NotFoundBodySchema,
  ValidationIssueSchema,
} from './shapes/errorBody.js';
export { type Event, EventSchema, type GroupedEvents, GroupedEventsSchema } from './shapes/event.js';
export {
  type CollectionIdOrAddress,
  CollectionIdOrAddressSchema,
  CollectionIdSchema,
  type ExtrinsicHash,
  ExtrinsicHashSchema,
  QueryNumericCollectionIdSchema,
  QueryTokenIdOrZeroSchema,
  QueryTokenIdSchema,
  TokenIdSchema,
} from './shapes/ids.js';
export {
  IndexerAccountSchema,
  IndexerBlockSchema,
  IndexerCoinBalanceSchema,
  IndexerCoinTransferSchema,
  IndexerCollectionSchema,
  IndexerEventSchema,
  IndexerExtrinsicSchema,
  IndexerNftSchema,
  IndexerTokenBalanceSchema,
  IndexerTokenTransferSchema,
  listOf,
  SectionMethodSchema,
} from './shapes/indexerRows.js';
export { bigintsToStrings, FunctionArgsSchema } from './shapes/json.js';
export { type Limits, LimitsSchema } from './shapes/limits.js';
export {
  BigIntStringSchema,
  DecimalAmountSchema,
  NumericStringSchema,
  UnsignedBigIntStringSchema,
  WeiAmountSchema,
} from './shapes/numbers.js';
export { AtBlockHashSchema, type Pagination, PaginationSchema } from './shapes/pagination.js';
export {
  type Attribute,
  AttributeAnswerSchema,
  type AttributeNamespace,
  AttributeNamespaceSchema,
  AttributeSchema,
  type NftsCollection,
  NftsCollectionSchema,
  NftsCollectionSettingsSchema,
  type NftsItem,
  NftsItemSchema,
  NftsItemSettingsSchema,
  NftsMintSettingsSchema,
  NftsMintTypeSchema,
} from './shapes/palletNfts.js';
export {
  type DecodedProperty,
  DecodedPropertySchema,
  type Property,
  PropertyKeysSchema,
  type PropertyPermission,
  PropertyPermissionSchema,
  PropertySchema,
  type TokenPropertyPermission,
  TokenPropertyPermissionAnswerSchema,
  TokenPropertyPermissionSchema,
} from './shapes/property.js';
export { zQueryBoolean } from './shapes/queryBoolean.js';
export {
  OrderSchema,
  QueryBigIntSchema,
  QueryDateSchema,
  queryArray,
  queryInt,
} from './shapes/queryValues.js';
export {
  CollectionDescriptionSchema,
  CollectionNameSchema,
  CollectionSymbolSchema,
  type HexString,
  HexStringSchema,
  maxBytesString,
} from './shapes/text.js';
export {
  type Token,
  TokenRefSchema,
  TokenSchema,
  type TokenWithChildren,
  TokenWithChildrenSchema,
} from './shapes/token.js';
export {
  GlobalConsensusSchema,
  type UniversalLocation,
  UniversalLocationSchema,
} from './shapes/universalLocation.js';
export {
  type BuildAnswer,
  BuildAnswerSchema,
  type BuildOptions,
  BuildOptionsSchema,
  type BuildRequest,
  BuildRequestSchema,
  buildRequestSchema,
  type EncodeAnswer,
  EncodeAnswerSchema,
  type EncodeRequest,
  EncodeRequestSchema,
  type ExtrinsicStatus,
  ExtrinsicStatusSchema,
  encodeRequestSchema,
  type FeeAnswer,
  FeeAnswerSchema,
  type SignerPayloadJSON,
  SignerPayloadJSONSchema,
  type SignerPayloadRaw,
  SignerPayloadRawSchema,
  type StatusAnswer,
  StatusAnswerSchema,
  type StatusQuery,
  StatusQuerySchema,
  type SubmitAnswer,
  SubmitAnswerSchema,
  type SubmitRequest,
  SubmitRequestSchema,
} from './shapes/writeFlow.js';
