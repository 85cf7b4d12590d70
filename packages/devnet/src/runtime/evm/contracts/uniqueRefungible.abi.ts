import { parseAbi } from 'viem';
import { COLLECTION_SIGNATURES } from './collectionContract.abi.js';

/**
 * The `UniqueRefungible` collection contract (ERC-721 face) at each refungible collection's address: a token is
 * one ERC-721 item whose pieces live in its own ERC-20 contract at `tokenContractAddress(tokenId)`.
 */
export const UNIQUE_REFUNGIBLE_ABI = parseAbi([
  ...COLLECTION_SIGNATURES,
  'function tokenContractAddress(uint256 tokenId) view returns (address)',
]);
