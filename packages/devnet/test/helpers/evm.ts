import { readFileSync } from 'node:fs';
import type { Abi, Hex } from 'viem';

type Compiled = { abi: Abi; bytecode: Hex };

/** Solidity test contracts compiled once with solc (test/fixtures/evm/compile.cjs); tests never need solc. */
const compiled = JSON.parse(
  readFileSync(new URL('../fixtures/evm/contracts.json', import.meta.url), 'utf8'),
) as { contracts: Record<string, Compiled> };

export function contract(name: 'Token20' | 'Token721' | 'CollectionCaller'): Compiled {
  const c = compiled.contracts[name];
  if (!c) throw new Error(`No compiled contract ${name}`);
  return c;
}
