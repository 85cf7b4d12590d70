/** Width of a stored amount: u128 has at most 39 decimal digits. */
const WIDTH = 40;

/** A non-negative integer as the zero-padded text the indexer stores (text order = numeric order). */
export function padAmount(value: bigint | string | number): string {
  const s = BigInt(value).toString();
  if (s.startsWith('-')) throw new RangeError(`Amount must not be negative, got ${s}`);
  if (s.length > WIDTH) throw new RangeError(`Amount has more than ${WIDTH} digits`);
  return s.padStart(WIDTH, '0');
}

/** A stored amount back to its plain decimal form. */
export function unpadAmount(stored: string): string {
  const s = stored.replace(/^0+/, '');
  return s === '' ? '0' : s;
}

/**
 * A `{field}From`/`{field}To` bound (a decimal string, possibly negative or wider than any stored amount) as a
 * comparable stored amount; `undefined` when the bound excludes nothing, `null` when it excludes everything.
 */
export function amountBound(value: string, side: 'from' | 'to'): string | undefined | null {
  const n = BigInt(value);
  const max = 10n ** BigInt(WIDTH) - 1n;
  if (side === 'from') {
    if (n <= 0n) return undefined;
    return n > max ? null : padAmount(n);
  }
  if (n < 0n) return null;
  return n >= max ? undefined : padAmount(n);
}
