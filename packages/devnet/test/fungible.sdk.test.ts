import { Sr25519Account } from '@nftkit/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { alice, bob, charlie, dave } from './helpers/accounts.js';
import { devnetForFile } from './helpers/devnet.js';
import { checkInvariants } from './helpers/invariants.js';
import { sdkClients } from './helpers/sdk.js';

// The fungible routes (rest-api §4.4) through the sdk client, over HTTP, against a devnet started here.
const devnet = devnetForFile();
const as = sdkClients(devnet);
let collectionId: number;

beforeAll(async () => {
  const created = await as(alice).collection.create({
    mode: 'Fungible',
    tokenDecimals: 6,
    name: 'Gold',
    description: 'Snake gold',
    symbol: 'GLD',
  });
  collectionId = created.result.collectionId;
});

const balanceOf = async (address: string) =>
  (await as(alice).fungible.getAccountBalance({ collectionId, address })).balance;

/** The `common` events of a write, as `[method, data]`. */
const commonEvents = (out: {
  extrinsicOutput: { events: { section: string; method: string; data: unknown }[] };
}) => out.extrinsicOutput.events.filter((e) => e.section === 'common').map((e) => [e.method, e.data]);

const cross = (address: string) => JSON.stringify({ substrate: address });

describe('fungible collections through the sdk', () => {
  it('creates a fungible collection with its decimals', async () => {
    const c = await as(alice).collection.get({ collectionId });
    expect(c).toMatchObject({ mode: 'Fungible', decimals: 6, symbol: 'GLD', owner: alice.address });
    expect(await as(alice).fungible.totalSupply({ collectionId })).toEqual({ totalSupply: 0 });
  });

  it('mints to a recipient and to the signer, with ItemCreated(c, 0, owner, amount)', async () => {
    const minted = await as(alice).fungible.mint({ collectionId, amount: '1000', recipient: bob.address });
    expect(minted.result).toEqual({ collectionId, recipient: bob.address, amount: '1000' });
    expect(commonEvents(minted)).toEqual([
      ['ItemCreated', { 0: String(collectionId), 1: '0', 2: cross(bob.address), 3: '1000' }],
    ]);
    const own = await as(alice).fungible.mint({ collectionId, amount: 500 });
    expect(own.result).toEqual({ collectionId, recipient: alice.address, amount: '500' });
    expect(await balanceOf(bob.address)).toBe('1000');
    expect(await as(alice).fungible.getAccountBalance({ collectionId, address: alice.address })).toEqual({
      address: alice.address,
      collectionId,
      balance: '500',
      decimals: 6,
      symbol: 'GLD',
    });
    expect(await as(alice).fungible.totalSupply({ collectionId })).toEqual({ totalSupply: 1500 });
    checkInvariants(devnet.chain);
  });

  it('transfers, approves, spends an allowance and reports it', async () => {
    const sent = await as(bob).fungible.transfer({ collectionId, to: charlie.address, amount: '300' });
    expect(sent.result).toEqual({ collectionId, from: bob.address, to: charlie.address, amount: '300' });
    expect(commonEvents(sent)).toEqual([
      [
        'Transfer',
        { 0: String(collectionId), 1: '0', 2: cross(bob.address), 3: cross(charlie.address), 4: '300' },
      ],
    ]);
    expect(await balanceOf(bob.address)).toBe('700');
    expect(await balanceOf(charlie.address)).toBe('300');

    const approved = await as(bob).fungible.approve({ collectionId, spender: dave.address, amount: '200' });
    expect(approved.result).toEqual({ collectionId, spender: dave.address, amount: '200' });
    expect(commonEvents(approved)).toEqual([
      [
        'Approved',
        { 0: String(collectionId), 1: '0', 2: cross(bob.address), 3: cross(dave.address), 4: '200' },
      ],
    ]);
    expect(
      await as(alice).fungible.getApproved({ collectionId, sender: bob.address, spender: dave.address }),
    ).toEqual({ allowance: 200, address: dave.address, collectionId, sender: bob.address });

    const spent = await as(dave).fungible.transfer({
      collectionId,
      from: bob.address,
      to: dave.address,
      amount: '150',
    });
    expect(spent.result).toEqual({ collectionId, from: bob.address, to: dave.address, amount: '150' });
    expect(commonEvents(spent).map(([m, d]) => [m, (d as Record<string, string>)['4']])).toEqual([
      ['Transfer', '150'],
      ['Approved', '50'],
    ]);
    expect(
      (await as(alice).fungible.getApproved({ collectionId, sender: bob.address, spender: dave.address }))
        .allowance,
    ).toBe(50);
    expect(await balanceOf(bob.address)).toBe('550');
    expect(await balanceOf(dave.address)).toBe('150');
    checkInvariants(devnet.chain);
  });

  it('burns own tokens and burns from an allowance, shrinking the total supply', async () => {
    const burnt = await as(charlie).fungible.burn({ collectionId, amount: '100' });
    expect(burnt.result).toEqual({ collectionId, from: charlie.address, amount: '100' });
    expect(commonEvents(burnt)).toEqual([
      ['ItemDestroyed', { 0: String(collectionId), 1: '0', 2: cross(charlie.address), 3: '100' }],
    ]);
    await as(charlie).fungible.approve({ collectionId, spender: alice.address, amount: '50' });
    const from = await as(alice).fungible.burnFrom({ collectionId, from: charlie.address, amount: '50' });
    expect(from.result).toEqual({ collectionId, from: charlie.address, amount: '50' });
    expect(await balanceOf(charlie.address)).toBe('150');
    expect(await as(alice).fungible.totalSupply({ collectionId })).toEqual({ totalSupply: 1350 });
    expect(
      (
        await as(alice).fungible.getApproved({
          collectionId,
          sender: charlie.address,
          spender: alice.address,
        })
      ).allowance,
    ).toBe(0);
    checkInvariants(devnet.chain);
  });

  it('a zero transfer succeeds with its event and moves nothing', async () => {
    const before = await balanceOf(bob.address);
    const zero = await as(bob).fungible.transfer({ collectionId, to: charlie.address, amount: '0' });
    expect(zero.result).toMatchObject({ amount: '0' });
    expect(await balanceOf(bob.address)).toBe(before);
  });

  it('refuses: more than held, more than approved, more than owned to approve, no mint permission', async () => {
    const bobBefore = await balanceOf(bob.address);
    await expect(
      as(bob).fungible.transfer({ collectionId, to: charlie.address, amount: '1000000' }),
    ).rejects.toMatchObject({ message: expect.stringContaining('Item is balance not enough') });
    await expect(
      as(dave).fungible.transfer({ collectionId, from: bob.address, to: dave.address, amount: '51' }),
    ).rejects.toMatchObject({
      message: expect.stringContaining('Requested value is more than the approved'),
    });
    await expect(
      as(bob).fungible.approve({ collectionId, spender: dave.address, amount: '1000000' }),
    ).rejects.toMatchObject({ message: expect.stringContaining('Tried to approve more than owned') });
    await expect(as(bob).fungible.mint({ collectionId, amount: '5' })).rejects.toMatchObject({
      message: expect.stringContaining('Collection is not in mint mode.'),
    });
    await expect(as(bob).fungible.burn({ collectionId, amount: '1000000' })).rejects.toMatchObject({
      message: expect.stringContaining('Item is balance not enough'),
    });
    expect(await balanceOf(bob.address)).toBe(bobBefore);
    expect(await as(alice).fungible.totalSupply({ collectionId })).toEqual({ totalSupply: 1350 });
    checkInvariants(devnet.chain);
  });

  it('refuses the wrong collection mode and answers queries with clear errors', async () => {
    const nft = await as(alice).collection.create({ mode: 'Nft', name: 'N', description: 'n', symbol: 'N' });
    const nftId = nft.result.collectionId;
    await expect(as(alice).fungible.mint({ collectionId: nftId, amount: '5' })).rejects.toMatchObject({
      message: expect.stringContaining('Not Nonfungible item data used to mint in Nonfungible collection.'),
    });
    await expect(
      as(alice).fungible.getAccountBalance({ collectionId: nftId, address: bob.address }),
    ).rejects.toMatchObject({ message: expect.stringContaining('not Fungible') });
    await expect(as(alice).fungible.totalSupply({ collectionId: 999_999 })).rejects.toMatchObject({
      message: expect.stringContaining('404'),
    });
    // A token id other than 0 on a fungible collection (through the shared token route).
    await expect(
      as(bob).token.transfer({ collectionId, tokenId: 1, to: charlie.address, amount: 1 }),
    ).rejects.toMatchObject({
      message: expect.stringContaining('Not default id passed as TokenId argument'),
    });
    await expect(
      as(alice).token.setProperties({ collectionId, tokenId: 1, properties: [{ key: 'a', value: 'b' }] }),
    ).rejects.toMatchObject({ message: expect.stringContaining('Setting item properties is not allowed') });
    await expect(
      as(alice).fungible.approve({ collectionId, spender: dave.address, amount: '1', sender: bob.address }),
    ).rejects.toMatchObject({ message: expect.stringContaining('sender') });
  });

  it('a collection holding tokens cannot be destroyed; an emptied one can', async () => {
    const { result } = await as(alice).collection.create({
      mode: 'Fungible',
      tokenDecimals: 2,
      name: 'Tmp',
      description: 't',
      symbol: 'T',
    });
    const id = result.collectionId;
    await as(alice).fungible.mint({ collectionId: id, amount: '10' });
    await expect(as(alice).collection.destroy({ collectionId: id })).rejects.toMatchObject({
      message: expect.stringContaining('Destroying only empty collections is allowed'),
    });
    await as(alice).fungible.burn({ collectionId: id, amount: '10' });
    expect((await as(alice).collection.destroy({ collectionId: id })).result).toEqual({ collectionId: id });
  });

  it("runs the README's fungible example, as written there", async () => {
    const sdk = as(alice);
    const { result: gold } = await sdk.collection.create({
      mode: 'Fungible',
      tokenDecimals: 6,
      name: 'Gold',
      description: 'Snake gold',
      symbol: 'GLD',
    });
    const bob = Sr25519Account.fromUri('//Bob').address;
    await sdk.fungible.mint({ collectionId: gold.collectionId, amount: '1000' });
    await sdk.fungible.transfer({ collectionId: gold.collectionId, to: bob, amount: '250' });
    const { balance } = await sdk.fungible.getAccountBalance({
      collectionId: gold.collectionId,
      address: bob,
    });
    expect(balance).toBe('250');
  });
});
