/**
 * A pure function of a short string, remembered for up to `size` distinct inputs. Address conversions hash
 * (keccak, blake2) and a chain converts the same few addresses many times per block. When full the cache starts
 * over rather than tracking recency: memory stays bounded whatever inputs arrive, and a hit costs one Map lookup.
 * Inputs that throw are not remembered.
 */
export function memoizeString<T>(fn: (input: string) => T, size = 4096): (input: string) => T {
  const cache = new Map<string, T>();
  return (input) => {
    const hit = cache.get(input);
    if (hit !== undefined) return hit;
    const value = fn(input);
    if (cache.size >= size) cache.clear();
    cache.set(input, value);
    return value;
  };
}
