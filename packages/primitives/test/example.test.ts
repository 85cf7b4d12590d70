import { describe, expect, it } from 'vitest';
import { quickstart } from '../examples/quickstart.js';

describe('README example', () => {
  it('runs and prints what the README shows', () => {
    expect(quickstart()).toEqual([
      'Alice on Unique: unjKJQJrRd238pkUZZvzDQrfKuM39zBSnQ5zjAGAGcdRhaJTx',
      'normalized: 5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY',
      'Ethereum mirror: 0xd43593c715Fdd31c61141ABd04a99FD6822c8558',
      'CrossAccountId: {"Substrate":"5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY"}',
      'collection 42: 0x17C4e6453cC49AaAAEACA894E6D9683e0000002A',
      'nesting address → ids: {"collectionId":42,"tokenId":1}',
      '1.5 UNQ in wei: 1500000000000000000',
      'back to coins: 1.500000000000000001',
      'display: 1.234M',
      'error: INVALID_VALUE: Invalid value',
    ]);
  });
});
