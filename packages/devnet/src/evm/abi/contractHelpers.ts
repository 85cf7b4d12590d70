import { parseAbi } from 'viem';

/** `ContractHelpers` at its fixed address: who deployed a contract, and its sponsoring state. */
export const CONTRACT_HELPERS_ABI = parseAbi([
  'function contractOwner(address contractAddress) view returns (address)',
  'function sponsoringEnabled(address contractAddress) view returns (bool)',
  'function hasSponsor(address contractAddress) view returns (bool)',
  'function hasPendingSponsor(address contractAddress) view returns (bool)',
  'function allowlistEnabled(address contractAddress) view returns (bool)',
  'function allowed(address contractAddress, address user) view returns (bool)',
]);
