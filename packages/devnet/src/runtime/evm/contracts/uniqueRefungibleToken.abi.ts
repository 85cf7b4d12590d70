import { parseAbi } from 'viem';

/** The `UniqueRefungibleToken` contract (ERC-20 face over one token's pieces) at each refungible token's address. */
export const UNIQUE_REFUNGIBLE_TOKEN_ABI = parseAbi([
  'struct CrossAddress { address eth; uint256 sub; }',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address owner) view returns (uint256)',
  'function balanceOfCross(CrossAddress owner) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function parentToken() view returns (address)',
  'function parentTokenId() view returns (uint256)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function transferCross(CrossAddress to, uint256 amount) returns (bool)',
  'function transferFrom(address from, address to, uint256 amount) returns (bool)',
  'function transferFromCross(CrossAddress from, CrossAddress to, uint256 amount) returns (bool)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function approveCross(CrossAddress spender, uint256 amount) returns (bool)',
  'function burnFrom(address from, uint256 amount) returns (bool)',
  'function burnFromCross(CrossAddress from, uint256 amount) returns (bool)',
  'function repartition(uint256 amount) returns (bool)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
]);
