import { ZERO_ETHEREUM_ADDRESS } from '@nftkit/primitives';
import { encodeAbiParameters, encodeEventTopics, type Hex } from 'viem';
import type { RuntimeStorage } from '../../storage.js';
import { checksum } from '../memo.js';
import { EvmRevert } from '../revert.js';
import { evmStorage } from '../storage.js';
import { CONTRACT_HELPERS_ABI } from './contractHelpers.abi.js';
import { type ContractSponsoring, contractHelpersStorage, type SponsoringMode } from './helpersStorage.js';
import type { NativeContract, NativeEnv } from './native.js';

const U32_MAX = 0xffffffffn;

const ownerOf = (env: NativeEnv, contract: string): string | null =>
  evmStorage(env.ctx.storage).header(contract).deployer;

/** `allowed`: the owner always is; anyone else when on the contract's allow-list. */
export function isAllowed(storage: RuntimeStorage, contract: string, user: string): boolean {
  const owner = evmStorage(storage).header(contract).deployer;
  if (owner !== null && owner.toLowerCase() === user.toLowerCase()) return true;
  return contractHelpersStorage(storage).isAllowListed(contract, user);
}

function log(env: NativeEnv, eventName: string, contract: string, sponsor?: string): void {
  const topics = encodeEventTopics({
    abi: CONTRACT_HELPERS_ABI,
    eventName: eventName as 'ContractSponsorRemoved',
    args: { contractAddress: contract as Hex },
  }) as Hex[];
  const data = sponsor === undefined ? '0x' : encodeAbiParameters([{ type: 'address' }], [sponsor as Hex]);
  env.logs.push({ address: env.self, topics, data });
}

/** An owner-only change of a contract's sponsoring record (the chain's `ensure_owner`: "no permission"). */
function asOwner(
  env: NativeEnv,
  rawContract: unknown,
  change: (s: ContractSponsoring, contract: string) => ContractSponsoring,
): void {
  const contract = checksum(rawContract as string);
  const owner = ownerOf(env, contract);
  if (owner === null || owner.toLowerCase() !== env.caller.toLowerCase())
    throw new EvmRevert('no permission');
  const store = contractHelpersStorage(env.ctx.storage);
  store.put(contract, change(store.get(contract), contract));
}

const state = (env: NativeEnv, contract: unknown) =>
  contractHelpersStorage(env.ctx.storage).get(contract as string);

/**
 * `ContractHelpers` (pallet evm-contract-helpers): the deployer of a contract is its owner and alone may set its
 * sponsor, sponsoring mode and limits, and its allow-list. A sponsor pays the gas of the contract's callers (see
 * sponsoring.ts); an enabled allow-list admits only listed callers (and the owner).
 */
export const contractHelpersContract: NativeContract = {
  abi: CONTRACT_HELPERS_ABI,
  functions: {
    contractOwner: (env, [address]) => ownerOf(env, address as string) ?? ZERO_ETHEREUM_ADDRESS,
    sponsor: (env, [address]) => {
      const s = state(env, address);
      if (!s.confirmed || s.sponsor === null)
        return { status: false, value: { eth: ZERO_ETHEREUM_ADDRESS, sub: 0n } };
      return { status: true, value: { eth: checksum(s.sponsor), sub: 0n } };
    },
    hasSponsor: (env, [address]) => {
      const s = state(env, address);
      return s.confirmed && s.sponsor !== null;
    },
    hasPendingSponsor: (env, [address]) => {
      const s = state(env, address);
      return !s.confirmed && s.sponsor !== null;
    },
    sponsoringEnabled: (env, [address]) => state(env, address).mode !== 0,
    sponsoringRateLimit: (env, [address]) => state(env, address).rateLimit,
    sponsoringFeeLimit: (env, [address]) => state(env, address).feeLimit,
    allowlistEnabled: (env, [address]) => state(env, address).allowlistEnabled,
    allowed: (env, [address, user]) => isAllowed(env.ctx.storage, address as string, user as string),

    setSponsor: (env, [address, sponsor]) => {
      asOwner(env, address, (s) => ({ ...s, sponsor: checksum(sponsor as string), confirmed: false }));
      log(env, 'ContractSponsorSet', address as string, sponsor as string);
    },
    selfSponsoredEnable: (env, [address]) => {
      asOwner(env, address, (s, contract) => ({ ...s, sponsor: contract, confirmed: true }));
      log(env, 'ContractSponsorSet', address as string, address as string);
      log(env, 'ContractSponsorshipConfirmed', address as string, address as string);
    },
    removeSponsor: (env, [address]) => {
      asOwner(env, address, (s) => ({ ...s, sponsor: null, confirmed: false }));
      log(env, 'ContractSponsorRemoved', address as string);
    },
    confirmSponsorship: (env, [address]) => {
      const contract = checksum(address as string);
      const store = contractHelpersStorage(env.ctx.storage);
      const s = store.get(contract);
      if (s.sponsor === null || s.confirmed) throw new EvmRevert('no pending sponsor for contract');
      if (s.sponsor.toLowerCase() !== env.caller.toLowerCase())
        throw new EvmRevert('caller is not set as sponsor');
      store.put(contract, { ...s, confirmed: true });
      log(env, 'ContractSponsorshipConfirmed', contract, env.caller);
    },
    setSponsoringMode: (env, [address, mode]) => {
      const m = Number(mode);
      if (m !== 0 && m !== 1 && m !== 2) throw new EvmRevert('unknown mode');
      asOwner(env, address, (s) => ({ ...s, mode: m as SponsoringMode }));
    },
    setSponsoringRateLimit: (env, [address, limit]) => {
      const n = BigInt(limit as number);
      if (n > U32_MAX) throw new EvmRevert('rate limit is out of range');
      asOwner(env, address, (s) => ({ ...s, rateLimit: Number(n) }));
    },
    setSponsoringFeeLimit: (env, [address, limit]) => {
      const n = limit as bigint;
      if (n >= 1n << 128n) throw new EvmRevert('fee limit is out of range');
      asOwner(env, address, (s) => ({ ...s, feeLimit: n }));
    },
    toggleAllowlist: (env, [address, enabled]) => {
      asOwner(env, address, (s) => ({ ...s, allowlistEnabled: enabled as boolean }));
    },
    toggleAllowed: (env, [address, user, allowed]) => {
      asOwner(env, address, (s) => s);
      contractHelpersStorage(env.ctx.storage).setAllowListed(
        address as string,
        user as string,
        allowed as boolean,
      );
    },
  },
};
