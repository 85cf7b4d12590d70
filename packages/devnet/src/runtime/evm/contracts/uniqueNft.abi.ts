import { parseAbi } from 'viem';
import { COLLECTION_SIGNATURES } from './collectionContract.abi.js';

/** The `UniqueNFT` collection contract at each NFT collection's address: the shared collection face, and more. */
export const UNIQUE_NFT_ABI = parseAbi([
  ...COLLECTION_SIGNATURES,
  'function crossOwnerOf(uint256 tokenId) view returns (CrossAddress)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function approveCross(CrossAddress approved, uint256 tokenId)',
  'event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)',
]);
