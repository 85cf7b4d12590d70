import { decodeSubstrateAddress, encodeSubstrateAddress, sameAddress } from '@nftkit/primitives';
import { describe, expect, it } from 'vitest';
import { accountKey, normalizeKey, sameAccount } from '../src/chain/addressKey.js';
import { sr25519Key } from './helpers/keys.js';

describe('address keys', () => {
  it('name one account however it is spelled, nothing for text that is no address, as sameAddress does', () => {
    const key = sr25519Key();
    const unique = encodeSubstrateAddress(decodeSubstrateAddress(key.address), 7391);
    const eth = '0x52908400098527886E0F7030069857D2E4169EE7';
    const pairs: [string, string][] = [
      [key.address, unique],
      [eth, eth.toLowerCase()],
      [key.address, eth],
      ['not an address', 'not an address'],
      ['', ''],
    ];
    // Twice: the second answers come from what the first kept.
    for (let round = 0; round < 2; round++)
      for (const [a, b] of pairs) expect(sameAccount(a, b), `${a} ${b}`).toBe(sameAddress(a, b));
    expect(normalizeKey(unique)).toBe(key.address);
    expect(normalizeKey('not an address')).toBe('not an address');
    expect(accountKey('not an address')).toBeNull();
  });
});
