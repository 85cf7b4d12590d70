import { ZERO_ETHEREUM_ADDRESS } from '@nftkit/primitives';
import { CONTRACT_HELPERS_ABI } from '../../evm/abi/contractHelpers.js';
import type { NativeContract, NativeEnv } from './native.js';
import { evmStorage } from './storage.js';

const deployer = (env: NativeEnv, address: unknown) =>
  evmStorage(env.ctx.storage).account(address as string).deployer;

/**
 * `ContractHelpers` read side. The devnet charges no EVM gas, so no contract is sponsored and none has an
 * allow-list: the sponsoring reads answer that, and every user is allowed.
 */
export const contractHelpersContract: NativeContract = {
  abi: CONTRACT_HELPERS_ABI,
  functions: {
    contractOwner: (env, [address]) => deployer(env, address) ?? ZERO_ETHEREUM_ADDRESS,
    sponsoringEnabled: () => false,
    hasSponsor: () => false,
    hasPendingSponsor: () => false,
    allowlistEnabled: () => false,
    allowed: () => true,
  },
};
