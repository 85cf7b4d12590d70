import { describe, expect, it } from 'vitest';
import { addressesEqual, sameAddress } from '../src/index.js';

const alice = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';
// Alice's key in Unique's SS58 format (prefix 7391).
const aliceUnique = 'unjKJQJrRd238pkUZZvzDQrfKuM39zBSnQ5zjAGAGcdRhaJTx';

describe('sameAddress', () => {
  it('is addressesEqual for addresses', () => {
    expect(sameAddress(alice, alice)).toBe(true);
    expect(
      sameAddress('0xAbC0000000000000000000000000000000000001', '0xabc0000000000000000000000000000000000001'),
    ).toBe(true);
    expect(sameAddress(alice, '0xabc0000000000000000000000000000000000001')).toBe(false);
  });
  it('is false, not a throw, when either side is not an address', () => {
    expect(() => addressesEqual(alice, 'nope')).toThrow();
    expect(sameAddress(alice, 'nope')).toBe(false);
    expect(sameAddress('nope', 'nope')).toBe(false);
  });
  it('matches one key in two SS58 formats', () => {
    expect(sameAddress(alice, aliceUnique)).toBe(true);
  });
});
