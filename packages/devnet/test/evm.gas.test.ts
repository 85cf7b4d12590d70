import {
  collectionIdToAddress,
  ethereumToSubstrateMirror,
  substrateToEthereumMirror,
} from '@nftkit/primitives';
import { UniqueChain } from '@nftkit/sdk';
import { encodeDeployData, encodeFunctionData, type Hex, zeroAddress } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_HELPERS_ABI } from '../src/runtime/evm/contracts/contractHelpers.abi.js';
import { UNIQUE_NFT_ABI } from '../src/runtime/evm/contracts/uniqueNft.abi.js';
import { GAS_PRICE } from '../src/runtime/evm/gas.js';
import { intrinsicGas, TX_GAS } from '../src/runtime/evm/intrinsic.js';
import { TREASURY_ADDRESS } from '../src/runtime/treasury.js';
import { alice, bob, charlie, dave } from './helpers/accounts.js';
import { devnetForFile } from './helpers/devnet.js';
import { contract, fundEvmCaller } from './helpers/evm.js';
import { checkInvariants } from './helpers/invariants.js';
import { apiError } from './helpers/sdk.js';

// EVM gas paid in coin by the caller's mirror (or the contract's sponsor), and the ContractHelpers controls of a
// deployed contract (sponsor, sponsoring mode and limits, allow-list), through the sdk against a devnet.
const devnet = devnetForFile();
const statusOptions = { retries: 100, timeout: 100 };
const eth = (who: typeof alice) => substrateToEthereumMirror(who.address);
/** The account an Ethereum address's coins (and gas) come from (chain-rules §7). */
const payerOf = (ethAddress: string) => ethereumToSubstrateMirror(ethAddress);
const free = (account: string) => devnet.chain.storage.system.account(account).free;
/** A native collection call's gas: the transaction's intrinsic gas (with its calldata) and a native write's flat gas. */
const nativeWriteFee = (who: typeof alice) =>
  (intrinsicGas({
    data: encodeFunctionData({ abi: UNIQUE_NFT_ABI, functionName: 'mint', args: [eth(who) as Hex] }),
    create: false,
  }) +
    50_000n) *
  GAS_PRICE;

type Event = { section: string; method: string; data: Record<string, unknown> };
type SendAnswer = {
  result: { isSuccessful: boolean | null };
  extrinsicOutput: { hash: string; events: Event[] };
};
type Family = { call(p: object): Promise<unknown>; send(p: object): Promise<SendAnswer> };
const evm = (who: typeof alice) => {
  const e = UniqueChain({ baseUrl: devnet.url, account: who, statusOptions }).evm;
  return {
    ...e,
    send: e.send as unknown as Family['send'],
    call: e.call as unknown as Family['call'],
    uniqueNft: e.uniqueNft as unknown as Family,
    helpers: e.contractHelpers as unknown as Family,
  };
};
const helpers = {
  call: (functionName: string, functionArgs: unknown[] = []) =>
    evm(alice).helpers.call({ functionName, functionArgs }),
  send: (who: typeof alice, functionName: string, functionArgs: unknown[]) =>
    evm(who).helpers.send({ functionName, functionArgs }),
};

/** The gas events of a send: the payer's withdrawal and the treasury's deposits, with their amounts. */
function gasEvents(events: Event[], payer: string) {
  const amount = (e: Event | undefined) => (e === undefined ? undefined : BigInt(String(e.data.amount)));
  const withdraw = events.filter((e) => e.section === 'balances' && e.method === 'Withdraw');
  return {
    paid: amount(withdraw.find((e) => e.data.who === payer)),
    toTreasury: events.some(
      (e) => e.section === 'balances' && e.method === 'Deposit' && e.data.who === TREASURY_ADDRESS,
    ),
  };
}

let collection: string;
let token: string;
const t20 = contract('Token20');

beforeAll(async () => {
  for (const who of [alice, bob, charlie]) await fundEvmCaller(devnet.url, who.address);
  const sdk = UniqueChain({ baseUrl: devnet.url, account: alice, statusOptions });
  const created = await sdk.collection.create({
    mode: 'Nft',
    name: 'Gas',
    description: 'g',
    symbol: 'G',
    admins: [eth(alice)],
  } as never);
  collection = collectionIdToAddress((created.result as { collectionId: number }).collectionId);
  const deployed = await evm(alice).deploy({
    bytecode: encodeDeployData({ abi: t20.abi, bytecode: t20.bytecode, args: ['Gas', 1000n] }),
  });
  token = deployed.result.contractAddress;
});

const approveOnToken = (who: typeof alice) =>
  evm(who).send({
    functionName: 'approve',
    functionArgs: [eth(dave), 1],
    contract: { address: token, abi: t20.abi as never },
  });

describe('EVM gas', () => {
  it('a send pays (21 000 + gas used) × gas price from the caller mirror, to the treasury, in its fee events', async () => {
    const payer = payerOf(eth(alice));
    const before = free(payer);
    const signerBefore = free(alice.address);
    const sent = await evm(alice).uniqueNft.send({
      functionName: 'mint',
      functionArgs: [eth(alice)],
      contract: { address: collection },
    });
    expect(sent.result.isSuccessful).toBe(true);
    expect(before - free(payer)).toBe(nativeWriteFee(alice));
    const gas = gasEvents(sent.extrinsicOutput.events, payer);
    expect(gas.paid).toBe(nativeWriteFee(alice));
    expect(gas.toTreasury).toBe(true);
    // The signer pays the extrinsic fee only, as for any other call.
    const signerFee = gasEvents(sent.extrinsicOutput.events, alice.address).paid ?? 0n;
    expect(signerFee).toBeGreaterThan(0n);
    expect(signerBefore - free(alice.address)).toBe(signerFee);
    checkInvariants(devnet.chain);
  });

  it('a reverted execution is charged its gas too; bytecode gas is what the EVM used', async () => {
    const payer = payerOf(eth(bob));
    const before = free(payer);
    const reverted = await evm(bob).uniqueNft.send({
      functionName: 'mint',
      functionArgs: [eth(bob)],
      contract: { address: collection },
    });
    expect(reverted.result.isSuccessful).toBe(false);
    expect(before - free(payer)).toBe(nativeWriteFee(bob));

    const mid = free(payer);
    const sent = await approveOnToken(bob);
    expect(sent.result.isSuccessful).toBe(true);
    const paid = mid - free(payer);
    expect(paid % GAS_PRICE).toBe(0n);
    expect(paid / GAS_PRICE).toBeGreaterThan(TX_GAS);
    expect(paid / GAS_PRICE).toBeLessThan(100_000n);
  });

  it('a deploy pays its gas the same way; a constructor that reverts is charged and deploys nothing', async () => {
    const payer = payerOf(eth(charlie));
    const before = free(payer);
    const deployed = await evm(charlie).deploy({
      bytecode: encodeDeployData({ abi: t20.abi, bytecode: t20.bytecode, args: ['Paid', 5n] }),
    });
    const paid = before - free(payer);
    expect(paid % GAS_PRICE).toBe(0n);
    expect(paid / GAS_PRICE).toBeGreaterThan(TX_GAS + 100_000n);
    expect(gasEvents(deployed.extrinsicOutput.events as never, payer).paid).toBe(paid);
    // `0xfe` (INVALID) as init code: the creation fails and uses up its gas limit.
    const mid = free(payer);
    const failed = await apiError(evm(charlie).deploy({ bytecode: '0xfe', gasLimit: '100000' }));
    expect(failed.status).toBe(400);
    expect(mid - free(payer)).toBe(100_000n * GAS_PRICE);
  });

  it('a caller whose mirror cannot afford gasLimit × price fails with evm.BalanceLow and changes nothing else', async () => {
    const poor = payerOf(eth(dave));
    expect(free(poor)).toBe(0n);
    const error = await apiError(approveOnToken(dave));
    expect(JSON.stringify(error.data)).toContain('BalanceLow');
    expect(free(poor)).toBe(0n);
    expect(
      await evm(alice).call({
        functionName: 'allowance',
        functionArgs: [eth(dave), eth(dave)],
        contract: { address: token, abi: t20.abi as never },
      }),
    ).toBe('0');
  });
});

describe('ContractHelpers: sponsoring and allow-lists of a deployed contract', () => {
  it('only the deployer sets a sponsor; the sponsor confirms; logs and reads follow', async () => {
    expect(await helpers.call('contractOwner', [token])).toBe(eth(alice));
    const notOwner = await helpers.send(bob, 'setSponsor', [token, eth(charlie)]);
    expect(notOwner.result.isSuccessful).toBe(false);
    expect(await helpers.call('hasPendingSponsor', [token])).toBe(false);

    const set = await helpers.send(alice, 'setSponsor', [token, eth(charlie)]);
    expect(set.result.isSuccessful).toBe(true);
    const setLogs = await evm(alice).logs({
      hash: set.extrinsicOutput.hash,
      abi: CONTRACT_HELPERS_ABI as never,
    });
    expect(setLogs.logs).toEqual([
      {
        name: 'ContractSponsorSet',
        signature: 'ContractSponsorSet(address,address)',
        args: { contractAddress: token, sponsor: eth(charlie) },
      },
    ]);
    expect(await helpers.call('hasPendingSponsor', [token])).toBe(true);
    expect(await helpers.call('hasSponsor', [token])).toBe(false);

    const wrong = await apiError(
      evm(alice).helpers.call({
        functionName: 'confirmSponsorship',
        functionArgs: [token],
        senderAddress: eth(bob),
      }),
    );
    expect(JSON.stringify(wrong.data)).toContain('caller is not set as sponsor');
    const confirmed = await helpers.send(charlie, 'confirmSponsorship', [token]);
    expect(confirmed.result.isSuccessful).toBe(true);
    expect(
      (await evm(alice).logs({ hash: confirmed.extrinsicOutput.hash, abi: CONTRACT_HELPERS_ABI as never }))
        .logs[0]?.name,
    ).toBe('ContractSponsorshipConfirmed');
    expect(await helpers.call('hasSponsor', [token])).toBe(true);
    expect(await helpers.call('sponsor', [token])).toEqual({
      status: true,
      value: { eth: eth(charlie), sub: '0' },
    });
  });

  it('generous sponsoring pays the callers gas, within the rate limit; then the caller pays', async () => {
    expect(await helpers.call('sponsoringEnabled', [token])).toBe(false);
    expect((await helpers.send(bob, 'setSponsoringMode', [token, 2])).result.isSuccessful).toBe(false);
    expect((await helpers.send(alice, 'setSponsoringMode', [token, 2])).result.isSuccessful).toBe(true);
    expect((await helpers.send(alice, 'setSponsoringMode', [token, 7])).result.isSuccessful).toBe(false);
    expect(await helpers.call('sponsoringEnabled', [token])).toBe(true);
    expect(await helpers.call('sponsoringRateLimit', [token])).toBe(7200);
    await helpers.send(alice, 'setSponsoringRateLimit', [token, 1000]);
    expect(await helpers.call('sponsoringRateLimit', [token])).toBe(1000);

    const bobPayer = payerOf(eth(bob));
    const sponsorPayer = payerOf(eth(charlie));
    const [bob0, sponsor0] = [free(bobPayer), free(sponsorPayer)];
    const first = await approveOnToken(bob);
    expect(first.result.isSuccessful).toBe(true);
    expect(free(bobPayer)).toBe(bob0);
    expect(sponsor0 - free(sponsorPayer)).toBe(gasEvents(first.extrinsicOutput.events, sponsorPayer).paid);
    // Within 1000 blocks of its last sponsored call, Bob pays for himself.
    const second = await approveOnToken(bob);
    expect(second.result.isSuccessful).toBe(true);
    expect(free(bobPayer)).toBeLessThan(bob0);
    expect(gasEvents(second.extrinsicOutput.events, sponsorPayer).paid).toBeUndefined();
  });

  it('fee limit: a call that could cost more than the limit is not sponsored', async () => {
    await helpers.send(alice, 'setSponsoringRateLimit', [token, 0]);
    await helpers.send(alice, 'setSponsoringFeeLimit', [token, '1']);
    expect(await helpers.call('sponsoringFeeLimit', [token])).toBe('1');
    const sponsorPayer = payerOf(eth(charlie));
    const before = free(sponsorPayer);
    await approveOnToken(bob);
    expect(free(sponsorPayer)).toBe(before);
    await helpers.send(alice, 'setSponsoringFeeLimit', [token, (10n ** 30n).toString()]);
    await approveOnToken(bob);
    expect(free(sponsorPayer)).toBeLessThan(before);
  });

  it('an enabled allow-list admits only listed callers and the owner; Allowlisted mode sponsors only them', async () => {
    expect(await helpers.call('allowlistEnabled', [token])).toBe(false);
    expect((await helpers.send(bob, 'toggleAllowlist', [token, true])).result.isSuccessful).toBe(false);
    expect((await helpers.send(alice, 'toggleAllowlist', [token, true])).result.isSuccessful).toBe(true);
    expect(await helpers.call('allowed', [token, eth(bob)])).toBe(false);
    expect(await helpers.call('allowed', [token, eth(alice)])).toBe(true);
    const refused = await approveOnToken(bob);
    expect(refused.result.isSuccessful).toBe(false);
    expect((await approveOnToken(alice)).result.isSuccessful).toBe(true);

    await helpers.send(alice, 'toggleAllowed', [token, eth(bob), true]);
    expect(await helpers.call('allowed', [token, eth(bob)])).toBe(true);
    expect((await approveOnToken(bob)).result.isSuccessful).toBe(true);

    // Allowlisted sponsoring: Bob (listed) is sponsored, Charlie (not listed) is refused by the list itself.
    await helpers.send(alice, 'setSponsoringMode', [token, 1]);
    const bobPayer = payerOf(eth(bob));
    const before = free(bobPayer);
    expect((await approveOnToken(bob)).result.isSuccessful).toBe(true);
    expect(free(bobPayer)).toBe(before);
    await helpers.send(alice, 'toggleAllowed', [token, eth(bob), false]);
    expect(await helpers.call('allowed', [token, eth(bob)])).toBe(false);
    await helpers.send(alice, 'toggleAllowlist', [token, false]);
    // Off the list and the list off: Bob may call again, but Allowlisted mode no longer sponsors him.
    const paid = await approveOnToken(bob);
    expect(paid.result.isSuccessful).toBe(true);
    expect(free(bobPayer)).toBeLessThan(before);
  });

  it('removeSponsor ends the sponsoring', async () => {
    const removed = await helpers.send(alice, 'removeSponsor', [token]);
    expect(removed.result.isSuccessful).toBe(true);
    expect(
      (await evm(alice).logs({ hash: removed.extrinsicOutput.hash, abi: CONTRACT_HELPERS_ABI as never }))
        .logs,
    ).toEqual([
      {
        name: 'ContractSponsorRemoved',
        signature: 'ContractSponsorRemoved(address)',
        args: { contractAddress: token },
      },
    ]);
    expect(await helpers.call('hasSponsor', [token])).toBe(false);
    expect(await helpers.call('sponsor', [token])).toEqual({
      status: false,
      value: { eth: zeroAddress, sub: '0' },
    });
    expect(await helpers.call('contractOwner', [collection])).toBe(zeroAddress);
    checkInvariants(devnet.chain);
  });
});
