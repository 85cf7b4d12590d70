import { collectionIdToAddress, substrateToEthereumMirror } from '@nftkit/primitives';
import { UniqueChain } from '@unique-nft/sdk';
import { Sr25519Account } from '@unique-nft/sr25519';
import { encodeDeployData } from 'viem';
import { describe, expect, it } from 'vitest';
import { UNIQUE_NFT_ABI } from '../src/runtime/evm/contracts/uniqueNft.abi.js';
import { devnetForFile } from './helpers/devnet.js';
import { contract, fundEvmCaller } from './helpers/evm.js';

// The real `@unique-nft/sdk` UniqueChain client, unchanged, as a differential oracle of the EVM wire format.
const devnet = devnetForFile();

describe('the real @unique-nft/sdk UniqueChain client against the devnet EVM routes', () => {
  it('helpers, the collection contract, a deployed contract and its logs', async () => {
    const alice = Sr25519Account.fromUri('//Alice');
    const sdk = UniqueChain({
      baseUrl: devnet.url,
      account: alice,
      statusOptions: { retries: 50, timeout: 100 },
    } as never);
    const me = substrateToEthereumMirror(alice.address);
    await fundEvmCaller(devnet.url, alice.address);
    const evm = sdk.evm as unknown as {
      call(p: object): Promise<unknown>;
      send(
        p: object,
      ): Promise<{ result: { isSuccessful: boolean | null }; extrinsicOutput: { hash: string } }>;
      deploy(p: object): Promise<{ result: { contractAddress: string }; extrinsicOutput: { hash: string } }>;
      logs(p: object): Promise<{ logs: { name: string; args: unknown }[] }>;
      contractExists(p: object): Promise<{ exists: boolean }>;
      collectionHelpers: { call(p: object): Promise<unknown> };
      uniqueNft: {
        call(p: object): Promise<unknown>;
        send(p: object): Promise<{ result: { isSuccessful: boolean | null } }>;
      };
    };

    expect(
      await evm.collectionHelpers.call({ functionName: 'collectionCreationFee', functionArgs: [] }),
    ).toBe('2000000000000000000');

    // The EVM caller is Alice's mirror: it is made an admin at creation.
    const created = await sdk.collection.create({
      mode: 'Nft',
      name: 'Real',
      description: 'r',
      symbol: 'R',
      admins: [me],
    } as never);
    const collectionId = (created.result as { collectionId: number }).collectionId;
    const address = collectionIdToAddress(collectionId);
    expect(await evm.uniqueNft.call({ functionName: 'name', functionArgs: [], contract: { address } })).toBe(
      'Real',
    );
    const minted = await evm.uniqueNft.send({
      functionName: 'mint',
      functionArgs: [me],
      contract: { address },
    });
    expect(minted.result).toEqual({ isSuccessful: true });
    expect(
      await evm.uniqueNft.call({ functionName: 'ownerOf', functionArgs: [1], contract: { address } }),
    ).toBe(me);

    const t20 = contract('Token20');
    const deployed = await evm.deploy({
      bytecode: encodeDeployData({ abi: t20.abi, bytecode: t20.bytecode, args: ['Real gold', 77n] }),
    });
    const token = deployed.result.contractAddress;
    expect((await evm.contractExists({ address: token })).exists).toBe(true);
    const c = { address: token, abi: t20.abi };
    expect(await evm.call({ functionName: 'balanceOf', functionArgs: [me], contract: c })).toBe('77');
    const sent = await evm.send({
      functionName: 'transfer',
      functionArgs: ['0x000000000000000000000000000000000000dEaD', 7],
      contract: c,
    });
    expect(sent.result).toEqual({ isSuccessful: true });
    const { logs } = await evm.logs({
      hash: sent.extrinsicOutput.hash,
      abi: [...t20.abi, ...UNIQUE_NFT_ABI],
    });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ name: 'Transfer' });

    // The refungible faces, the native coin and ContractHelpers through the real client's methods.
    type Face = {
      call(p: object): Promise<unknown>;
      send(p: object): Promise<{ result: { isSuccessful: boolean | null } }>;
    };
    const faces = sdk.evm as unknown as {
      uniqueRefungible: Face;
      uniqueRefungibleToken: Face;
      uniqueNativeFungible: Face;
      contractHelpers: Face;
    };
    const rft = await sdk.collection.create({
      mode: 'ReFungible',
      name: 'Real shares',
      description: 'r',
      symbol: 'RS',
      admins: [me],
    } as never);
    const rftAddress = collectionIdToAddress((rft.result as { collectionId: number }).collectionId);
    const mintedRft = await faces.uniqueRefungible.send({
      functionName: 'mint',
      functionArgs: [me],
      contract: { address: rftAddress },
    });
    expect(mintedRft.result).toEqual({ isSuccessful: true });
    const pieces = (await faces.uniqueRefungible.call({
      functionName: 'tokenContractAddress',
      functionArgs: [1],
      contract: { address: rftAddress },
    })) as string;
    expect(
      await faces.uniqueRefungibleToken.call({
        functionName: 'balanceOf',
        functionArgs: [me],
        contract: { address: pieces },
      }),
    ).toBe('1');
    expect(
      await faces.uniqueNativeFungible.call({
        functionName: 'decimals',
        functionArgs: [],
        contract: { address: collectionIdToAddress(0) },
      }),
    ).toBe(18);
    const sponsored = await faces.contractHelpers.send({
      functionName: 'selfSponsoredEnable',
      functionArgs: [token],
    });
    expect(sponsored.result).toEqual({ isSuccessful: true });
    expect(await faces.contractHelpers.call({ functionName: 'hasSponsor', functionArgs: [token] })).toBe(
      true,
    );
  });
});
