import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { routes } from '../src/index.js';

// The input types must keep `contract` (a client call written against them has to compile), and the fixed-address
// helper families must not have one. `npm test` typechecks this file, so a lost field fails the build.
type NftCall = z.input<typeof routes.evm.uniqueNft.call.input>;
type HelperCall = z.input<typeof routes.evm.collectionHelpers.call.input>;

describe('EVM route input types', () => {
  it('keep the contract field where the route takes one', () => {
    const call: NftCall = {
      functionName: 'ownerOf',
      functionArgs: [1],
      contract: { address: '0x17C4e6453cC49AaAAEACA894E6D9683e0000002A' },
    };
    expect(routes.evm.uniqueNft.call.input.parse(call)).toMatchObject({ contract: call.contract });
    const helper: HelperCall = { functionName: 'collectionCreationFee', functionArgs: [] };
    // @ts-expect-error the collection helpers live at a fixed address
    const withContract: HelperCall = { ...helper, contract: { address: '0x' } };
    expect(withContract).toBeDefined();
  });
});
