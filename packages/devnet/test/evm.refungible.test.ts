import {
  bytesToHex,
  collectionIdToAddress,
  decodeSubstrateAddress,
  nestingAddressFromIds,
  substrateToEthereumMirror,
  toChecksumEthereumAddress,
} from '@nftkit/primitives';
import { UniqueChain } from '@nftkit/sdk';
import { stringToHex, zeroAddress } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { stateDigest } from '../src/runtime/digest.js';
import { UNIQUE_NATIVE_FUNGIBLE_ABI } from '../src/runtime/evm/contracts/uniqueNativeFungible.abi.js';
import { UNIQUE_REFUNGIBLE_ABI } from '../src/runtime/evm/contracts/uniqueRefungible.abi.js';
import { UNIQUE_REFUNGIBLE_TOKEN_ABI } from '../src/runtime/evm/contracts/uniqueRefungibleToken.abi.js';
import { MANY_OWNERS_ADDRESS } from '../src/runtime/refungible/token.js';
import { alice, bob, charlie } from './helpers/accounts.js';
import { devnetForFile } from './helpers/devnet.js';
import { fundEvmCaller } from './helpers/evm.js';
import { checkInvariants } from './helpers/invariants.js';
import { apiError } from './helpers/sdk.js';

// The refungible collection contract (ERC-721 face), each refungible token's ERC-20 contract at its token address,
// and the native coin's ERC-20 at collection 0's address, through the sdk against a devnet over HTTP.
const devnet = devnetForFile();
const statusOptions = { retries: 100, timeout: 100 };
const aliceEth = substrateToEthereumMirror(alice.address);
const bobEth = substrateToEthereumMirror(bob.address);
const charlieEth = substrateToEthereumMirror(charlie.address);

type SendAnswer = {
  result: { isSuccessful: boolean | null };
  extrinsicOutput: { hash: string; events: { section: string; method: string; data: unknown }[] };
};
type Family = { call(p: object): Promise<unknown>; send(p: object): Promise<SendAnswer> };
const evm = (who: typeof alice) => {
  const e = UniqueChain({ baseUrl: devnet.url, account: who, statusOptions }).evm;
  return {
    logs: e.logs,
    exists: e.contractExists,
    rft: e.uniqueRefungible as unknown as Family,
    rftToken: e.uniqueRefungibleToken as unknown as Family,
    native: e.uniqueNativeFungible as unknown as Family,
  };
};

/** Calls and sends of one family at one address, optionally as someone (`senderAddress` of a call). */
const at = (family: 'rft' | 'rftToken' | 'native', address: string) => ({
  call: (functionName: string, functionArgs: unknown[] = [], senderAddress?: string) =>
    evm(alice)[family].call({
      functionName,
      functionArgs,
      contract: { address },
      ...(senderAddress ? { senderAddress } : {}),
    }),
  send: (who: typeof alice, functionName: string, functionArgs: unknown[] = []) =>
    evm(who)[family].send({ functionName, functionArgs, contract: { address } }),
});

const logsOf = async (hash: string, abi: readonly unknown[]) =>
  (await evm(alice).logs({ hash, abi: abi as never })).logs;

let collectionId: number;
let collection: string;

beforeAll(async () => {
  for (const who of [alice, bob, charlie]) await fundEvmCaller(devnet.url, who.address);
  const created = await UniqueChain({ baseUrl: devnet.url, account: alice, statusOptions }).collection.create(
    {
      mode: 'ReFungible',
      name: 'Shares',
      description: 'Shared snakes',
      symbol: 'SHR',
      admins: [aliceEth],
      tokenPropertyPermissions: [
        { key: 'URI', permission: { mutable: true, collectionAdmin: true, tokenOwner: false } },
        { key: 'score', permission: { mutable: true, collectionAdmin: true, tokenOwner: true } },
      ],
    } as never,
  );
  collectionId = (created.result as { collectionId: number }).collectionId;
  collection = collectionIdToAddress(collectionId);
});

describe('UniqueRefungible at a refungible collection address', () => {
  it('reads the collection and mints whole tokens with ERC-721 Transfer logs', async () => {
    const c = at('rft', collection);
    expect(await c.call('name')).toBe('Shares');
    expect(await c.call('symbol')).toBe('SHR');
    expect(await c.call('description')).toBe('Shared snakes');
    expect(await c.call('totalSupply')).toBe('0');

    const minted = await c.send(alice, 'mint', [bobEth]);
    expect(minted.result).toEqual({ isSuccessful: true });
    expect(await logsOf(minted.extrinsicOutput.hash, UNIQUE_REFUNGIBLE_ABI)).toEqual([
      {
        name: 'Transfer',
        signature: 'Transfer(address,address,uint256)',
        args: { from: zeroAddress, to: bobEth, tokenId: '1' },
      },
    ]);
    const created = minted.extrinsicOutput.events.find((e) => e.method === 'ItemCreated');
    expect(created?.data).toMatchObject({ 0: String(collectionId), 1: '1', 3: '1' });
    expect(await c.call('ownerOf', [1])).toBe(bobEth);
    expect(await c.call('balanceOf', [bobEth])).toBe('1');
    expect(await c.call('totalSupply')).toBe('1');
    expect(await c.call('nextTokenId')).toBe('2');
    expect(await c.call('tokenContractAddress', [1])).toBe(
      toChecksumEthereumAddress(nestingAddressFromIds(collectionId, 1)),
    );

    const withUri = await c.send(alice, 'mintWithTokenURI', [charlieEth, 'https://example/2.json']);
    expect(withUri.result.isSuccessful).toBe(true);
    expect(await c.call('tokenURI', [2])).toBe('https://example/2.json');
    const crossed = await c.send(alice, 'mintCross', [
      { eth: zeroAddress, sub: 0 },
      [{ key: 'score', value: stringToHex('5') }],
    ]);
    // CrossAddress with neither side set is refused: the mint reverts and nothing is created.
    expect(crossed.result.isSuccessful).toBe(false);
    expect(await c.call('totalSupply')).toBe('2');
    checkInvariants(devnet.chain);
  });

  it('token properties: set, read, delete; a missing key or token reverts with the chain text', async () => {
    const c = at('rft', collection);
    const set = await c.send(alice, 'setProperties', [1, [{ key: 'score', value: stringToHex('42') }]]);
    expect(set.result.isSuccessful).toBe(true);
    expect(await c.call('property', [1, 'score'])).toBe(stringToHex('42'));
    expect(await c.call('properties', [1, []])).toEqual([{ key: 'score', value: stringToHex('42') }]);
    expect(JSON.stringify((await apiError(c.call('property', [1, 'nope']))).data)).toContain('key not found');
    expect(JSON.stringify((await apiError(c.call('property', [99, 'score']))).data)).toContain(
      'token properties not found',
    );
    await c.send(alice, 'deleteProperties', [1, ['score']]);
    expect(await c.call('properties', [1, []])).toEqual([]);
  });

  it('moves a whole token only when the sender holds every piece ("token has multiple owners")', async () => {
    const c = at('rft', collection);
    const moved = await c.send(bob, 'transfer', [charlieEth, 1]);
    expect(moved.result.isSuccessful).toBe(true);
    expect(await logsOf(moved.extrinsicOutput.hash, UNIQUE_REFUNGIBLE_ABI)).toEqual([
      {
        name: 'Transfer',
        signature: 'Transfer(address,address,uint256)',
        args: { from: bobEth, to: charlieEth, tokenId: '1' },
      },
    ]);
    expect(await c.call('ownerOf', [1])).toBe(charlieEth);

    // Split the token: its ERC-20 repartitions to 10 pieces and gives 3 to Bob.
    const token = at('rftToken', nestingAddressFromIds(collectionId, 1));
    expect((await token.send(charlie, 'repartition', [10])).result.isSuccessful).toBe(true);
    expect((await token.send(charlie, 'transfer', [bobEth, 3])).result.isSuccessful).toBe(true);
    expect(await c.call('ownerOf', [1])).toBe(MANY_OWNERS_ADDRESS);
    const refused = await apiError(c.call('transfer', [aliceEth, 1], charlieEth));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain('token has multiple owners');
    const before = stateDigest(devnet.chain.storage.db);
    const failed = await c.send(charlie, 'burn', [1]);
    expect(failed.result).toEqual({ isSuccessful: false });
    expect(failed.extrinsicOutput.events.some((e) => e.section === 'common')).toBe(false);
    // Only the fees moved: the tokens and pieces are as they were.
    expect(devnet.chain.storage.refungible.holders(collectionId, 1)).toHaveLength(2);
    expect(stateDigest(devnet.chain.storage.db)).not.toBe(before);
    expect(JSON.stringify((await apiError(c.call('approve', [bobEth, 1]))).data)).toContain(
      'not implemented',
    );
  });

  it('burn destroys a whole token; burnFrom without an allowance reverts', async () => {
    const c = at('rft', collection);
    const denied = await c.send(bob, 'burnFrom', [charlieEth, 2]);
    expect(denied.result.isSuccessful).toBe(false);
    const burnt = await c.send(charlie, 'burn', [2]);
    expect(burnt.result.isSuccessful).toBe(true);
    expect(await logsOf(burnt.extrinsicOutput.hash, UNIQUE_REFUNGIBLE_ABI)).toEqual([
      {
        name: 'Transfer',
        signature: 'Transfer(address,address,uint256)',
        args: { from: charlieEth, to: zeroAddress, tokenId: '2' },
      },
    ]);
    expect(JSON.stringify((await apiError(c.call('ownerOf', [2]))).data)).toContain('token not found');
    expect(await c.call('totalSupply')).toBe('1');
    checkInvariants(devnet.chain);
  });
  it('setApprovalForAll makes a collection-wide operator that moves whole tokens without allowances', async () => {
    const c = at('rft', collection);
    const minted = await c.send(alice, 'mint', [charlieEth]);
    expect(minted.result.isSuccessful).toBe(true);
    const id = Number(await c.call('nextTokenId')) - 1;
    const early = await c.send(alice, 'transferFrom', [charlieEth, bobEth, id]);
    expect(early.result.isSuccessful).toBe(false);
    expect(await c.call('isApprovedForAll', [charlieEth, aliceEth])).toBe(false);

    const approved = await c.send(charlie, 'setApprovalForAll', [aliceEth, true]);
    expect(approved.result.isSuccessful).toBe(true);
    expect(await logsOf(approved.extrinsicOutput.hash, UNIQUE_REFUNGIBLE_ABI)).toEqual([
      {
        name: 'ApprovalForAll',
        signature: 'ApprovalForAll(address,address,bool)',
        args: { owner: charlieEth, operator: aliceEth, approved: true },
      },
    ]);
    expect(await c.call('isApprovedForAll', [charlieEth, aliceEth])).toBe(true);
    const moved = await c.send(alice, 'transferFrom', [charlieEth, bobEth, id]);
    expect(moved.result.isSuccessful).toBe(true);
    expect(await c.call('ownerOf', [id])).toBe(bobEth);
    await c.send(charlie, 'setApprovalForAll', [aliceEth, false]);
    expect(await c.call('isApprovedForAll', [charlieEth, aliceEth])).toBe(false);
    // Burnt again, so the supply the next tests read is unchanged.
    await c.send(bob, 'burn', [id]);
    checkInvariants(devnet.chain);
  });
});

describe('UniqueRefungibleToken at a refungible token address', () => {
  it('ERC-20 over the pieces: reads, approve/transferFrom, burnFrom, repartition, with logs', async () => {
    const address = nestingAddressFromIds(collectionId, 1);
    const t = at('rftToken', address);
    expect(await t.call('name')).toBe('Shares');
    expect(await t.call('symbol')).toBe('SHR');
    expect(await t.call('decimals')).toBe(0);
    expect(await t.call('totalSupply')).toBe('10');
    expect(await t.call('balanceOf', [charlieEth])).toBe('7');
    expect(await t.call('balanceOfCross', [{ eth: bobEth, sub: 0 }])).toBe('3');
    expect(await t.call('parentToken')).toBe(collection);
    expect(await t.call('parentTokenId')).toBe('1');
    // The sdk's refungible routes see the same pieces.
    const sdk = UniqueChain({ baseUrl: devnet.url, account: alice, statusOptions });
    expect(
      (await sdk.refungible.getAccountBalance({ collectionId, tokenId: 1, account: charlieEth } as never))
        .balance,
    ).toBe(7);

    const approved = await t.send(charlie, 'approve', [aliceEth, 4]);
    expect(await logsOf(approved.extrinsicOutput.hash, UNIQUE_REFUNGIBLE_TOKEN_ABI)).toEqual([
      {
        name: 'Approval',
        signature: 'Approval(address,address,uint256)',
        args: { owner: charlieEth, spender: aliceEth, value: '4' },
      },
    ]);
    expect(await t.call('allowance', [charlieEth, aliceEth])).toBe('4');
    const tooMuch = await t.send(alice, 'transferFrom', [charlieEth, aliceEth, 5]);
    expect(tooMuch.result.isSuccessful).toBe(false);
    const spent = await t.send(alice, 'transferFrom', [charlieEth, aliceEth, 3]);
    expect(spent.result.isSuccessful).toBe(true);
    expect((await logsOf(spent.extrinsicOutput.hash, UNIQUE_REFUNGIBLE_TOKEN_ABI))[0]).toEqual({
      name: 'Transfer',
      signature: 'Transfer(address,address,uint256)',
      args: { from: charlieEth, to: aliceEth, value: '3' },
    });
    expect(await t.call('allowance', [charlieEth, aliceEth])).toBe('1');
    expect(await t.call('balanceOf', [aliceEth])).toBe('3');

    const burnt = await t.send(alice, 'burnFrom', [aliceEth, 2]);
    expect(burnt.result.isSuccessful).toBe(true);
    expect(await t.call('totalSupply')).toBe('8');
    // Only the holder of every piece may repartition.
    const notAll = await t.send(alice, 'repartition', [100]);
    expect(notAll.result.isSuccessful).toBe(false);
    expect(await t.call('totalSupply')).toBe('8');
    checkInvariants(devnet.chain);
  });

  it('a token address of a burnt or missing token: exists is false and its calls revert', async () => {
    const gone = nestingAddressFromIds(collectionId, 2);
    expect((await evm(alice).exists({ address: gone })).exists).toBe(false);
    expect((await evm(alice).exists({ address: nestingAddressFromIds(collectionId, 1) })).exists).toBe(true);
    expect(await at('rftToken', gone).call('totalSupply')).toBe('0');
    const t = await at('rftToken', gone).send(alice, 'transfer', [bobEth, 1]);
    expect(t.result.isSuccessful).toBe(false);
  });
});

describe('UniqueNativeFungible at collection 0', () => {
  it('the coin as an ERC-20: reads, transfer to Ethereum and substrate accounts, logs', async () => {
    const coin = at('native', collectionIdToAddress(0));
    expect(await coin.call('symbol')).toBe('DEV');
    expect(await coin.call('decimals')).toBe(18);
    expect((await evm(alice).exists({ address: collectionIdToAddress(0) })).exists).toBe(true);
    const sdk = UniqueChain({ baseUrl: devnet.url, account: alice, statusOptions });
    const fresh = '0x00000000000000000000000000000000000c0ffe';
    expect(await coin.call('balanceOf', [fresh])).toBe('0');

    const sent = await coin.send(alice, 'transfer', [fresh, '5000000000000000000']);
    expect(sent.result.isSuccessful).toBe(true);
    expect(await coin.call('balanceOf', [fresh])).toBe('5000000000000000000');
    expect(await logsOf(sent.extrinsicOutput.hash, UNIQUE_NATIVE_FUNGIBLE_ABI)).toEqual([
      {
        name: 'Transfer',
        signature: 'Transfer(address,address,uint256)',
        args: { from: aliceEth, to: toChecksumEthereumAddress(fresh), value: '5000000000000000000' },
      },
    ]);
    expect(sent.extrinsicOutput.events.some((e) => e.section === 'balances' && e.method === 'Transfer')).toBe(
      true,
    );

    // To a substrate account (CrossAddress sub): the balance `/balances/get` reports grows by the amount.
    const before = BigInt((await sdk.balance.get({ address: charlie.address })).free);
    const charliePublic = BigInt(bytesToHex(decodeSubstrateAddress(charlie.address)));
    const crossed = await coin.send(alice, 'transferCross', [
      { eth: zeroAddress, sub: charliePublic },
      '1000',
    ]);
    expect(crossed.result.isSuccessful).toBe(true);
    const after = BigInt((await sdk.balance.get({ address: charlie.address })).free);
    expect(after - before).toBe(1000n);

    // No allowances: transferFrom moves only the caller's own coins.
    const other = await coin.send(alice, 'transferFrom', [bobEth, aliceEth, '1']);
    expect(other.result.isSuccessful).toBe(false);
    const broke = await coin.send(alice, 'transfer', [fresh, (10n ** 40n).toString()]);
    expect(broke.result.isSuccessful).toBe(false);
    checkInvariants(devnet.chain);
  });
});

describe('addresses and errors of the new routes', () => {
  it('each route takes only its own kind of address, with a 400 naming contract.address', async () => {
    const cases: [ReturnType<typeof at>, string][] = [
      [at('rft', nestingAddressFromIds(collectionId, 1)), 'not a collection address'],
      [at('rft', collectionIdToAddress(0)), 'not a collection address'],
      [at('rftToken', collection), 'not a token address'],
      [at('native', collection), "not the native coin's address"],
    ];
    for (const [c, message] of cases) {
      const e = await apiError(c.call('name'));
      expect(e.status).toBe(400);
      expect(JSON.stringify(e.data)).toContain('contract.address');
      expect(JSON.stringify(e.data)).toContain(message);
      const s = await apiError(c.send(alice, 'name'));
      expect(s.status).toBe(400);
    }
    expect((await apiError(at('rft', collection).call('nope'))).status).toBe(400);
    expect(
      (await apiError(at('rftToken', nestingAddressFromIds(collectionId, 1)).call('transfer', [1]))).status,
    ).toBe(400);
  });
});
