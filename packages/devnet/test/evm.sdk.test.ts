import {
  collectionIdToAddress,
  decodeSubstrateAddress,
  ethereumToSubstrateMirror,
  substrateToEthereumMirror,
} from '@nftkit/primitives';
import { type ApiError, UniqueChain } from '@nftkit/sdk';
import { encodeDeployData, stringToHex, zeroAddress } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { stateDigest } from '../src/runtime/digest.js';
import {
  COLLECTION_HELPERS_ADDRESS,
  CONTRACT_HELPERS_ADDRESS,
} from '../src/runtime/evm/contracts/addresses.js';
import { COLLECTION_HELPERS_ABI } from '../src/runtime/evm/contracts/collectionHelpers.abi.js';
import { UNIQUE_FUNGIBLE_ABI } from '../src/runtime/evm/contracts/uniqueFungible.abi.js';
import { UNIQUE_NFT_ABI } from '../src/runtime/evm/contracts/uniqueNft.abi.js';
import { alice, bob, charlie } from './helpers/accounts.js';
import { devnetForFile } from './helpers/devnet.js';
import { contract } from './helpers/evm.js';
import { checkInvariants } from './helpers/invariants.js';
import { apiError } from './helpers/sdk.js';

// The EVM routes through the sdk client against a devnet over real HTTP: the native collection and helper
// contracts, Solidity contracts on @ethereumjs/evm, logs and errors.
const devnet = devnetForFile();
const statusOptions = { retries: 100, timeout: 100 };
const as = (account: typeof alice) => UniqueChain({ baseUrl: devnet.url, account, statusOptions });
const aliceEth = substrateToEthereumMirror(alice.address);
const bobEth = substrateToEthereumMirror(bob.address);
const charlieEth = substrateToEthereumMirror(charlie.address);
const FEE = 2n * 10n ** 18n;

async function faucet(address: string, amount: string) {
  const res = await fetch(`${devnet.url}/devnet/faucet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, amount }),
  });
  expect(res.status).toBe(200);
}

type SendAnswer = Awaited<ReturnType<ReturnType<typeof UniqueChain>['evm']['collectionHelpers']['send']>>;
type WithContract = {
  call(params: object): Promise<unknown>;
  send(params: object): Promise<SendAnswer>;
};
/**
 * The sdk's EVM methods. `@nftkit/api` types the routes that take a `contract` without that field (a typing gap of
 * its route table; the wire shape and the runtime validation have it), so those methods are called through
 * `WithContract`.
 */
const evm = (who: typeof alice) => {
  const e = as(who).evm;
  return {
    ...e,
    call: e.call as unknown as WithContract['call'],
    send: e.send as unknown as WithContract['send'],
    uniqueNft: e.uniqueNft as unknown as WithContract,
    uniqueFungible: e.uniqueFungible as unknown as WithContract,
  };
};

const nft = (address: string) => ({
  call: (functionName: string, functionArgs: unknown[] = [], senderAddress?: string) =>
    evm(alice).uniqueNft.call({
      functionName,
      functionArgs,
      contract: { address },
      ...(senderAddress ? { senderAddress } : {}),
    }),
  send: (who: typeof alice, functionName: string, functionArgs: unknown[] = []) =>
    evm(who).uniqueNft.send({ functionName, functionArgs, contract: { address } }),
});

beforeAll(async () => {
  // Alice's Ethereum mirror pays the creation fee from its own substrate mirror (chain-rules §7).
  await faucet(aliceEth, '100');
  await faucet(bobEth, '100');
  await faucet(charlieEth, '100');
});

describe('CollectionHelpers', () => {
  it('reads the fee and maps ids to addresses', async () => {
    expect(
      await evm(alice).collectionHelpers.call({ functionName: 'collectionCreationFee', functionArgs: [] }),
    ).toBe(String(FEE));
    expect(
      await evm(alice).collectionHelpers.call({ functionName: 'collectionAddress', functionArgs: [42] }),
    ).toBe(collectionIdToAddress(42));
    expect(
      await evm(alice).collectionHelpers.call({
        functionName: 'collectionId',
        functionArgs: ['0x17c4e6453cc49aaaaeaca894e6d9683e0000002a'],
      }),
    ).toBe(42);
  });

  it('createNFTCollection: exact fee, owner = caller mirror, CollectionCreated log; a wrong fee reverts', async () => {
    const sdk = as(alice);
    const before = (await sdk.collection.getAllCollectionStats({})) as { created: number };
    const wrong = await evm(alice).collectionHelpers.send({
      functionName: 'createNFTCollection',
      functionArgs: ['X', 'x', 'X'],
      value: String(FEE - 1n),
    });
    expect(wrong.result).toEqual({ isSuccessful: false });
    expect(wrong.extrinsicOutput.events.some((e) => e.method === 'ExecutedFailed')).toBe(true);
    expect(((await sdk.collection.getAllCollectionStats({})) as { created: number }).created).toBe(
      before.created,
    );

    const ok = await evm(alice).collectionHelpers.send({
      functionName: 'createNFTCollection',
      functionArgs: ['Evm Snakes', 'made from the EVM', 'EVS'],
      value: String(FEE),
    });
    expect(ok.result).toEqual({ isSuccessful: true });
    const { logs } = await evm(alice).logs({
      hash: ok.extrinsicOutput.hash,
      abi: COLLECTION_HELPERS_ABI as never,
    });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      name: 'CollectionCreated',
      signature: 'CollectionCreated(address,address)',
      args: { owner: aliceEth },
    });
    const address = (logs[0]!.args as { collectionId: string }).collectionId;
    const id = Number.parseInt(address.slice(-8), 16);
    const c = await sdk.collection.get({ collectionId: id });
    expect(c).toMatchObject({
      name: 'Evm Snakes',
      symbol: 'EVS',
      owner: ethereumToSubstrateMirror(aliceEth),
    });
    expect(
      await evm(alice).collectionHelpers.call({ functionName: 'isCollectionExist', functionArgs: [address] }),
    ).toBe(true);
    expect((await evm(alice).contractExists({ address })).exists).toBe(true);
  });
});

describe('UniqueNFT at a collection address', () => {
  let address: string;
  let id: number;
  beforeAll(async () => {
    const created = await evm(alice).collectionHelpers.send({
      functionName: 'createNFTCollection',
      functionArgs: ['Scores', 'snake scores', 'SCR'],
      value: String(FEE),
    });
    const { logs } = await evm(alice).logs({
      hash: created.extrinsicOutput.hash,
      abi: COLLECTION_HELPERS_ABI as never,
    });
    address = (logs[0]!.args as { collectionId: string }).collectionId;
    id = Number.parseInt(address.slice(-8), 16);
  });

  it('reads the collection: name, symbol, description, supply', async () => {
    const c = nft(address);
    expect(await c.call('name')).toBe('Scores');
    expect(await c.call('symbol')).toBe('SCR');
    expect(await c.call('description')).toBe('snake scores');
    expect(await c.call('totalSupply')).toBe('0');
    expect(await c.call('nextTokenId')).toBe('1');
    expect(await c.call('supportsInterface', ['0x80ac58cd'])).toBe(true);
  });

  it('mint, mintCross with properties, ownerOf, balanceOf, property, ERC-721 Transfer logs and common events', async () => {
    const c = nft(address);
    const minted = await c.send(alice, 'mint', [bobEth]);
    expect(minted.result).toEqual({ isSuccessful: true });
    const events = minted.extrinsicOutput.events.map((e) => `${e.section}.${e.method}`);
    expect(events).toEqual(expect.arrayContaining(['common.ItemCreated', 'evm.Log', 'evm.Executed']));
    const { logs } = await evm(alice).logs({
      hash: minted.extrinsicOutput.hash,
      abi: UNIQUE_NFT_ABI as never,
    });
    expect(logs).toEqual([
      {
        name: 'Transfer',
        signature: 'Transfer(address,address,uint256)',
        args: { from: zeroAddress, to: bobEth, tokenId: '1' },
      },
    ]);
    expect(await c.call('ownerOf', [1])).toBe(bobEth);
    expect(await c.call('balanceOf', [bobEth])).toBe('1');
    // A token minted by the EVM is an ordinary token for the substrate side.
    expect(await as(alice).token.get({ collectionId: id, tokenId: 1 })).toMatchObject({ owner: bobEth });

    // Token properties need a permission first (chain-rules §2.4).
    const perm = await c.send(alice, 'setTokenPropertyPermissions', [
      [
        {
          key: 'score',
          permissions: [
            { code: 0, value: true },
            { code: 2, value: true },
          ],
        },
      ],
    ]);
    expect(perm.result.isSuccessful).toBe(true);
    const cross = await c.send(alice, 'mintCross', [
      {
        eth: zeroAddress,
        sub: BigInt(`0x${Buffer.from(decodeSubstrateAddress(charlie.address)).toString('hex')}`).toString(),
      },
      [{ key: 'score', value: stringToHex('120') }],
    ]);
    expect(cross.result.isSuccessful).toBe(true);
    expect(await c.call('ownerOf', [2])).toBe(charlieEth);
    expect(await c.call('ownerOfCross', [2])).toEqual({
      eth: zeroAddress,
      sub: BigInt(`0x${Buffer.from(decodeSubstrateAddress(charlie.address)).toString('hex')}`).toString(),
    });
    expect(await c.call('property', [2, 'score'])).toBe(stringToHex('120'));
    expect(await c.call('properties', [2, []])).toEqual([{ key: 'score', value: stringToHex('120') }]);
    expect(await as(alice).token.get({ collectionId: id, tokenId: 2 })).toMatchObject({
      owner: charlie.address,
    });
    expect(await c.call('totalSupply')).toBe('2');
  });

  it('setProperties / deleteProperties, collection properties and tokenURI', async () => {
    const c = nft(address);
    expect(
      (await c.send(alice, 'setProperties', [2, [{ key: 'score', value: stringToHex('7') }]])).result
        .isSuccessful,
    ).toBe(true);
    expect(await c.call('property', [2, 'score'])).toBe(stringToHex('7'));
    expect((await c.send(alice, 'deleteProperties', [2, ['score']])).result.isSuccessful).toBe(true);
    const missing = await apiError(c.call('property', [2, 'score']));
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.data)).toContain('key not found');

    expect(await c.call('tokenURI', [1])).toBe('');
    const meta = await evm(alice).collectionHelpers.send({
      functionName: 'makeCollectionERC721MetadataCompatible',
      functionArgs: [address, 'https://base/'],
    });
    expect(meta.result.isSuccessful).toBe(true);
    expect(await c.call('collectionProperty', ['baseURI'])).toBe(stringToHex('https://base/'));
    // baseURI alone (the chain does not append the id), then baseURI + URISuffix, then URI wins.
    expect(await c.call('tokenURI', [1])).toBe('https://base/');
    await c.send(alice, 'setProperties', [1, [{ key: 'URISuffix', value: stringToHex('1.json') }]]);
    expect(await c.call('tokenURI', [1])).toBe('https://base/1.json');
    await c.send(alice, 'setProperties', [1, [{ key: 'URI', value: stringToHex('ipfs://one') }]]);
    expect(await c.call('tokenURI', [1])).toBe('ipfs://one');
    expect(await c.call('supportsInterface', ['0x5b5e139f'])).toBe(true);
    const minted = await c.send(alice, 'mintWithTokenURI', [aliceEth, 'ipfs://three']);
    expect(minted.result.isSuccessful).toBe(true);
    expect(await c.call('tokenURI', [3])).toBe('ipfs://three');
  });

  it('transfer, approve, transferFrom and burn from Ethereum mirrors, with Approval/Transfer logs', async () => {
    const c = nft(address);
    // Token 1 belongs to bob's mirror: bob signs, so the EVM caller is that mirror.
    const t = await c.send(bob, 'transfer', [aliceEth, 1]);
    expect(t.result.isSuccessful).toBe(true);
    expect(await c.call('ownerOf', [1])).toBe(aliceEth);

    const a = await c.send(alice, 'approve', [charlieEth, 1]);
    expect(a.result.isSuccessful).toBe(true);
    const approvalLogs = await evm(alice).logs({
      hash: a.extrinsicOutput.hash,
      abi: UNIQUE_NFT_ABI as never,
    });
    expect(approvalLogs.logs).toEqual([
      {
        name: 'Approval',
        signature: 'Approval(address,address,uint256)',
        args: { owner: aliceEth, approved: charlieEth, tokenId: '1' },
      },
    ]);
    expect(await c.call('getApproved', [1])).toBe(charlieEth);
    const tf = await c.send(charlie, 'transferFrom', [aliceEth, bobEth, 1]);
    expect(tf.result.isSuccessful).toBe(true);
    expect(await c.call('ownerOf', [1])).toBe(bobEth);
    expect(await c.call('getApproved', [1])).toBe(zeroAddress);

    // Without an approval transferFrom reverts: the extrinsic is included, nothing moves.
    const denied = await c.send(charlie, 'transferFrom', [bobEth, charlieEth, 1]);
    expect(denied.result).toEqual({ isSuccessful: false });
    expect(denied.extrinsicOutput.events.some((e) => e.section === 'common')).toBe(false);
    expect(await c.call('ownerOf', [1])).toBe(bobEth);

    const burnt = await c.send(bob, 'burn', [1]);
    expect(burnt.result.isSuccessful).toBe(true);
    const burnLogs = await evm(alice).logs({
      hash: burnt.extrinsicOutput.hash,
      abi: UNIQUE_NFT_ABI as never,
    });
    expect(burnLogs.logs[0]).toMatchObject({
      name: 'Transfer',
      args: { from: bobEth, to: zeroAddress, tokenId: '1' },
    });
    const gone = await apiError(c.call('ownerOf', [1]));
    expect(JSON.stringify(gone.data)).toContain('token not found');
    expect(
      await c.call('safeTransferFrom', [aliceEth, bobEth, 3]).catch((e: ApiError) => JSON.stringify(e.data)),
    ).toContain('not implemented');
    checkInvariants(devnet.chain);
  });

  it('a caller without rights cannot mint; the signer still pays the fee and nothing else changes', async () => {
    const c = nft(address);
    const supply = await c.call('totalSupply');
    const free = () => devnet.chain.storage.system.account(bob.address).free;
    const before = free();
    const r = await c.send(bob, 'mint', [bobEth]);
    expect(r.result).toEqual({ isSuccessful: false });
    expect(r.extrinsicOutput.events.some((e) => e.section === 'common')).toBe(false);
    expect(await c.call('totalSupply')).toBe(supply);
    expect(free()).toBeLessThan(before);
  });
});

describe('UniqueFungible at a fungible collection address', () => {
  it('ERC-20 reads, mint, transfer, approve/transferFrom, burnFrom, with Transfer/Approval logs', async () => {
    const sdk = as(alice);
    const created = await sdk.collection.create({
      mode: 'Fungible',
      tokenDecimals: 6,
      name: 'Coins',
      description: 'c',
      symbol: 'CN',
      admins: [aliceEth],
    } as never);
    const address = collectionIdToAddress((created.result as { collectionId: number }).collectionId);
    const contract = { address };
    const ft = evm(alice).uniqueFungible;
    const call = (functionName: string, functionArgs: unknown[] = []) =>
      ft.call({ functionName, functionArgs, contract });
    expect(await call('name')).toBe('Coins');
    expect(await call('symbol')).toBe('CN');
    expect(await call('decimals')).toBe(6);
    // The NFT route's ABI does not fit: the collection address is the fungible contract.
    expect((await apiError(nft(address).call('ownerOf', [1]))).status).toBe(400);

    const minted = await ft.send({ functionName: 'mint', functionArgs: [bobEth, '1000'], contract });
    expect(minted.result).toEqual({ isSuccessful: true });
    expect(await call('totalSupply')).toBe('1000');
    expect(await call('balanceOf', [bobEth])).toBe('1000');
    const mintLogs = await evm(alice).logs({
      hash: minted.extrinsicOutput.hash,
      abi: UNIQUE_FUNGIBLE_ABI as never,
    });
    expect(mintLogs.logs).toEqual([
      {
        name: 'Transfer',
        signature: 'Transfer(address,address,uint256)',
        args: { from: zeroAddress, to: bobEth, value: '1000' },
      },
    ]);

    const moved = await evm(bob).uniqueFungible.send({
      functionName: 'transfer',
      functionArgs: [charlieEth, 300],
      contract,
    });
    expect(moved.result.isSuccessful).toBe(true);
    expect(await call('balanceOf', [charlieEth])).toBe('300');
    const tooMuch = await evm(bob).uniqueFungible.send({
      functionName: 'transfer',
      functionArgs: [charlieEth, 5000],
      contract,
    });
    expect(tooMuch.result).toEqual({ isSuccessful: false });
    expect(await call('balanceOf', [bobEth])).toBe('700');

    const approved = await evm(bob).uniqueFungible.send({
      functionName: 'approve',
      functionArgs: [charlieEth, 200],
      contract,
    });
    const approvalLogs = await evm(alice).logs({
      hash: approved.extrinsicOutput.hash,
      abi: UNIQUE_FUNGIBLE_ABI as never,
    });
    expect(approvalLogs.logs).toEqual([
      {
        name: 'Approval',
        signature: 'Approval(address,address,uint256)',
        args: { owner: bobEth, spender: charlieEth, value: '200' },
      },
    ]);
    expect(await call('allowance', [bobEth, charlieEth])).toBe('200');
    await evm(charlie).uniqueFungible.send({
      functionName: 'transferFrom',
      functionArgs: [bobEth, charlieEth, 150],
      contract,
    });
    expect(await call('allowance', [bobEth, charlieEth])).toBe('50');
    expect(await call('balanceOf', [charlieEth])).toBe('450');
    const burnt = await evm(charlie).uniqueFungible.send({
      functionName: 'burnFrom',
      functionArgs: [charlieEth, 50],
      contract,
    });
    expect(burnt.result.isSuccessful).toBe(true);
    expect(await call('totalSupply')).toBe('950');
    checkInvariants(devnet.chain);
  });
});

describe('Solidity contracts on the EVM', () => {
  it('an ERC-20-like contract: deploy, call, send, logs, revert', async () => {
    const t20 = contract('Token20');
    const deployed = await evm(alice).deploy({
      bytecode: encodeDeployData({ abi: t20.abi, bytecode: t20.bytecode, args: ['Gold', 1000n] }),
    });
    const token = deployed.result.contractAddress;
    expect((await evm(alice).contractExists({ address: token })).exists).toBe(true);
    const contractArg = { address: token, abi: t20.abi as never };
    expect(await evm(alice).call({ functionName: 'name', functionArgs: [], contract: contractArg })).toBe(
      'Gold',
    );
    expect(
      await evm(alice).call({ functionName: 'balanceOf', functionArgs: [aliceEth], contract: contractArg }),
    ).toBe('1000');
    // The deploy's own log: the constructor minted to the deployer.
    const deployLogs = await evm(alice).logs({ hash: deployed.extrinsicOutput.hash, abi: t20.abi as never });
    expect(deployLogs.logs).toEqual([
      {
        name: 'Transfer',
        signature: 'Transfer(address,address,uint256)',
        args: { from: zeroAddress, to: aliceEth, value: '1000' },
      },
    ]);

    const sent = await evm(alice).send({
      functionName: 'transfer',
      functionArgs: [bob.address, '250'],
      contract: contractArg,
    });
    expect(sent.result).toEqual({ isSuccessful: true });
    expect(
      await evm(alice).call({ functionName: 'balanceOf', functionArgs: [bobEth], contract: contractArg }),
    ).toBe('250');
    const { logs } = await evm(alice).logs({ hash: sent.extrinsicOutput.hash, abi: t20.abi as never });
    expect(logs).toEqual([
      {
        name: 'Transfer',
        signature: 'Transfer(address,address,uint256)',
        args: { from: aliceEth, to: bobEth, value: '250' },
      },
    ]);

    // transferFrom without an allowance reverts; a call answers the reason.
    const failed = await evm(charlie).send({
      functionName: 'transferFrom',
      functionArgs: [aliceEth, charlieEth, 1],
      contract: contractArg,
    });
    expect(failed.result).toEqual({ isSuccessful: false });
    const reverted = await apiError(
      evm(alice).call({
        functionName: 'transferFrom',
        functionArgs: [aliceEth, charlieEth, 1],
        contract: contractArg,
        senderAddress: charlieEth,
      }),
    );
    expect(reverted.status).toBe(400);
    expect(JSON.stringify(reverted.data)).toContain('insufficient allowance');

    await evm(alice).send({
      functionName: 'approve',
      functionArgs: [charlieEth, 100],
      contract: contractArg,
    });
    const pulled = await evm(charlie).send({
      functionName: 'transferFrom',
      functionArgs: [aliceEth, charlieEth, 60],
      contract: contractArg,
    });
    expect(pulled.result.isSuccessful).toBe(true);
    expect(
      await evm(alice).call({
        functionName: 'allowance',
        functionArgs: [aliceEth, charlieEth],
        contract: contractArg,
      }),
    ).toBe('40');
    expect(
      await evm(alice).call({ functionName: 'balanceOf', functionArgs: [aliceEth], contract: contractArg }),
    ).toBe('690');
    expect(
      await evm(alice).contractHelpers.call({ functionName: 'contractOwner', functionArgs: [token] }),
    ).toBe(aliceEth);
  });

  it('an ERC-721-like contract: mint, approve, transferFrom', async () => {
    const t721 = contract('Token721');
    const deployed = await evm(bob).deploy({ bytecode: t721.bytecode });
    const c = { address: deployed.result.contractAddress, abi: t721.abi as never };
    expect(
      (await evm(bob).send({ functionName: 'mint', functionArgs: [bobEth], contract: c })).result
        .isSuccessful,
    ).toBe(true);
    expect(
      (await evm(alice).send({ functionName: 'mint', functionArgs: [aliceEth], contract: c })).result
        .isSuccessful,
    ).toBe(false);
    expect(await evm(bob).call({ functionName: 'ownerOf', functionArgs: [1], contract: c })).toBe(bobEth);
    await evm(bob).send({ functionName: 'approve', functionArgs: [aliceEth, 1], contract: c });
    const moved = await evm(alice).send({
      functionName: 'transferFrom',
      functionArgs: [bobEth, aliceEth, 1],
      contract: c,
    });
    expect(moved.result.isSuccessful).toBe(true);
    const { logs } = await evm(alice).logs({ hash: moved.extrinsicOutput.hash, abi: t721.abi as never });
    expect(logs).toEqual([
      {
        name: 'Transfer',
        signature: 'Transfer(address,address,uint256)',
        args: { from: bobEth, to: aliceEth, tokenId: '1' },
      },
    ]);
    expect(await evm(bob).call({ functionName: 'balanceOf', functionArgs: [aliceEth], contract: c })).toBe(
      '1',
    );
  });

  it('a contract calls a collection (the runtime as a precompile); an outer revert undoes the inner mint', async () => {
    const sdk = as(alice);
    const created = await sdk.collection.create({
      mode: 'Nft',
      name: 'Caller target',
      description: 'd',
      symbol: 'CT',
    });
    const collection = collectionIdToAddress(created.result.collectionId);
    const caller = contract('CollectionCaller');
    const deployed = await evm(alice).deploy({ bytecode: caller.bytecode });
    const c = { address: deployed.result.contractAddress, abi: caller.abi as never };
    expect(
      await evm(alice).call({ functionName: 'collectionName', functionArgs: [collection], contract: c }),
    ).toBe('Caller target');

    // The contract is not an admin yet: the collection reverts and a try/catch in Solidity sees it.
    expect(
      await evm(alice).call({ functionName: 'tryMint', functionArgs: [collection, bobEth], contract: c }),
    ).toBe(false);
    await sdk.collection.addAdmin({ collectionId: created.result.collectionId, newAdmin: c.address });
    const minted = await evm(alice).send({
      functionName: 'mintTo',
      functionArgs: [collection, bobEth],
      contract: c,
    });
    expect(minted.result.isSuccessful).toBe(true);
    const nftLogs = await evm(alice).logs({
      hash: minted.extrinsicOutput.hash,
      abi: [...UNIQUE_NFT_ABI, ...caller.abi] as never,
    });
    expect(nftLogs.logs.map((l) => l.name)).toEqual(['Transfer', 'Minted']);
    expect(await sdk.token.get({ collectionId: created.result.collectionId, tokenId: 1 })).toMatchObject({
      owner: bobEth,
    });

    const digest = stateDigest(devnet.chain.storage.db);
    const undone = await evm(alice).send({
      functionName: 'mintAndRevert',
      functionArgs: [collection, bobEth],
      contract: c,
    });
    expect(undone.result).toEqual({ isSuccessful: false });
    expect(undone.extrinsicOutput.events.some((e) => e.section === 'common')).toBe(false);
    expect(await nft(collection).call('totalSupply')).toBe('1');
    // Only the fee, nonces and the treasury moved.
    expect(stateDigest(devnet.chain.storage.db)).not.toBe(digest);
    checkInvariants(devnet.chain);
  });
});

describe('errors', () => {
  it('bad bytecode, unknown function, bad arguments, unknown extrinsic, non-collection address', async () => {
    // The sdk checks the input first; the server answers the same for a client that does not.
    expect(String(await apiError(evm(alice).deploy({ bytecode: '6080' })))).toContain(
      'Bytecode of the contract, must start with 0x',
    );
    const raw = await fetch(`${devnet.url}/evm/contract/deploy/build`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ args: { bytecode: '6080' }, options: { signerAddress: alice.address } }),
    });
    expect(raw.status).toBe(400);
    expect(((await raw.json()) as { error: string }).error).toContain(
      'Bytecode of the contract, must start with 0x',
    );
    const unknownFn = await apiError(
      evm(alice).collectionHelpers.call({ functionName: 'nope', functionArgs: [] }),
    );
    expect(unknownFn.status).toBe(400);
    expect(JSON.stringify(unknownFn.data)).toContain('functionName');
    const badArg = await apiError(
      evm(alice).collectionHelpers.call({ functionName: 'collectionAddress', functionArgs: ['many'] }),
    );
    expect(badArg.status).toBe(400);
    expect(JSON.stringify(badArg.data)).toContain('functionArgs.0');
    const missing = await apiError(evm(alice).logs({ hash: `0x${'ab'.repeat(32)}`, abi: [] }));
    expect(missing.status).toBe(404);
    expect(JSON.stringify(missing.data)).toContain(`Extrinsic with hash 0x${'ab'.repeat(32)} not found`);
    const notCollection = await apiError(nft(CONTRACT_HELPERS_ADDRESS).call('name'));
    expect(notCollection.status).toBe(400);
    expect((await evm(alice).contractExists({ address: COLLECTION_HELPERS_ADDRESS })).exists).toBe(true);
    expect((await evm(alice).contractExists({ address: `0x${'12'.repeat(20)}` })).exists).toBe(false);
    expect((await evm(alice).contractExists({ address: collectionIdToAddress(999_999) })).exists).toBe(false);
  });

  it('a gas limit above the block limit fails the extrinsic with evm.GasLimitTooHigh', async () => {
    const err = await apiError(
      evm(alice).collectionHelpers.send({
        functionName: 'collectionCreationFee',
        functionArgs: [],
        gasLimit: '40000000',
      }),
    );
    expect(err.status).toBe(400);
    expect(JSON.stringify(err.data)).toContain('GasLimitTooHigh');
  });
});
