import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { substrateToEthereumMirror } from '@nftkit/primitives';
import { UniqueChain } from '@nftkit/sdk';
import { encodeDeployData } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { startDevnet } from '../src/server.js';
import { alice, bob } from './helpers/accounts.js';
import { contract, fundEvmCaller } from './helpers/evm.js';

type Sdk = ReturnType<typeof UniqueChain>;
/** `@nftkit/api` types the EVM routes that take `contract` without it (see evm.sdk.test.ts); the wire shape has it. */
const loose = (sdk: Sdk) => ({
  evm: {
    ...sdk.evm,
    call: sdk.evm.call as unknown as (params: object) => Promise<unknown>,
    send: sdk.evm.send as unknown as (
      params: object,
    ) => Promise<Awaited<ReturnType<Sdk['evm']['collectionHelpers']['send']>>>,
  },
});

const dir = mkdtempSync(join(tmpdir(), 'nftkit-devnet-evm-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('EVM state survives a restart', () => {
  it('contract code, storage and nonces are in the database', async () => {
    const dbPath = join(dir, 'chain.sqlite');
    const t20 = contract('Token20');
    const statusOptions = { retries: 100, timeout: 100 };
    const first = await startDevnet({ port: 0, dbPath, instant: true, logLevel: 'silent' });
    let token: string;
    try {
      const sdk = loose(UniqueChain({ baseUrl: first.url, account: alice, statusOptions }));
      await fundEvmCaller(first.url, alice.address);
      const deployed = await sdk.evm.deploy({
        bytecode: encodeDeployData({ abi: t20.abi, bytecode: t20.bytecode, args: ['Kept', 500n] }),
      });
      token = deployed.result.contractAddress;
      const sent = await sdk.evm.send({
        functionName: 'transfer',
        functionArgs: [bob.address, 125],
        contract: { address: token, abi: t20.abi as never },
      });
      expect(sent.result.isSuccessful).toBe(true);
      // ContractHelpers state: the contract sponsors itself, with an allow-list naming Bob.
      const helpers = sdk.evm.contractHelpers as unknown as { send(p: object): Promise<unknown> };
      await helpers.send({ functionName: 'selfSponsoredEnable', functionArgs: [token] });
      await helpers.send({ functionName: 'toggleAllowed', functionArgs: [token, bob.address, true] });
    } finally {
      await first.stop();
    }

    const second = await startDevnet({ port: 0, dbPath, instant: true, logLevel: 'silent' });
    try {
      const sdk = loose(UniqueChain({ baseUrl: second.url, account: alice, statusOptions }));
      const c = { address: token, abi: t20.abi as never };
      expect((await sdk.evm.contractExists({ address: token })).exists).toBe(true);
      expect(await sdk.evm.call({ functionName: 'name', functionArgs: [], contract: c })).toBe('Kept');
      expect(
        await sdk.evm.call({
          functionName: 'balanceOf',
          functionArgs: [substrateToEthereumMirror(bob.address)],
          contract: c,
        }),
      ).toBe('125');
      const helpers = sdk.evm.contractHelpers as unknown as { call(p: object): Promise<unknown> };
      expect(await helpers.call({ functionName: 'hasSponsor', functionArgs: [token] })).toBe(true);
      expect(await helpers.call({ functionName: 'allowed', functionArgs: [token, bob.address] })).toBe(true);
      // The deployer's nonce was kept: a second deploy gets a new address.
      const again = await sdk.evm.deploy({
        bytecode: encodeDeployData({ abi: t20.abi, bytecode: t20.bytecode, args: ['Other', 1n] }),
      });
      expect(again.result.contractAddress).not.toBe(token);
    } finally {
      await second.stop();
    }
  });
});
