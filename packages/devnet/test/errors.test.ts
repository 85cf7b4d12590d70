import { describe, expect, it } from 'vitest';
import { findMetaError, PALLETS } from '../src/runtime/runtime.js';

describe('pallet errors', () => {
  it('every error has a unique name and a docs text, and decodes back from its module index', () => {
    for (const pallet of PALLETS) {
      const names = pallet.errors.map((e) => e.name);
      expect(new Set(names).size).toBe(names.length);
      for (const e of pallet.errors) {
        expect(e.docs.length).toBeGreaterThan(10);
        expect(findMetaError(pallet.index, e.index)).toEqual({
          section: pallet.name,
          name: e.name,
          docs: [e.docs],
        });
      }
    }
  });

  it('keeps the on-chain variant indices of the Unique pallets (chain-rules §6.2)', () => {
    expect(findMetaError(66, 2)?.name).toBe('NoPermission');
    expect(findMetaError(66, 17)?.name).toBe('TokenNotFound');
    expect(findMetaError(66, 38)?.name).toBe('NotFungibleDataUsedToMintFungibleCollectionToken');
    expect(findMetaError(61, 1)?.name).toBe('EmptyArgument');
    expect(findMetaError(69, 2)?.name).toBe('CantBurnNftWithChildren');
    expect(findMetaError(70, 4)?.name).toBe('CantNestTokenUnderCollection');
  });

  it('numbers pallets and calls uniquely', () => {
    const indices = PALLETS.map((p) => p.index);
    expect(new Set(indices).size).toBe(indices.length);
    for (const p of PALLETS) {
      const calls = p.calls.map((c) => c.index);
      expect(new Set(calls).size).toBe(calls.length);
    }
  });
});
