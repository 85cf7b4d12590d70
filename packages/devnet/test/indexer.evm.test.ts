import { UniqueChain, UniqueIndexer } from '@nftkit/sdk';
import { encodeDeployData } from 'viem';
import { describe, expect, it } from 'vitest';
import { alice } from './helpers/accounts.js';
import { devnetForFile } from './helpers/devnet.js';
import { contract, fundEvmCaller } from './helpers/evm.js';
import { checkIndexerAgrees } from './helpers/indexerInvariants.js';

// A contract deployed on the devnet's EVM is an indexed account flagged as a smart contract; its deploy is an
// indexed extrinsic with its evm events.
const devnet = devnetForFile();

describe('indexer: EVM contracts', () => {
  it('flags a deployed contract as a smart contract', async () => {
    const sdk = UniqueChain({
      baseUrl: devnet.url,
      account: alice,
      statusOptions: { retries: 50, timeout: 100 },
    });
    const t20 = contract('Token20');
    await fundEvmCaller(devnet.url, alice.address);
    const deployed = await sdk.evm.deploy({
      bytecode: encodeDeployData({ abi: t20.abi, bytecode: t20.bytecode, args: ['Gold', 1000n] }),
    });
    const address = deployed.result.contractAddress;
    const ix = UniqueIndexer({ baseUrl: `${devnet.url}/indexer` });
    expect(await ix.account({ address })).toMatchObject({ address, isEthereum: true, isSmartContract: true });
    const x = await ix.extrinsic({ hash: deployed.extrinsicOutput.hash });
    expect(x.section).toBe('evm');
    expect(x.events!.map((e) => `${e.section}.${e.method}`)).toContain('evm.Created');
    expect((await ix.events({ address, sectionIn: ['evm'] })).items.map((e) => e.method)).toContain(
      'Created',
    );
    checkIndexerAgrees(devnet.chain);
  });
});
