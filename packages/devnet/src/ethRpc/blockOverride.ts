import type { Params } from './params.js';
import { parseQuantity } from './params.js';

/** geth's block override fields; the devnet's EVM reads only the block number from its block so far. */
const FIELDS = new Set([
  'number',
  'difficulty',
  'time',
  'gasLimit',
  'coinbase',
  'random',
  'baseFee',
  'blobBaseFee',
]);

/**
 * Argument `i` of `eth_call`/`eth_estimateGas`, geth's `blockOverrides`: the block number the EVM sees (`NUMBER`).
 * The other fields are refused by name: the devnet's EVM does not take them from the block yet, and an override
 * silently ignored would answer wrong.
 */
export function parseBlockOverride(p: Params, i: number, name = 'blockOverride'): number | undefined {
  if (!p.has(i)) return undefined;
  const o = p.object(i, name);
  let number: number | undefined;
  for (const [field, value] of Object.entries(o)) {
    if (!FIELDS.has(field)) p.fail(i, name, `${field.slice(0, 40)}: unknown field`);
    if (value === undefined || value === null) continue;
    if (field !== 'number')
      p.fail(
        i,
        name,
        `${field}: not supported by the devnet (its EVM reads only the block number from the block)`,
      );
    const n = parseQuantity(value, (w) => p.fail(i, name, `number: ${w}`));
    if (n > BigInt(Number.MAX_SAFE_INTEGER)) p.fail(i, name, 'number: too large');
    number = Number(n);
  }
  return number;
}
