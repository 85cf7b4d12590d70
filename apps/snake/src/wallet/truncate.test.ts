import { describe, expect, it } from 'vitest';
import { truncateAddress } from './truncate';

describe('truncateAddress', () => {
  it('keeps the first 6 and last 4 characters of a long address', () => {
    expect(truncateAddress('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY')).toBe('5Grwva...utQY');
    expect(truncateAddress('0x8a93d247134d91e0de6f96547cb0e4e1a9a06d67')).toBe('0x8a93...6d67');
  });

  it('leaves an address of 10 characters or fewer as it is', () => {
    expect(truncateAddress('0123456789')).toBe('0123456789');
    expect(truncateAddress('01234567890')).toBe('012345...7890');
    expect(truncateAddress('')).toBe('');
  });
});
