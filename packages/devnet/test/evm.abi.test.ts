import { type AbiFunction, toFunctionSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import { COLLECTION_HELPERS_ABI } from '../src/runtime/evm/contracts/collectionHelpers.abi.js';
import { collectionHelpersContract } from '../src/runtime/evm/contracts/collectionHelpers.js';
import { contractHelpersContract } from '../src/runtime/evm/contracts/contractHelpers.js';
import { uniqueFungibleContract } from '../src/runtime/evm/contracts/uniqueFungible.js';
import { UNIQUE_NFT_ABI } from '../src/runtime/evm/contracts/uniqueNft.abi.js';
import { uniqueNftContract } from '../src/runtime/evm/contracts/uniqueNft.js';

const selectorOf = (abi: readonly unknown[], name: string) => {
  const fn = (abi as AbiFunction[]).find((i) => i.type === 'function' && i.name === name);
  if (!fn) throw new Error(`no ${name}`);
  return toFunctionSelector(fn);
};

describe('built-in ABIs', () => {
  it('UniqueNFT selectors are those of chain-rules §7', () => {
    const expected: Record<string, string> = {
      mint: '0x6a627842',
      mintWithTokenURI: '0x45c17782',
      mintCross: '0xb904db03',
      setProperties: '0x14ed3a6e',
      property: '0x7228c327',
      properties: '0xe07ede7e',
      setTokenPropertyPermissions: '0xbd92983a',
      setCollectionProperties: '0x50b26b2a',
      collectionProperty: '0xcf24fd6d',
      ownerOf: '0x6352211e',
      ownerOfCross: '0xcaa3a4d0',
      crossOwnerOf: '0x2b29dace',
      balanceOf: '0x70a08231',
      balanceOfCross: '0xec069398',
      tokenURI: '0xc87b56dd',
      transfer: '0xa9059cbb',
      transferCross: '0x2ada85ff',
      transferFrom: '0x23b872dd',
      transferFromCross: '0xd5cf430b',
      approve: '0x095ea7b3',
      approveCross: '0x0ecd0ab0',
      setApprovalForAll: '0xa22cb465',
      burn: '0x42966c68',
      burnFromCross: '0xbb2f5a58',
      nextTokenId: '0x75794a3c',
      totalSupply: '0x18160ddd',
    };
    for (const [name, selector] of Object.entries(expected))
      expect([name, selectorOf(UNIQUE_NFT_ABI, name)]).toEqual([name, selector]);
  });

  it('CollectionHelpers selectors are those of chain-rules §7', () => {
    expect(selectorOf(COLLECTION_HELPERS_ABI, 'createNFTCollection')).toBe('0x844af658');
    expect(selectorOf(COLLECTION_HELPERS_ABI, 'collectionCreationFee')).toBe('0xd23a7ab1');
  });

  it('every function of each built-in ABI has an implementation, and nothing else does', () => {
    for (const c of [
      uniqueNftContract,
      uniqueFungibleContract,
      collectionHelpersContract,
      contractHelpersContract,
    ]) {
      const names = c.abi.filter((i) => i.type === 'function').map((i) => (i as AbiFunction).name);
      expect(new Set(names)).toEqual(new Set(Object.keys(c.functions)));
    }
  });
});
