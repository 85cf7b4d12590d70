import { parseAbi } from 'viem';

/** `CollectionHelpers` at its fixed address (chain-rules §7); its logs are recorded at that address. */
export const COLLECTION_HELPERS_ABI = parseAbi([
  'function createNFTCollection(string name, string description, string tokenPrefix) payable returns (address)',
  'function collectionCreationFee() view returns (uint256)',
  'function collectionAddress(uint32 collectionId) view returns (address)',
  'function collectionId(address collectionAddress) view returns (uint32)',
  'function isCollectionExist(address collectionAddress) view returns (bool)',
  'function destroyCollection(address collectionAddress)',
  'function makeCollectionERC721MetadataCompatible(address collection, string baseUri)',
  'event CollectionCreated(address indexed owner, address indexed collectionId)',
  'event CollectionDestroyed(address indexed collectionId)',
  'event CollectionChanged(address indexed collectionId)',
]);
