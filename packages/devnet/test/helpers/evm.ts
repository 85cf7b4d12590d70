import { readFileSync } from 'node:fs';
import { substrateToEthereumMirror } from '@nftkit/primitives';
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

/** The gas and block-context probe (fixtures/evm/GasProbe.sol, compiled into gasProbe.json). */
export function probeContract(): Compiled {
  const file = JSON.parse(
    readFileSync(new URL('../fixtures/evm/gasProbe.json', import.meta.url), 'utf8'),
  ) as { contracts: { GasProbe: Compiled } };
  return file.contracts.GasProbe;
}

/** The gas corpus (fixtures/evm/GasCorpus.sol, compiled for Cancun into gasCorpus.json). */
export function corpusContract(): Compiled {
  const file = JSON.parse(
    readFileSync(new URL('../fixtures/evm/gasCorpus.json', import.meta.url), 'utf8'),
  ) as { contracts: { GasCorpus: Compiled } };
  return file.contracts.GasCorpus;
}

/**
 * EVM gas is paid by the caller's Ethereum mirror's own substrate mirror (chain-rules §7), an account no one funds
 * by default: the faucet gives it `amount` coins (a `startDevnet` URL, or a `makeApp` app through `inject`).
 */
export async function fundEvmCaller(
  target: string | { app: { inject(o: object): Promise<{ statusCode: number }> } },
  substrateAddress: string,
  amount = '100',
): Promise<void> {
  const body = { address: substrateToEthereumMirror(substrateAddress), amount };
  const status =
    typeof target === 'string'
      ? (
          await fetch(`${target}/devnet/faucet`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).status
      : (await target.app.inject({ method: 'POST', url: '/v2/devnet/devnet/faucet', payload: body }))
          .statusCode;
  if (status !== 200) throw new Error(`faucet answered ${status}`);
}
