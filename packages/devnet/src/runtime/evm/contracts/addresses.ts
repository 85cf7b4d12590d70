import { isCollectionAddress, toChecksumEthereumAddress } from '@nftkit/primitives';

/** Fixed addresses of the helper contracts (chain-rules §7, rest-api §1.5). */
export const COLLECTION_HELPERS_ADDRESS = toChecksumEthereumAddress(
  '0x6c4e9fe1ae37a41e93cee429e8e1881abdcbb54f',
);
export const CONTRACT_HELPERS_ADDRESS = toChecksumEthereumAddress(
  '0x842899ecf380553e8a4de75bf534cdf6fbf64049',
);

/** Addresses whose code is the runtime itself (collections and helpers), handled natively rather than by the EVM. */
export function isNativeAddress(address: string): boolean {
  const a = address.toLowerCase();
  return (
    a === COLLECTION_HELPERS_ADDRESS.toLowerCase() ||
    a === CONTRACT_HELPERS_ADDRESS.toLowerCase() ||
    isCollectionAddress(address)
  );
}
