import { PrimitivesError } from './errors.js';
import { checksumHexAddress, isEthereumAddress } from './ethereum.js';
import { assertLibraryId, u32Hex } from './libraryIds.js';

/** EVM address prefix of a token used as an owner (nesting); then collection id and token id. */
export const NESTING_ADDRESS_PREFIX = '0xf8238ccfff8ed887463fd5e0';

/** The checksummed nesting address of token `tokenId` of collection `collectionId`. */
export const nestingAddressFromIds = (collectionId: number, tokenId: number): string =>
  checksumHexAddress(
    NESTING_ADDRESS_PREFIX.slice(2) +
      u32Hex(assertLibraryId(collectionId, 'collectionId')) +
      u32Hex(assertLibraryId(tokenId, 'tokenId')),
  );

/** True for an Ethereum address (any case) that starts with the nesting prefix. */
export const isNestingAddress = (value: unknown): value is string =>
  isEthereumAddress(value) && value.toLowerCase().startsWith(NESTING_ADDRESS_PREFIX);

/** The collection and token ids inside a nesting address. */
export const nestingAddressToIds = (address: string): { collectionId: number; tokenId: number } => {
  if (!isNestingAddress(address))
    throw new PrimitivesError(
      'INVALID_NESTING_ADDRESS',
      `address ${String(address)} is not a nesting address`,
    );
  return {
    collectionId: Number.parseInt(address.slice(-16, -8), 16),
    tokenId: Number.parseInt(address.slice(-8), 16),
  };
};
