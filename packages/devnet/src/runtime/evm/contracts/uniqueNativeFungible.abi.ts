import { parseAbi } from 'viem';

/** The native coin as an ERC-20 (`UniqueNativeFungible`, collection 0's address; chain-rules §4). */
export const UNIQUE_NATIVE_FUNGIBLE_ABI = parseAbi([
  'struct CrossAddress { address eth; uint256 sub; }',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address owner) view returns (uint256)',
  'function balanceOfCross(CrossAddress owner) view returns (uint256)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function transferCross(CrossAddress to, uint256 amount) returns (bool)',
  'function transferFrom(address from, address to, uint256 amount) returns (bool)',
  'function transferFromCross(CrossAddress from, CrossAddress to, uint256 amount) returns (bool)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);
