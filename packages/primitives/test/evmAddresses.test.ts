import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COLLECTION_ADDRESS_PREFIX,
  collectionAddressToId,
  collectionIdToAddress,
  encodeSubstrateAddress,
  ethereumToSubstrateMirror,
  isCollectionAddress,
  isEthereumAddress,
  isNestingAddress,
  NESTING_ADDRESS_PREFIX,
  nestingAddressFromIds,
  nestingAddressToIds,
  substrateToEthereumMirror,
  toChecksumEthereumAddress,
} from '../src/index.js';
import { ethLower, publicKey, recase, ss58Format, u32 } from './arbitraries.js';
import { thrown } from './helpers.js';

describe('Ethereum addresses', () => {
  it('checksums the EIP-55 examples', () => {
    for (const address of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(toChecksumEthereumAddress(address.toLowerCase())).toBe(address);
      expect(toChecksumEthereumAddress(address.toUpperCase().replace('0X', '0x'))).toBe(address);
    }
  });

  it('checksum is idempotent and case-blind', () => {
    fc.assert(
      fc.property(ethLower, fc.array(fc.nat(), { minLength: 1, maxLength: 40 }), (lower, mask) => {
        const checksummed = toChecksumEthereumAddress(lower);
        expect(checksummed.toLowerCase()).toBe(lower);
        expect(toChecksumEthereumAddress(recase(lower, mask))).toBe(checksummed);
        expect(toChecksumEthereumAddress(checksummed)).toBe(checksummed);
      }),
    );
  });

  it('validates shape only', () => {
    expect(isEthereumAddress('0x0000000000000000000000000000000000000000')).toBe(true);
    for (const bad of [
      '0x00',
      `0x${'g'.repeat(40)}`,
      `0X${'0'.repeat(40)}`,
      `${'0'.repeat(42)}`,
      42,
      null,
      {},
    ])
      expect(isEthereumAddress(bad)).toBe(false);
    expect(thrown(() => toChecksumEthereumAddress('0x123')).code).toBe('INVALID_ETHEREUM_ADDRESS');
    expect(thrown(() => toChecksumEthereumAddress(undefined as never)).code).toBe('INVALID_ETHEREUM_ADDRESS');
  });
});

describe('mirrors', () => {
  it('substrate → ethereum keeps the first 20 bytes, whatever the SS58 format', () => {
    fc.assert(
      fc.property(publicKey, ss58Format, (key, format) => {
        const mirror = substrateToEthereumMirror(encodeSubstrateAddress(key, format));
        expect(mirror).toBe(
          toChecksumEthereumAddress(`0x${Buffer.from(key.subarray(0, 20)).toString('hex')}`),
        );
      }),
    );
  });

  it('ethereum → substrate ignores case and honours the format', () => {
    fc.assert(
      fc.property(ethLower, ss58Format, (lower, format) => {
        const a = ethereumToSubstrateMirror(lower, format);
        expect(ethereumToSubstrateMirror(toChecksumEthereumAddress(lower), format)).toBe(a);
        expect(substrateToEthereumMirror(a)).not.toBe(toChecksumEthereumAddress(lower));
      }),
    );
  });

  it('refuses keys that are not account ids and non-addresses', () => {
    expect(thrown(() => substrateToEthereumMirror(encodeSubstrateAddress(new Uint8Array(8)))).code).toBe(
      'INVALID_SUBSTRATE_ADDRESS',
    );
    expect(thrown(() => substrateToEthereumMirror('0x1234')).code).toBe('INVALID_SUBSTRATE_ADDRESS');
    expect(
      thrown(() => ethereumToSubstrateMirror('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY')).code,
    ).toBe('INVALID_ETHEREUM_ADDRESS');
    expect(
      thrown(() => ethereumToSubstrateMirror('0x0000000000000000000000000000000000000000', 46)).code,
    ).toBe('INVALID_SS58_FORMAT');
  });
});

describe('collection and nesting addresses', () => {
  it('round-trip every id', () => {
    fc.assert(
      fc.property(u32, u32, (collectionId, tokenId) => {
        const collection = collectionIdToAddress(collectionId);
        expect(collection.toLowerCase().startsWith(COLLECTION_ADDRESS_PREFIX)).toBe(true);
        expect(toChecksumEthereumAddress(collection)).toBe(collection);
        expect(isCollectionAddress(collection)).toBe(true);
        expect(isNestingAddress(collection)).toBe(false);
        expect(collectionAddressToId(collection)).toBe(collectionId);
        const nesting = nestingAddressFromIds(collectionId, tokenId);
        expect(nesting.toLowerCase().startsWith(NESTING_ADDRESS_PREFIX)).toBe(true);
        expect(toChecksumEthereumAddress(nesting)).toBe(nesting);
        expect(isNestingAddress(nesting)).toBe(true);
        expect(nestingAddressToIds(nesting)).toEqual({ collectionId, tokenId });
      }),
    );
  });

  it('refuses ids outside u32 and non-integers', () => {
    for (const bad of [-1, 2 ** 32, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '1' as never, 1n as never]) {
      expect(thrown(() => collectionIdToAddress(bad)).code).toBe('INVALID_ID');
      expect(thrown(() => nestingAddressFromIds(bad, 1)).code).toBe('INVALID_ID');
      expect(thrown(() => nestingAddressFromIds(1, bad)).message).toBe(
        'tokenId should be a number between 0 and 0xffffffff',
      );
    }
  });

  it('refuses other addresses', () => {
    expect(thrown(() => collectionAddressToId(nestingAddressFromIds(1, 1))).code).toBe(
      'INVALID_COLLECTION_ADDRESS',
    );
    expect(thrown(() => nestingAddressToIds(collectionIdToAddress(1))).code).toBe('INVALID_NESTING_ADDRESS');
    expect(thrown(() => collectionAddressToId(42 as never)).code).toBe('INVALID_COLLECTION_ADDRESS');
    expect(isCollectionAddress(undefined)).toBe(false);
    expect(isNestingAddress(`${NESTING_ADDRESS_PREFIX}0000`)).toBe(false);
  });
});
