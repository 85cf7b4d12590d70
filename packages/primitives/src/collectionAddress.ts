import { PrimitivesError } from './errors.js';
import { checksumHexAddress, isEthereumAddress } from './ethereum.js';
import { assertLibraryId, u32Hex } from './libraryIds.js';

/** EVM address prefix of a collection contract (chain-rules §7); the last 4 bytes are the id. */
export const COLLECTION_ADDRESS_PREFIX = '0x17c4e6453cc49aaaaeaca894e6d9683e';

/** Addresses of the collections asked for lately: an app or a chain asks for the same few again and again. */
const addresses = new Map<number, string>();
const ADDRESS_CACHE_SIZE = 1024;

/** The checksummed EVM address of a collection (ids 0..4294967295). */
export const collectionIdToAddress = (id: number): string => {
  const cached = addresses.get(id);
  if (cached !== undefined) return cached;
  const address = checksumHexAddress(
    COLLECTION_ADDRESS_PREFIX.slice(2) + u32Hex(assertLibraryId(id, 'collectionId')),
  );
  // A full cache starts over: simpler than LRU, and as good for a working set of a few collections.
  if (addresses.size >= ADDRESS_CACHE_SIZE) addresses.clear();
  addresses.set(id, address);
  return address;
};

/** True for an Ethereum address (any case) that starts with the collection prefix. */
export const isCollectionAddress = (value: unknown): value is string =>
  isEthereumAddress(value) && value.toLowerCase().startsWith(COLLECTION_ADDRESS_PREFIX);

/** The collection id inside a collection address. */
export const collectionAddressToId = (address: string): number => {
  if (!isCollectionAddress(address))
    throw new PrimitivesError(
      'INVALID_COLLECTION_ADDRESS',
      `address ${String(address)} is not a collection address`,
    );
  return Number.parseInt(address.slice(-8), 16);
};
