import { nestingAddressFromIds } from '@nftkit/primitives';
import { beforeAll, describe, expect, it } from 'vitest';
import { MANY_OWNERS_ADDRESS } from '../src/runtime/refungible/token.js';
import { alice, bob, charlie, dave } from './helpers/accounts.js';
import { devnetForFile } from './helpers/devnet.js';
import { checkInvariants } from './helpers/invariants.js';
import { sdkClients } from './helpers/sdk.js';

// Refungible tokens (rest-api §4.5, and the token routes of §4.3 with `amount` in pieces) through the sdk client.
const devnet = devnetForFile();
const as = sdkClients(devnet);
let collectionId: number;

beforeAll(async () => {
  const created = await as(alice).collection.create({
    mode: 'ReFungible',
    name: 'Shares',
    description: 'Shared snakes',
    symbol: 'SHR',
    tokenPropertyPermissions: [
      { key: 'score', permission: { mutable: true, collectionAdmin: true, tokenOwner: true } },
      { key: 'note', permission: { mutable: true, collectionAdmin: false, tokenOwner: true } },
      { key: 'URI', permission: { mutable: false, collectionAdmin: true, tokenOwner: false } },
    ],
  });
  collectionId = created.result.collectionId;
});

type Out = { extrinsicOutput: { events: { section: string; method: string; data: unknown }[] } };
const commonEvents = (out: Out) =>
  out.extrinsicOutput.events.filter((e) => e.section === 'common').map((e) => [e.method, e.data]);
const cross = (address: string) => JSON.stringify({ substrate: address });
const piecesOf = async (tokenId: number, account: string) =>
  (await as(alice).refungible.getAccountBalance({ collectionId, tokenId, account })).balance;

describe('refungible tokens through the sdk', () => {
  it('mints one token split among owners, with properties and one ItemCreated per owner', async () => {
    const minted = await as(alice).refungible.mint({
      collectionId,
      owners: [
        { address: bob.address, pieces: 60 },
        { address: charlie.address, pieces: 40 },
      ],
      properties: [{ key: 'score', value: '7' }],
    });
    const c = String(collectionId);
    expect(minted.result).toEqual({
      tokenId: 1,
      collectionId,
      owners: [bob.address, charlie.address].sort(),
      pieces: 100,
      properties: [{ key: 'score', value: '7', valueHex: '0x37' }],
    });
    expect(commonEvents(minted)).toEqual([
      ['TokenPropertySet', { 0: c, 1: '1', 2: 'score' }],
      ['ItemCreated', { 0: c, 1: '1', 2: cross(bob.address), 3: '60' }],
      ['ItemCreated', { 0: c, 1: '1', 2: cross(charlie.address), 3: '40' }],
    ]);
    expect(await as(alice).refungible.get({ collectionId, tokenId: 1 })).toEqual(minted.result);
    expect(await piecesOf(1, bob.address)).toBe(60);
    const token = await as(alice).token.get({ collectionId, tokenId: 1 });
    expect(token).toMatchObject({ collectionId, tokenId: 1, owner: MANY_OWNERS_ADDRESS, symbol: 'SHR' });
    checkInvariants(devnet.chain);
  });

  it('mints several tokens, one holder each, defaulting to the signer', async () => {
    const minted = await as(alice).refungible.mintMultiple({
      collectionId,
      tokens: [
        { owner: dave.address, pieces: 10 },
        { pieces: 5, URI: 'https://example/2.json' },
      ],
    });
    expect(
      minted.result.map((t: { tokenId: number; owners: string[]; pieces: number }) => [
        t.tokenId,
        t.owners,
        t.pieces,
      ]),
    ).toEqual([
      [2, [dave.address], 10],
      [3, [alice.address], 5],
    ]);
    expect(minted.result[1]?.properties).toEqual([
      { key: 'URI', value: 'https://example/2.json', valueHex: expect.stringMatching(/^0x/) },
    ]);
    const token = await as(alice).token.get({ collectionId, tokenId: 2 });
    expect(token).toMatchObject({ owner: dave.address, topmostOwner: dave.address });
    expect(await as(alice).collection.accountTokens({ collectionId, address: bob.address })).toEqual([
      { collectionId, tokenId: 1 },
    ]);
    expect(await as(alice).collection.get({ collectionId })).toMatchObject({
      lastTokenId: 3,
      totalSupply: 3,
    });
  });

  it('transfers pieces through the token route, with Transfer(c, t, from, to, pieces)', async () => {
    const sent = await as(bob).refungible.transfer({
      collectionId,
      tokenId: 1,
      to: dave.address,
      amount: 25,
    });
    expect(commonEvents(sent)).toEqual([
      [
        'Transfer',
        { 0: String(collectionId), 1: '1', 2: cross(bob.address), 3: cross(dave.address), 4: '25' },
      ],
    ]);
    expect(sent.result).toMatchObject({ collectionId, tokenId: 1, owner: MANY_OWNERS_ADDRESS });
    expect(await piecesOf(1, bob.address)).toBe(35);
    expect(await piecesOf(1, dave.address)).toBe(25);
    checkInvariants(devnet.chain);
  });

  it('approves pieces per (token, owner, spender), spends the allowance, reports it', async () => {
    const approved = await as(charlie).refungible.approve({
      collectionId,
      tokenId: 1,
      spender: alice.address,
      amount: 30,
    });
    expect(approved.result).toEqual({ collectionId, tokenId: 1, spender: alice.address, amount: 30 });
    expect(
      await as(alice).refungible.getApproved({
        collectionId,
        tokenId: 1,
        spender: alice.address,
        sender: charlie.address,
      }),
    ).toEqual({ isApproved: true, amount: '30' });
    expect(
      await as(alice).refungible.getApproved({
        collectionId,
        tokenId: 1,
        spender: alice.address,
        sender: bob.address,
      }),
    ).toEqual({ isApproved: false, amount: '0' });
    const spent = await as(alice).refungible.transfer({
      collectionId,
      tokenId: 1,
      from: charlie.address,
      to: alice.address,
      amount: 20,
    });
    expect(commonEvents(spent).map(([m, d]) => [m, (d as Record<string, string>)['4']])).toEqual([
      ['Transfer', '20'],
      ['Approved', '10'],
    ]);
    await expect(
      as(alice).refungible.transfer({
        collectionId,
        tokenId: 1,
        from: charlie.address,
        to: alice.address,
        amount: 11,
      }),
    ).rejects.toMatchObject({
      message: expect.stringContaining('Requested value is more than the approved'),
    });
    expect(await piecesOf(1, charlie.address)).toBe(20);
    checkInvariants(devnet.chain);
  });

  it('token properties follow the owner-of-all-pieces rule', async () => {
    // Dave holds every piece of token 2: the tokenOwner permission lets him write; Alice writes as admin.
    const set = await as(dave).refungible.setProperties({
      collectionId,
      tokenId: 2,
      properties: [{ key: 'note', value: 'mine' }],
    });
    expect(set.result.properties).toContainEqual({ key: 'note', value: 'mine', valueHex: '0x6d696e65' });
    // Bob holds only part of token 1: not its owner.
    await expect(
      as(bob).refungible.setProperties({
        collectionId,
        tokenId: 1,
        properties: [{ key: 'note', value: 'x' }],
      }),
    ).rejects.toMatchObject({ message: expect.stringContaining('No permission to perform action') });
    await as(alice).refungible.setProperties({
      collectionId,
      tokenId: 1,
      properties: [{ key: 'score', value: '9' }],
    });
    const del = await as(dave).refungible.deleteProperties({ collectionId, tokenId: 2, keys: ['note'] });
    expect(del.result.properties).toEqual([]);
    expect((await as(alice).refungible.get({ collectionId, tokenId: 1 })).properties).toEqual([
      { key: 'score', value: '9', valueHex: '0x39' },
    ]);
  });

  it('burns pieces; burning the last pieces destroys the token', async () => {
    const burnt = await as(dave).refungible.burn({ collectionId, tokenId: 2, amount: 4 });
    expect(burnt.result).toEqual({ collectionId, tokenId: 2, amount: 4 });
    expect(commonEvents(burnt)).toEqual([
      ['ItemDestroyed', { 0: String(collectionId), 1: '2', 2: cross(dave.address), 3: '4' }],
    ]);
    expect((await as(alice).refungible.get({ collectionId, tokenId: 2 })).pieces).toBe(6);
    await as(dave).refungible.approve({ collectionId, tokenId: 2, spender: bob.address, amount: 6 });
    const all = await as(bob).refungible.burnFrom({
      collectionId,
      tokenId: 2,
      from: dave.address,
      amount: 6,
    });
    expect(all.result).toEqual({ collectionId, tokenId: 2, amount: 6 });
    await expect(as(alice).refungible.get({ collectionId, tokenId: 2 })).rejects.toMatchObject({
      message: expect.stringContaining('404'),
    });
    expect(await as(alice).collection.get({ collectionId })).toMatchObject({
      lastTokenId: 3,
      totalSupply: 2,
    });
    checkInvariants(devnet.chain);
  });

  it('refuses: more pieces than held, approving more than held, no permission, wrong mode, bad pieces', async () => {
    await expect(
      as(bob).refungible.transfer({ collectionId, tokenId: 1, to: dave.address, amount: 1000 }),
    ).rejects.toMatchObject({ message: expect.stringContaining('Item is balance not enough') });
    await expect(
      as(bob).refungible.approve({ collectionId, tokenId: 1, spender: dave.address, amount: 1000 }),
    ).rejects.toMatchObject({ message: expect.stringContaining('Tried to approve more than owned') });
    await expect(as(bob).refungible.burn({ collectionId, tokenId: 1, amount: 1000 })).rejects.toMatchObject({
      message: expect.stringContaining('Item is balance not enough'),
    });
    await expect(
      as(bob).refungible.mint({ collectionId, owners: [{ address: bob.address, pieces: 1 }] }),
    ).rejects.toMatchObject({ message: expect.stringContaining('Collection is not in mint mode.') });
    await expect(
      as(alice).refungible.mint({ collectionId, owners: [{ address: bob.address, pieces: 0 }] }),
    ).rejects.toMatchObject({
      name: 'InputValidationError',
      message: 'Invalid input for /refungible/mint: owners.0.pieces: Too small: expected number to be >0',
    });
    const nft = await as(alice).collection.create({ mode: 'Nft', name: 'N', description: 'n', symbol: 'N' });
    await expect(
      as(alice).refungible.mint({ collectionId: nft.result.collectionId, owners: [{ pieces: 1 }] }),
    ).rejects.toMatchObject({
      message: expect.stringContaining('Not Nonfungible item data used to mint in Nonfungible collection.'),
    });
    await expect(
      as(alice).refungible.getAccountBalance({
        collectionId: nft.result.collectionId,
        tokenId: 1,
        account: bob.address,
      }),
    ).rejects.toMatchObject({ message: expect.stringContaining('not ReFungible') });
    expect(await piecesOf(1, bob.address)).toBe(35);
    checkInvariants(devnet.chain);
  });

  it('mints with v2 metadata and updates it through the token route', async () => {
    const { result: c } = await as(alice).collection.create({
      mode: 'ReFungible',
      name: 'Meta',
      description: 'm',
      symbol: 'MT',
      info: { cover_image: { url: 'https://example/c.png' } },
    });
    const minted = await as(alice).refungible.mint({
      collectionId: c.collectionId,
      owners: [{ address: bob.address, pieces: 3 }],
      data: { image: 'https://example/1.png', attributes: [{ trait_type: 'len', value: 3 }] },
    });
    const tokenId = minted.result.tokenId;
    expect(await as(alice).token.get({ collectionId: c.collectionId, tokenId })).toMatchObject({
      owner: bob.address,
      image: 'https://example/1.png',
      attributes: [{ trait_type: 'len', value: 3 }],
    });
    const updated = await as(alice).refungible.updateNft({
      collectionId: c.collectionId,
      tokenId,
      data: { attributes: [{ trait_type: 'len', value: 9 }] },
    });
    expect(updated.result).toMatchObject({
      image: 'https://example/1.png',
      attributes: [{ trait_type: 'len', value: 9 }],
    });
    checkInvariants(devnet.chain);
  });

  it('nests pieces under an NFT and takes them back out', async () => {
    const { result: parents } = await as(alice).collection.create({
      mode: 'Nft',
      name: 'Boxes',
      description: 'b',
      symbol: 'BX',
      permissions: { nesting: { tokenOwner: true } },
    });
    const [box] = (
      await as(alice).token.mintNFTs({ collectionId: parents.collectionId, tokens: [{ owner: bob.address }] })
    ).result;
    const { result: shares } = await as(alice).refungible.mint({
      collectionId,
      owners: [{ address: bob.address, pieces: 8 }],
    });
    const parent = { collectionId: parents.collectionId, tokenId: box!.tokenId };
    const nested = { collectionId, tokenId: shares.tokenId };
    const boxAddress = nestingAddressFromIds(parent.collectionId, parent.tokenId);
    await as(bob).token.nest({ parent, nested, amount: 3 });
    expect(await piecesOf(shares.tokenId, boxAddress)).toBe(3);
    expect((await as(alice).refungible.get({ collectionId, tokenId: shares.tokenId })).owners).toContain(
      boxAddress,
    );
    // The box's owner takes two pieces back out; a stranger cannot.
    await expect(as(charlie).token.unnest({ nested, to: charlie.address, amount: 1 })).rejects.toMatchObject({
      message: expect.stringContaining('Requested value is more than the approved'),
    });
    await as(bob).token.unnest({ nested, amount: 2 });
    expect(await piecesOf(shares.tokenId, bob.address)).toBe(7);
    expect(await piecesOf(shares.tokenId, boxAddress)).toBe(1);
    checkInvariants(devnet.chain);
  });

  it('possible actions follow the pieces the sender holds', async () => {
    const { result: t } = await as(alice).refungible.mint({
      collectionId,
      owners: [{ address: dave.address, pieces: 5 }],
    });
    const ask = (sender: string, amount: number) =>
      as(alice).token.possibleActions({
        sender,
        collectionId,
        tokenId: t.tokenId,
        amount,
        transferTo: bob.address,
      });
    expect(await ask(dave.address, 5)).toMatchObject({ transfer: true, burn: true });
    expect((await ask(dave.address, 5)).changeProperties).toEqual(expect.arrayContaining(['score', 'note']));
    expect(await ask(dave.address, 6)).toMatchObject({ transfer: false, burn: false });
    expect(await ask(bob.address, 1)).toMatchObject({ transfer: false, burn: false, changeProperties: [] });
  });
});
