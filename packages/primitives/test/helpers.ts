import { expect } from 'vitest';
import { PrimitivesError, SIGNED_EXTENSIONS, type SignerPayloadJSON } from '../src/index.js';

/** Runs `fn`, asserts it threw a PrimitivesError, and returns it. */
export const thrown = (fn: () => unknown): PrimitivesError => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(PrimitivesError);
    return error as PrimitivesError;
  }
  throw new Error('expected a PrimitivesError, nothing was thrown');
};

/**
 * A signer payload as the REST API builds one: Alice's, a mortal era at block 100, nonce 7, Opal's spec and
 * transaction versions; `overrides` replace any field.
 */
export const signerPayloadJson = (overrides: Partial<SignerPayloadJSON> = {}): SignerPayloadJSON => ({
  address: '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY',
  blockHash: `0x${'22'.repeat(32)}`,
  blockNumber: '0x00000064',
  era: '0x4502',
  genesisHash: `0x${'11'.repeat(32)}`,
  method: '0x3d00',
  nonce: '0x00000007',
  specVersion: '0x000f4628',
  tip: '0x00000000000000000000000000000000',
  transactionVersion: '0x00000003',
  signedExtensions: [...SIGNED_EXTENSIONS],
  version: 4,
  ...overrides,
});
