import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { substrateToEthereumMirror } from '@nftkit/primitives';
import { UniqueChain } from '@nftkit/sdk';
import { encodeDeployData } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alice } from './helpers/accounts.js';
import { contract } from './helpers/evm.js';
import { spawnDevnet, stopChild } from './helpers/process.js';

// `npx nftkit-devnet` and `npm start` run the bundled CLI (test/helpers/process.ts builds it as the package build does):
// it must behave as the sources do, EVM worker included (a second bundle the runner finds next to the CLI's).
const dir = mkdtempSync(join(tmpdir(), 'nftkit-bundle-test-'));
let child: ChildProcess;
let url: string;

beforeAll(async () => {
  ({ child, url } = await spawnDevnet([
    '--port',
    '0',
    '--db',
    join(dir, 'chain.sqlite'),
    '--instant',
    '--no-faucet',
  ]));
}, 120_000);

afterAll(async () => {
  if (child) await stopChild(child);
  rmSync(dir, { recursive: true, force: true });
});

describe('the bundled CLI', () => {
  it('serves the chain: health, a signed write, a read', async () => {
    expect((await fetch(`${url}/health`)).status).toBe(200);
    const sdk = UniqueChain({ baseUrl: url, account: alice, statusOptions: { retries: 100, timeout: 100 } });
    const created = await sdk.collection.create({
      mode: 'Nft',
      name: 'Bundled',
      description: 'd',
      symbol: 'B',
      info: {},
    });
    expect(created.result.collectionId).toBe(1);
    const minted = await sdk.token.mintNFTs({ collectionId: 1, tokens: [{ data: { name: 'one' } }] });
    expect(minted.result.map((t) => t.tokenId)).toEqual([1]);
    const token = await sdk.token.get({ collectionId: 1, tokenId: 1 });
    expect(token.owner).toBe(alice.address);
    // The sr25519 worker is a bundle of its own next to the CLI's; the health line says it is the one checking.
    const health = async () => ((await (await fetch(`${url}/health`)).json()) as { message: string }).message;
    await expect.poll(health, { timeout: 20_000 }).toContain('sr25519 checks on a worker thread');
    // Flags reach the bundle: --no-faucet refuses the faucet.
    const faucet = await fetch(`${url}/devnet/faucet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: alice.address, amount: '1' }),
    });
    expect(faucet.status).toBeGreaterThanOrEqual(400);
    expect(faucet.status).toBeLessThan(500);
    // Validation messages name the field in English (zod/mini's locale is configured in the bundle too).
    const bad = await fetch(`${url}/collection/create/build`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        args: { mode: 'Nft', name: 5, description: 'd', symbol: 'S' },
        options: { signerAddress: alice.address },
      }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe(
      'Validation Error: args.name: Invalid input: expected string, received number',
    );
  }, 120_000);

  it('runs Solidity bytecode in the bundled EVM worker', async () => {
    const sdk = UniqueChain({ baseUrl: url, account: alice, statusOptions: { retries: 100, timeout: 100 } });
    const t20 = contract('Token20');
    // EVM gas is paid by the caller's mirror (chain-rules §7); the faucet is off here, so Alice funds it.
    await sdk.balance.transfer({
      to: substrateToEthereumMirror(alice.address),
      amount: '10',
      isAmountInCoins: true,
    });
    const deployed = await sdk.evm.deploy({
      bytecode: encodeDeployData({ abi: t20.abi, bytecode: t20.bytecode, args: ['Gold', 1000n] }),
    });
    const address = deployed.result.contractAddress;
    expect((await sdk.evm.contractExists({ address })).exists).toBe(true);
  }, 120_000);
});
