export {
  DEFAULT_COLLECTION_FLAGS,
  DEFAULT_DUMMY_IMAGE_URL,
  DEFAULT_IMAGE_URL_TEMPLATE,
  DEFAULT_TOKEN_PROPERTY_KEYS,
  SCHEMA_NAME,
  SCHEMA_VERSION,
} from './constants.js';
export { decodeCollectionFromProperties } from './decodeCollection.js';
export {
  type DecodeTokenOptions,
  decodeTokenFromProperties,
  type TokenDecoding,
  tryDecodeTokenFromProperties,
  UNKNOWN_TOKEN_SCHEMA_MESSAGE,
} from './decodeToken.js';
export { detectSchemaFamily, type SchemaFamily } from './detectSchema.js';
export {
  type EncodeCollectionOptions,
  type EncodedCollection,
  encodeCollectionToProperties,
} from './encodeCollection.js';
export { type EncodeTokenOptions, encodeTokenToProperties } from './encodeToken.js';
export {
  type DecodeTokenAsyncOptions,
  decodeTokenFromPropertiesAsync,
  fetchTokenUri,
  type TokenUriFetch,
} from './erc721.js';
export {
  MetadataDecodingError,
  MetadataError,
  type MetadataErrorCode,
  type MetadataIssue,
  MetadataValidationError,
  RoyaltyError,
} from './errors.js';
export { issueErrorMap, issueMessage } from './issueMessage.js';
export { decodeOldCollectionSchema, decodeOldToken } from './old/decodeOld.js';
export type {
  ImageLinkOptions,
  LocalizedValue,
  OldAttributeSchema,
  OldCollectionSchema,
  OldToken,
  OldTokenAttribute,
  UrlReference,
} from './old/types.js';
export {
  DEFAULT_PERMISSION,
  PERMISSION_PRESETS,
  type PermissionPresetName,
  type PropertyPermission,
  type TokenPropertyPermission,
} from './permissions.js';
export type { DecodedProperty, EncodedProperty, PropertyInput } from './properties.js';
export { calculateRoyalties, calculateRoyaltyPart, type RoyaltyAmount } from './royalties/calculate.js';
export { decodeRoyalties, encodeRoyalties, validateRoyalties } from './royalties/list.js';
export {
  decodeRoyaltyPart,
  encodeRoyaltyPart,
  MAX_ROYALTY_VALUE,
  ROYALTY_TYPES,
  type RoyaltyPart,
  type RoyaltyPartInput,
  type RoyaltyType,
  validateRoyaltyPart,
} from './royalties/part.js';
export { decodeRoyaltiesV2, encodeRoyaltiesV2, V2_ROYALTY_DECIMALS } from './royalties/v2.js';
export {
  type CollectionInfo,
  type CollectionInfoInput,
  CollectionInfoSchema,
  type PotentialAttribute,
  PotentialAttributeSchema,
} from './schemas/collection.js';
export {
  type Attribute,
  AttributeSchema,
  type CollectionIdOrAddress,
  CollectionIdOrAddressSchema,
  type ImageDetails,
  ImageDetailsSchema,
  type ImageWithDetails,
  type ImageWithDetailsAndThumbnail,
  ImageWithDetailsAndThumbnailSchema,
  ImageWithDetailsSchema,
  type Media,
  type MediaDetails,
  MediaDetailsSchema,
  MediaSchema,
  type MediaType,
  MediaTypeSchema,
  Semver2Schema,
  SemverSchema,
} from './schemas/common.js';
export {
  type Customizing,
  type CustomizingFileInfo,
  CustomizingFileInfoSchema,
  type CustomizingOverrides,
  CustomizingOverridesSchema,
  CustomizingSchema,
  type ImageOverlaySpecs,
  ImageOverlaySpecsSchema,
  type MutatorReaction,
  MutatorReactionSchema,
  type Slot,
  SlotSchema,
} from './schemas/customizing.js';
export { type Royalty, RoyaltySchema } from './schemas/royalty.js';
export { type TokenData, type TokenDataInput, TokenDataSchema } from './schemas/token.js';
export { parseCollectionInfo, parseTokenData } from './validate.js';
