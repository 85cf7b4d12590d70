import { toFunctionSelector } from 'viem';
import { formatAbiItem } from 'viem/utils';
import { COLLECTION_HELPERS_ABI } from '/work/main/packages/devnet/src/evm/abi/collectionHelpers.ts';
import { UNIQUE_NFT_ABI } from '/work/main/packages/devnet/src/evm/abi/uniqueNft.ts';

for (const i of [...UNIQUE_NFT_ABI, ...COLLECTION_HELPERS_ABI])
  if (i.type === 'function') console.log(toFunctionSelector(i), formatAbiItem(i));
