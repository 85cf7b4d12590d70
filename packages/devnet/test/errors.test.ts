import { describe, expect, it } from 'vitest';
import { callIndexOf, findMetaError, PALLETS } from '../src/runtime/runtime.js';

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

  it("numbers pallets and calls uniquely, at Opal's indices", () => {
    const indices = PALLETS.map((p) => p.index);
    expect(new Set(indices).size).toBe(indices.length);
    for (const p of PALLETS) {
      const calls = p.calls.map(callIndexOf);
      expect(new Set(calls).size).toBe(calls.length);
    }
    const at = (section: string, method: string) => {
      const p = PALLETS.find((x) => x.name === section);
      const c = p?.calls.find((x) => x.name === method);
      return c && [p?.index, callIndexOf(c)];
    };
    expect(at('balances', 'transferKeepAlive')).toEqual([30, 3]);
    expect(at('unique', 'createItem')).toEqual([61, 11]);
    expect(at('unique', 'createMultipleItemsEx')).toEqual([61, 18]);
    expect(at('utility', 'batchAll')).toEqual([156, 2]);
    expect(at('nfts', 'mint')).toEqual([120, 3]);
  });
});
