import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addressesEqual,
  bytesToHex,
  type CrossAccountIdInput,
  crossAccountIdsEqual,
  crossAccountIdToAddress,
  encodeSubstrateAddress,
  ethereumToSubstrateMirror,
  isAddress,
  isCrossAccountIdInput,
  normalizeAddress,
  substrateAccountOf,
  substrateToEthereumMirror,
  toChecksumEthereumAddress,
  toCrossAccountId,
  toCrossAccountIdUncapitalized,
  toEthCrossAccountId,
  ZERO_ETHEREUM_ADDRESS,
} from '../src/index.js';
import { ethLower, publicKey, recase, ss58Format } from './arbitraries.js';
import { thrown } from './helpers.js';

const ZERO_KEY = `0x${'0'.repeat(64)}`;

describe('CrossAccountId', () => {
  it('every form of a Substrate account normalizes to the same account', () => {
    fc.assert(
      fc.property(publicKey, ss58Format, fc.array(fc.nat(), { minLength: 1 }), (key, format, mask) => {
        fc.pre(key.some((b) => b !== 0));
        const expected = { Substrate: encodeSubstrateAddress(key) };
        const address = encodeSubstrateAddress(key, format);
        const hex = bytesToHex(key);
        const forms: CrossAccountIdInput[] = [
          address,
          hex,
          recase(hex, mask),
          { Substrate: address },
          { substrate: address },
          { Substrate: hex },
          { eth: ZERO_ETHEREUM_ADDRESS, sub: hex },
          { eth: ZERO_ETHEREUM_ADDRESS, sub: BigInt(hex) },
          { eth: ZERO_ETHEREUM_ADDRESS, sub: `0x${BigInt(hex).toString(16)}` },
        ];
        for (const form of forms) {
          expect(toCrossAccountId(form)).toEqual(expected);
          expect(crossAccountIdsEqual(form, address)).toBe(true);
        }
        expect(normalizeAddress(address)).toBe(expected.Substrate);
        expect(addressesEqual(address, expected.Substrate)).toBe(true);
        expect(toEthCrossAccountId(address)).toEqual({ eth: ZERO_ETHEREUM_ADDRESS, sub: hex });
      }),
    );
  });

  it('every form of an Ethereum account normalizes to the same account', () => {
    fc.assert(
      fc.property(ethLower, fc.array(fc.nat(), { minLength: 1 }), (lower, mask) => {
        fc.pre(lower !== ZERO_ETHEREUM_ADDRESS);
        const expected = { Ethereum: toChecksumEthereumAddress(lower) };
        const mixed = recase(lower, mask);
        const forms: CrossAccountIdInput[] = [
          lower,
          mixed,
          { Ethereum: mixed },
          { ethereum: lower },
          { eth: mixed, sub: '0x00' },
          { eth: lower, sub: 0n },
        ];
        for (const form of forms) expect(toCrossAccountId(form)).toEqual(expected);
        expect(crossAccountIdToAddress({ ethereum: mixed })).toBe(expected.Ethereum);
        expect(toCrossAccountIdUncapitalized(mixed)).toEqual({ ethereum: expected.Ethereum });
        expect(toEthCrossAccountId(mixed)).toEqual({ eth: expected.Ethereum, sub: '0x00' });
        expect(addressesEqual(lower, mixed)).toBe(true);
      }),
    );
  });

  it('an account and its mirror are different accounts; substrateAccountOf follows the mirror', () => {
    fc.assert(
      fc.property(publicKey, (key) => {
        const address = encodeSubstrateAddress(key);
        const mirror = substrateToEthereumMirror(address);
        expect(crossAccountIdsEqual(address, mirror)).toBe(false);
        expect(addressesEqual(address, mirror)).toBe(false);
        expect(substrateAccountOf(mirror)).toBe(ethereumToSubstrateMirror(mirror));
        expect(substrateAccountOf({ Substrate: address }, 255)).toBe(encodeSubstrateAddress(key, 255));
      }),
    );
  });

  it('keeps a key with leading zero bytes given as a short uint256', () => {
    const key = new Uint8Array(32);
    key[31] = 7;
    expect(toCrossAccountId({ eth: ZERO_ETHEREUM_ADDRESS, sub: '0x7' })).toEqual({
      Substrate: encodeSubstrateAddress(key),
    });
    expect(toCrossAccountId({ eth: ZERO_ETHEREUM_ADDRESS, sub: { _hex: '0x07' } as never })).toEqual({
      Substrate: encodeSubstrateAddress(key),
    });
  });

  it('refuses malformed inputs', () => {
    const alice = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';
    const bad: unknown[] = [
      null,
      undefined,
      42,
      [],
      'alice',
      '',
      { Substrate: 42 },
      { Substrate: alice, Ethereum: ZERO_ETHEREUM_ADDRESS },
      { eth: ZERO_ETHEREUM_ADDRESS, sub: ZERO_KEY },
      { eth: ZERO_ETHEREUM_ADDRESS, sub: `0x1${'0'.repeat(64)}` },
      { eth: ZERO_ETHEREUM_ADDRESS, sub: -1n },
      { eth: ZERO_ETHEREUM_ADDRESS, sub: 'abc' },
      { eth: 'nope', sub: '0x00' },
      { eth: ZERO_ETHEREUM_ADDRESS },
    ];
    for (const input of bad) {
      expect(isCrossAccountIdInput(input)).toBe(false);
      thrown(() => toCrossAccountId(input as CrossAccountIdInput));
    }
  });

  it('isAddress accepts 42..66-character substrate or ethereum addresses only', () => {
    expect(isAddress('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY')).toBe(true);
    expect(isAddress(ZERO_ETHEREUM_ADDRESS)).toBe(true);
    expect(isAddress(ZERO_KEY)).toBe(false);
    expect(isAddress(encodeSubstrateAddress(new Uint8Array(8)))).toBe(false);
    expect(isAddress(undefined)).toBe(false);
    expect(thrown(() => normalizeAddress(ZERO_KEY)).code).toBe('INVALID_ADDRESS');
    expect(thrown(() => addressesEqual('x', ZERO_ETHEREUM_ADDRESS)).code).toBe('INVALID_ADDRESS');
  });
});
