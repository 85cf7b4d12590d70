export { addressesEqual, isAddress, normalizeAddress, sameAddress } from './address.js';
export { type ParseApiTokenIdOptions, parseApiCollectionId, parseApiTokenId } from './apiIds.js';
export { bytesToBase64 } from './base64.js';
export { blake2b } from './blake2b.js';
export { assertMaxBytes, STRING_LIMITS, StringTooLongError, utf8ByteLength } from './byteLimits.js';
export {
  CHAIN_NAMES,
  CHAINS,
  type Chain,
  type ChainName,
  findChainById,
  getChain,
  isChainName,
} from './chains.js';
export {
  assertDecimals,
  DEFAULT_DECIMALS,
  formatCoins,
  formatGwei,
  gweiDecimals,
  parseCoins,
  parseGwei,
} from './coins.js';
export {
  COLLECTION_ADDRESS_PREFIX,
  collectionAddressToId,
  collectionIdToAddress,
  isCollectionAddress,
} from './collectionAddress.js';
export {
  type CrossAccountId,
  type CrossAccountIdInput,
  crossAccountIdsEqual,
  crossAccountIdToAddress,
  type EthCrossAccountId,
  isCrossAccountIdInput,
  substrateAccountOf,
  toCrossAccountId,
  toCrossAccountIdUncapitalized,
  toEthCrossAccountId,
  ZERO_ETHEREUM_ADDRESS,
} from './crossAccountId.js';
export {
  decodeEra,
  encodeMortalEra,
  eraBirth,
  eraDeath,
  IMMORTAL_ERA,
  type MortalEra,
  mortalEraPeriod,
} from './era.js';
export { PrimitivesError, type PrimitivesErrorCode } from './errors.js';
export { assertEthereumAddress, isEthereumAddress, toChecksumEthereumAddress } from './ethereum.js';
export { bytesToHex, concatBytes, hexToBytes, isHex } from './hex.js';
export { assertLibraryId, isValidLibraryId, MAX_COLLECTION_ID, MAX_TOKEN_ID } from './libraryIds.js';
export { ethereumToSubstrateMirror, substrateToEthereumMirror } from './mirror.js';
export {
  isNestingAddress,
  NESTING_ADDRESS_PREFIX,
  nestingAddressFromIds,
  nestingAddressToIds,
} from './nestingAddress.js';
export { type FormatNumberOptions, formatFixed, formatNumber } from './numberFormat.js';
export {
  compactFromBytes,
  compactToBytes,
  U128_MAX,
  u32ToLeBytes,
  u64ToLeBytes,
  u128ToLeBytes,
  uintFromLeBytes,
  uintToLeBytes,
} from './scale.js';
export {
  SIGNED_EXTENSIONS,
  type SignerPayloadJSON,
  signerPayloadToRaw,
  signerPayloadToRawBytes,
  signerPayloadToSignBytes,
} from './signerPayload.js';
export {
  DEFAULT_SS58_FORMAT,
  type DecodedSubstrateAddress,
  decodeSubstrateAddress,
  decodeSubstrateAddressWithFormat,
  encodeSubstrateAddress,
  isSubstrateAddress,
  isSubstratePublicKey,
  MAX_SS58_ADDRESS_LENGTH,
  normalizeSubstrateAddress,
  substrateAddressToPublicKey,
  substratePublicKeyToAddress,
} from './ss58.js';
export { formatWeiFixed, formatWeiNumber } from './weiDisplay.js';
