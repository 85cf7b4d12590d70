import { substrateToEthereumMirror, toChecksumEthereumAddress } from '@nftkit/primitives';

/** A bounded memo of a pure string function: address conversions hash (keccak, blake2) and repeat a lot. */
function memo(fn: (s: string) => string, max = 10_000): (s: string) => string {
  const cache = new Map<string, string>();
  return (s) => {
    let v = cache.get(s);
    if (v === undefined) {
      v = fn(s);
      if (cache.size >= max) cache.clear();
      cache.set(s, v);
    }
    return v;
  };
}

export const checksum = memo(toChecksumEthereumAddress);
export const ethMirror = memo(substrateToEthereumMirror);
