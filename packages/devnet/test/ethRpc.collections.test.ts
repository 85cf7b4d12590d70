import { collectionIdToAddress } from '@nftkit/primitives';
import { parseEventLogs } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { COLLECTION_HELPERS_ADDRESS } from '../src/runtime/evm/contracts/addresses.js';
import { COLLECTION_HELPERS_ABI } from '../src/runtime/evm/contracts/collectionHelpers.abi.js';
import { UNIQUE_NFT_ABI } from '../src/runtime/evm/contracts/uniqueNft.abi.js';
import { alice } from './helpers/accounts.js';
import { devnetForFile } from './helpers/devnet.js';
import { devKey, rpcOrigin, viemClients } from './helpers/ethRpc.js';
import { getJson, submitOverHttp } from './helpers/fetchClient.js';

const devnet = devnetForFile();
const owner = privateKeyToAccount(devKey(5));
const player = privateKeyToAccount(devKey(6));

const clients = () => viemClients(rpcOrigin(devnet.url), owner);

describe('one state: JSON-RPC and REST', () => {
  it('a collection made through CollectionHelpers, tokens minted through UniqueNFT, read through REST and the indexer', async () => {
    const { pub, wallet } = clients();
    const fee = await pub.readContract({
      address: COLLECTION_HELPERS_ADDRESS as `0x${string}`,
      abi: COLLECTION_HELPERS_ABI,
      functionName: 'collectionCreationFee',
    });
    const created = await wallet.writeContract({
      address: COLLECTION_HELPERS_ADDRESS as `0x${string}`,
      abi: COLLECTION_HELPERS_ABI,
      functionName: 'createNFTCollection',
      args: ['Rpc Snakes', 'made over JSON-RPC', 'RPC'],
      value: fee,
    });
    const receipt = await pub.waitForTransactionReceipt({ hash: created, pollingInterval: 50 });
    expect(receipt.status).toBe('success');
    const [event] = parseEventLogs({
      abi: COLLECTION_HELPERS_ABI,
      logs: receipt.logs,
      eventName: 'CollectionCreated',
    });
    const collection = event!.args.collectionId;
    const collectionId = Number.parseInt(collection.slice(-8), 16);
    expect((await getJson(`${devnet.url}/collection?collectionId=${collectionId}`)).body).toMatchObject({
      name: 'Rpc Snakes',
      symbol: 'RPC',
    });

    const minted = await wallet.writeContract({
      address: collection,
      abi: UNIQUE_NFT_ABI,
      functionName: 'mint',
      args: [player.address],
    });
    const mintReceipt = await pub.waitForTransactionReceipt({ hash: minted, pollingInterval: 50 });
    expect(mintReceipt.status).toBe('success');
    const [transfer] = parseEventLogs({ abi: UNIQUE_NFT_ABI, logs: mintReceipt.logs, eventName: 'Transfer' });
    const tokenId = transfer!.args.tokenId;
    expect(
      await pub.readContract({
        address: collection,
        abi: UNIQUE_NFT_ABI,
        functionName: 'ownerOf',
        args: [tokenId],
      }),
    ).toBe(player.address);

    const token = await getJson(`${devnet.url}/token?collectionId=${collectionId}&tokenId=${tokenId}`);
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({ owner: player.address });
    const indexed = await getJson(`${devnet.url}/indexer/tokens?collectionIdIn=${collectionId}`);
    expect(indexed.body).toMatchObject({ items: [{ address: player.address, tokenId: Number(tokenId) }] });
    const extrinsics = await getJson(
      `${devnet.url}/indexer/extrinsics?sectionIn=ethereum&signerIn=${owner.address}&orderByBlockNumber=asc`,
    );
    expect(
      (extrinsics.body as { items: { hash: string; method: string }[] }).items.map((x) => [x.hash, x.method]),
    ).toEqual([
      [created, 'transact'],
      [minted, 'transact'],
    ]);
  });

  it('a token minted through REST is seen through JSON-RPC', async () => {
    const { pub } = clients();
    const created = await submitOverHttp(devnet.url, alice, '/collection/create', {
      mode: 'Nft',
      name: 'Rest',
      description: 'r',
      symbol: 'R',
    });
    expect((await devnet.chain.waitForExtrinsic(created, 60_000))?.success).toBe(true);
    const collections = await getJson(`${devnet.url}/indexer/collections?orderByCollectionId=desc&limit=1`);
    const collectionId = (collections.body as { items: { collectionId: number }[] }).items[0]!.collectionId;
    const hash = await submitOverHttp(devnet.url, alice, '/token/nfts/mint', {
      collectionId,
      tokens: [{ owner: player.address }],
    });
    expect((await devnet.chain.waitForExtrinsic(hash, 60_000))?.success).toBe(true);
    const address = collectionIdToAddress(collectionId) as `0x${string}`;
    expect(
      await pub.readContract({ address, abi: UNIQUE_NFT_ABI, functionName: 'ownerOf', args: [1n] }),
    ).toBe(player.address);
    expect(
      await pub.readContract({
        address,
        abi: UNIQUE_NFT_ABI,
        functionName: 'balanceOf',
        args: [player.address],
      }),
    ).toBe(1n);
    expect(await pub.getCode({ address })).not.toBe('0x');
  });
});
