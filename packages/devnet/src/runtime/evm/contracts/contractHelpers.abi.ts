import { parseAbi } from 'viem';

/**
 * `ContractHelpers` at its fixed address: who deployed a contract (its owner), and the owner's controls over it:
 * a sponsor paying its callers' gas (pending until the sponsor confirms), the sponsoring mode (0 Disabled,
 * 1 Allowlisted, 2 Generous), rate and fee limits, and an allow-list of callers.
 */
export const CONTRACT_HELPERS_ABI = parseAbi([
  'struct CrossAddress { address eth; uint256 sub; }',
  'struct OptionCrossAddress { bool status; CrossAddress value; }',
  'function contractOwner(address contractAddress) view returns (address)',
  'function sponsor(address contractAddress) view returns (OptionCrossAddress)',
  'function hasSponsor(address contractAddress) view returns (bool)',
  'function hasPendingSponsor(address contractAddress) view returns (bool)',
  'function sponsoringEnabled(address contractAddress) view returns (bool)',
  'function sponsoringRateLimit(address contractAddress) view returns (uint32)',
  'function sponsoringFeeLimit(address contractAddress) view returns (uint256)',
  'function allowlistEnabled(address contractAddress) view returns (bool)',
  'function allowed(address contractAddress, address user) view returns (bool)',
  'function setSponsor(address contractAddress, address sponsor)',
  'function selfSponsoredEnable(address contractAddress)',
  'function removeSponsor(address contractAddress)',
  'function confirmSponsorship(address contractAddress)',
  'function setSponsoringMode(address contractAddress, uint8 mode)',
  'function setSponsoringRateLimit(address contractAddress, uint32 rateLimit)',
  'function setSponsoringFeeLimit(address contractAddress, uint256 feeLimit)',
  'function toggleAllowlist(address contractAddress, bool enabled)',
  'function toggleAllowed(address contractAddress, address user, bool isAllowed)',
  'event ContractSponsorSet(address indexed contractAddress, address sponsor)',
  'event ContractSponsorshipConfirmed(address indexed contractAddress, address sponsor)',
  'event ContractSponsorRemoved(address indexed contractAddress)',
]);
