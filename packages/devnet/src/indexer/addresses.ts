import {
  crossAccountIdToAddress,
  ethereumToSubstrateMirror,
  isAddress,
  isCollectionAddress,
  isEthereumAddress,
  isNestingAddress,
  normalizeAddress,
  substrateToEthereumMirror,
  toCrossAccountId,
} from '@nftkit/primitives';

/** The two helper contracts at fixed addresses (rest-api §1.5). */
const STATIC_CONTRACTS = new Set([
  '0x842899ECF380553E8a4de75bF534cdf6fBF64049',
  '0x6C4E9fE1AE37a41E93CEE429e8E1881aBdcbb54F',
]);

/** A bounded memo: the same few accounts recur in every block, and SS58 checksums cost a blake2 each. */
function memo<T>(compute: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    if (cache.has(key)) return cache.get(key) as T;
    const value = compute(key);
    if (cache.size >= 10_000) cache.clear();
    cache.set(key, value);
    return value;
  };
}

/**
 * An address as the indexer stores it (SS58 prefix 42 or EIP-55), read from an event value: a plain address or a
 * CrossAccountId as the JSON string events carry. Anything else is not an address.
 */
export function addressFromValue(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length < 42) return undefined;
  return cachedAddress(value);
}

const cachedAddress = memo((value: string): string | undefined => {
  if (value.startsWith('{')) {
    try {
      return crossAccountIdToAddress(toCrossAccountId(JSON.parse(value) as never));
    } catch {
      return undefined;
    }
  }
  if (!isAddress(value)) return undefined;
  try {
    return normalizeAddress(value);
  } catch {
    return undefined;
  }
});

/** Every distinct address an event's data mentions (top-level values). */
export function addressesIn(data: Record<string, unknown>): string[] {
  const out = new Set<string>();
  for (const v of Object.values(data)) {
    const a = addressFromValue(v);
    if (a) out.add(a);
  }
  return [...out];
}

export type AccountFacts = { address: string; mirror: string; isEthereum: boolean; isSmartContract: boolean };

/**
 * What the address itself says about an account: its mirror on the other side, whether it is an Ethereum
 * address, and whether it is one of the chain's native contracts (a collection, a token, a helper contract).
 */
export const accountFacts = memo((address: string): AccountFacts => {
  const isEthereum = isEthereumAddress(address);
  return {
    address,
    isEthereum,
    mirror: isEthereum ? ethereumToSubstrateMirror(address) : substrateToEthereumMirror(address),
    isSmartContract:
      isEthereum &&
      (isCollectionAddress(address) || isNestingAddress(address) || STATIC_CONTRACTS.has(address)),
  };
});

/** An address given as a filter value, normalized like stored ones; `undefined` when it is no address. */
export function normalizeFilterAddress(value: string): string | undefined {
  return addressFromValue(value.trim());
}
