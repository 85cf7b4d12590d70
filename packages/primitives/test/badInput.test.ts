// Every public function, given values of the wrong type or shape, throws a PrimitivesError
// (never a TypeError from deep inside, never a wrong answer).
import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';
import { thrown } from './helpers.js';

const junk: unknown[] = [
  undefined,
  null,
  42,
  -1,
  1.5,
  Number.NaN,
  1n,
  true,
  '',
  'not valid',
  {},
  [],
  () => 0,
  Symbol('x'),
];

// Functions whose first argument is validated; the rest get sensible defaults.
const calls: Record<string, (x: unknown) => unknown> = {
  hexToBytes: (x) => api.hexToBytes(x as string),
  bytesToHex: (x) => api.bytesToHex(x as Uint8Array),
  encodeSubstrateAddress: (x) => api.encodeSubstrateAddress(x as string),
  decodeSubstrateAddress: (x) => api.decodeSubstrateAddress(x as string),
  decodeSubstrateAddressWithFormat: (x) => api.decodeSubstrateAddressWithFormat(x as string),
  substrateAddressToPublicKey: (x) => api.substrateAddressToPublicKey(x as string),
  normalizeSubstrateAddress: (x) => api.normalizeSubstrateAddress(x as string),
  substratePublicKeyToAddress: (x) => api.substratePublicKeyToAddress(x as string),
  toChecksumEthereumAddress: (x) => api.toChecksumEthereumAddress(x as string),
  assertEthereumAddress: (x) => api.assertEthereumAddress(x),
  substrateToEthereumMirror: (x) => api.substrateToEthereumMirror(x as string),
  ethereumToSubstrateMirror: (x) => api.ethereumToSubstrateMirror(x as string),
  collectionIdToAddress: (x) => api.collectionIdToAddress(x as number),
  collectionAddressToId: (x) => api.collectionAddressToId(x as string),
  nestingAddressFromIds: (x) => api.nestingAddressFromIds(x as number, 1),
  nestingAddressFromIdsToken: (x) => api.nestingAddressFromIds(1, x as number),
  nestingAddressToIds: (x) => api.nestingAddressToIds(x as string),
  normalizeAddress: (x) => api.normalizeAddress(x as string),
  addressesEqual: (x) => api.addressesEqual(x as string, '0x0000000000000000000000000000000000000001'),
  toCrossAccountId: (x) => api.toCrossAccountId(x as string),
  crossAccountIdToAddress: (x) => api.crossAccountIdToAddress(x as string),
  crossAccountIdsEqual: (x) =>
    api.crossAccountIdsEqual(x as string, '0x0000000000000000000000000000000000000001'),
  toEthCrossAccountId: (x) => api.toEthCrossAccountId(x as string),
  toCrossAccountIdUncapitalized: (x) => api.toCrossAccountIdUncapitalized(x as string),
  substrateAccountOf: (x) => api.substrateAccountOf(x as string),
  assertLibraryId: (x) => api.assertLibraryId(x),
  parseApiCollectionId: (x) => api.parseApiCollectionId(x),
  parseApiTokenId: (x) => api.parseApiTokenId(x),
  parseCoins: (x) => api.parseCoins(x as string),
  parseCoinsDecimals: (x) => api.parseCoins('1', x as number),
  formatCoins: (x) => api.formatCoins(x as string),
  formatCoinsDecimals: (x) => api.formatCoins(1n, x as number),
  parseGwei: (x) => api.parseGwei(x as string),
  formatGwei: (x) => api.formatGwei(x as string),
  assertDecimals: (x) => api.assertDecimals(x),
  formatNumber: (x) => api.formatNumber(x as string),
  formatFixed: (x) => api.formatFixed(x as string),
  formatWeiNumber: (x) => api.formatWeiNumber(x as string),
  formatWeiFixed: (x) => api.formatWeiFixed(x as string),
  utf8ByteLength: (x) => api.utf8ByteLength(x as string),
  assertMaxBytes: (x) => api.assertMaxBytes(x as string, 1),
  getChain: (x) => api.getChain(x as string),
  compactToBytes: (x) => api.compactToBytes(x as number),
  compactFromBytes: (x) => api.compactFromBytes(x as Uint8Array),
  u32ToLeBytes: (x) => api.u32ToLeBytes(x as number),
  u128ToLeBytes: (x) => api.u128ToLeBytes(x as number),
  mortalEraPeriod: (x) => api.mortalEraPeriod(x as number),
  encodeMortalEra: (x) => api.encodeMortalEra(x as number, 1),
  decodeEra: (x) => api.decodeEra(x as string),
  signerPayloadToRawBytes: (x) => api.signerPayloadToRawBytes(x as api.SignerPayloadJSON),
  signerPayloadToSignBytes: (x) => api.signerPayloadToSignBytes(x as api.SignerPayloadJSON),
};

// Inputs a function legitimately accepts (checked by the unit tests), skipped here.
const accepted: Record<string, unknown[]> = {
  hexToBytes: [''],
  collectionIdToAddress: [42],
  nestingAddressFromIds: [42],
  nestingAddressFromIdsToken: [42],
  assertLibraryId: [42],
  parseApiCollectionId: [42],
  parseApiTokenId: [42],
  parseCoins: [42, 1n, 1.5],
  formatCoins: [42, 1n],
  formatGwei: [42, 1n],
  parseGwei: [42, 1n, 1.5],
  parseCoinsDecimals: [undefined],
  formatCoinsDecimals: [undefined],
  formatNumber: [42, -1, 1.5, 1n],
  formatFixed: [42, -1, 1.5, 1n],
  formatWeiNumber: [42, 1n],
  formatWeiFixed: [42, 1n],
  utf8ByteLength: ['', 'not valid'],
  assertMaxBytes: [''],
  compactToBytes: [42, 1n],
  u32ToLeBytes: [42, 1n],
  u128ToLeBytes: [42, 1n],
  mortalEraPeriod: [42],
};

describe('bad input', () => {
  for (const [name, call] of Object.entries(calls)) {
    it(`${name} throws a PrimitivesError for malformed input`, () => {
      for (const value of junk) {
        if ((accepted[name] ?? []).some((ok) => Object.is(ok, value))) continue;
        const error = thrown(() => call(value));
        expect(error.code).toMatch(/^[A-Z_]+$/);
        expect(error.message.length).toBeGreaterThan(0);
      }
    });
  }

  it('predicates answer false instead of throwing', () => {
    const predicates = [
      api.isHex,
      api.isSubstrateAddress,
      api.isSubstratePublicKey,
      api.isEthereumAddress,
      api.isCollectionAddress,
      api.isNestingAddress,
      api.isAddress,
      api.isCrossAccountIdInput,
      api.isValidLibraryId,
      api.isChainName,
    ];
    for (const predicate of predicates)
      for (const value of junk) {
        if (predicate === api.isValidLibraryId && value === 42) continue;
        expect((predicate as (v: unknown) => boolean)(value)).toBe(false);
      }
  });
});
