import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertLibraryId,
  collectionIdToAddress,
  isValidLibraryId,
  MAX_COLLECTION_ID,
  nestingAddressFromIds,
  parseApiCollectionId,
  parseApiTokenId,
} from '../src/index.js';
import { thrown } from './helpers.js';

describe('library ids', () => {
  it('accepts integers 0..4294967295 only', () => {
    expect(MAX_COLLECTION_ID).toBe(4294967295);
    for (const ok of [0, 1, 4294967295]) expect(isValidLibraryId(ok)).toBe(true);
    for (const bad of [-1, 4294967296, 1.5, Number.NaN, '1', 1n, null])
      expect(isValidLibraryId(bad)).toBe(false);
    expect(thrown(() => assertLibraryId(-1)).message).toBe(
      'collectionId should be a number between 0 and 0xffffffff',
    );
  });
});

describe('API collection ids', () => {
  it('accepts 1..2^32-1, digit strings without a leading zero and collection addresses', () => {
    expect(parseApiCollectionId(1)).toBe(1);
    expect(parseApiCollectionId(4294967295)).toBe(4294967295);
    expect(parseApiCollectionId('42')).toBe(42);
    expect(parseApiCollectionId(collectionIdToAddress(42))).toBe(42);
    expect(parseApiCollectionId(collectionIdToAddress(42).toLowerCase())).toBe(42);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4294967295 }), (id) => {
        expect(parseApiCollectionId(id)).toBe(id);
        expect(parseApiCollectionId(String(id))).toBe(id);
        expect(parseApiCollectionId(collectionIdToAddress(id))).toBe(id);
      }),
    );
  });

  it('refuses 0, leading zeros, out-of-range values and other addresses', () => {
    const bad = [
      0,
      '0',
      '007',
      4294967296,
      '4294967296',
      -1,
      1.5,
      '1.5',
      ' 1',
      '',
      null,
      undefined,
      1n,
      collectionIdToAddress(0),
      nestingAddressFromIds(1, 1),
      '0x0000000000000000000000000000000000000001',
    ];
    for (const value of bad) expect(thrown(() => parseApiCollectionId(value)).code).toBe('INVALID_ID');
  });
});

describe('API token ids', () => {
  it('accepts positive integers', () => {
    expect(parseApiTokenId(1)).toBe(1);
    expect(parseApiTokenId(4294967295)).toBe(4294967295);
    expect(parseApiTokenId('7', { allowString: true })).toBe(7);
    expect(parseApiTokenId(0, { allowZero: true })).toBe(0);
  });

  it('refuses zero, strings (unless allowed), fractions and out-of-range values', () => {
    for (const bad of [0, -1, 1.5, '1', 4294967296, Number.NaN, null, undefined, 1n])
      expect(thrown(() => parseApiTokenId(bad)).code).toBe('INVALID_ID');
    for (const bad of ['0', '01', 'x', ''])
      expect(thrown(() => parseApiTokenId(bad, { allowString: true })).code).toBe('INVALID_ID');
  });
});
