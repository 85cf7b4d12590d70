import { normalizeAddress } from '@nftkit/primitives';

/** One key per account however its address is spelled (SS58 prefix, Ethereum case); the text itself otherwise. */
export const normalizeKey = (address: string): string => {
  try {
    return normalizeAddress(address);
  } catch {
    return address;
  }
};
