import { expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  ApiError,
  DEV_ACCOUNT_URIS,
  ExtrinsicNotFoundError,
  Sr25519Account,
  type StatusOptions,
  UniqueChain,
} from '../../src/index.js';

export type ChainClientSuiteOptions = {
  /** Polling for the writes; generous by default so a slow devnet passes. */
  statusOptions?: StatusOptions;
};

/**
 * The client against a live REST API: any server that speaks the Unique REST API v2 with funded dev accounts
 * (the fake chain of these tests, the devnet, or a test network). Call inside a `describe`; `getBaseUrl` is
 * read when each test runs, so a server started in `beforeAll` works.
 */
export function chainClientSuite(getBaseUrl: () => string, options: ChainClientSuiteOptions = {}): void {
  const [aliceUri, bobUri] = DEV_ACCOUNT_URIS;
  const alice = Sr25519Account.fromUri(aliceUri);
  const bob = Sr25519Account.fromUri(bobUri);
  const statusOptions = options.statusOptions ?? { retries: 100, timeout: 100 };
  const sdk = () => UniqueChain({ baseUrl: getBaseUrl(), account: alice, statusOptions });

  it('reads a balance with the documented fields', async () => {
    const balance = await sdk().balance.get({ address: alice.address });
    expect(BigInt(balance.free)).toBeGreaterThan(0n);
    expect(typeof balance.decimals).toBe('number');
    expect(typeof balance.tokenSymbol).toBe('string');
  });

  it('creates a collection, mints a token, sets a property and reads it back', async () => {
    const chain = sdk();
    const created = await chain.collection.create({
      mode: 'Nft',
      name: 'Suite',
      description: 'sdk client suite',
      symbol: 'SUI',
      // Without a permission for the key, the chain refuses to set it (NoPermission).
      tokenPropertyPermissions: [
        { key: 'score', permission: { mutable: true, collectionAdmin: true, tokenOwner: false } },
      ],
    });
    const collectionId = created.result.collectionId;
    expect(collectionId).toBeGreaterThan(0);
    expect(created.extrinsicOutput.hash).toMatch(/^0x[0-9a-f]{64}$/);

    const minted = await chain.token.mintNFTs({ collectionId, tokens: [{ owner: bob.address }] });
    const tokenId = minted.result[0]!.tokenId;
    expect(tokenId).toBeGreaterThan(0);

    await chain.token.setProperties({ collectionId, tokenId, properties: [{ key: 'score', value: '120' }] });
    const token = await chain.token.get({ collectionId, tokenId });
    expect(token.owner).toBe(bob.address);
    expect(token.properties).toContainEqual({ key: 'score', value: '120', valueHex: '0x313230' });
  });

  it('reports a failed extrinsic (a property key without permission) as a 400 ApiError from the status', async () => {
    const chain = sdk();
    const { result: collection } = await chain.collection.create({
      mode: 'Nft',
      name: 'Bare',
      description: '',
      symbol: 'B',
    });
    const { result: minted } = await chain.token.mintNFTs({
      collectionId: collection.collectionId,
      tokens: [{}],
    });
    const error = await chain.token
      .setProperties({
        collectionId: collection.collectionId,
        tokenId: minted[0]!.tokenId,
        properties: [{ key: 'x', value: '1' }],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toMatch(/NoPermission|No permission/);
  });

  it('transfers coins: the receiver gains exactly the amount and the nonce moves on', async () => {
    const chain = sdk();
    const before = BigInt((await chain.balance.get({ address: bob.address })).free);
    const { nextIndex } = await chain.account.nextIndex({ address: alice.address });
    const { result } = await chain.balance.transfer({ to: bob.address, amount: '12345' });
    expect(result.amount).toBe('12345');
    const after = BigInt((await chain.balance.get({ address: bob.address })).free);
    expect(after - before).toBe(12345n);
    expect((await chain.account.nextIndex({ address: alice.address })).nextIndex).toBe(nextIndex + 1);
  });

  it('signs with a per-call account, whose address is then the signer', async () => {
    const chain = UniqueChain({ baseUrl: getBaseUrl(), statusOptions });
    const funded = await sdk().balance.transfer({ to: bob.address, amount: '1000000000000000000' });
    expect(funded.result.amount).toBe('1000000000000000000');
    const { extrinsicOutput } = await chain.balance.transfer(
      { to: alice.address, amount: '1' },
      undefined,
      bob,
    );
    expect(extrinsicOutput.signer).toBe(bob.address);
  });

  it('quotes a fee as wei strings without sending anything', async () => {
    const fee = await sdk().balance.transfer.fee({ to: bob.address, amount: '1' });
    expect(fee.totalFee).toMatch(/^\d+$/);
  });

  it('batches encoded calls with utility.batchAll', async () => {
    const chain = sdk();
    const before = BigInt((await chain.balance.get({ address: bob.address })).free);
    const { result } = await chain.utility.batchAll([
      chain.balance.transfer.encode({ to: bob.address, amount: '7' }),
      chain.balance.transfer.encode({ to: bob.address, amount: '8' }),
    ]);
    expect(result.isSuccess).toBe(true);
    const after = BigInt((await chain.balance.get({ address: bob.address })).free);
    expect(after - before).toBe(15n);
  });

  it('rejects a signature by another key at submit with an ApiError', async () => {
    const chain = sdk();
    const built = await chain.balance.transfer.build({ to: bob.address, amount: '1' });
    const wrong = await chain.balance.transfer.sign(built, bob);
    const error = await chain.balance.transfer.submit(built, wrong).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBeGreaterThanOrEqual(400);
    expect((error as ApiError).status).toBeLessThan(500);
  });

  it('keeps the server field issues of a bad request on the ApiError', async () => {
    // A permissive client-side schema lets the bad input reach the server, which must name the field.
    const error = await sdk()
      .extrinsic.build('/token/properties/set', z.unknown(), {
        collectionId: 1,
        tokenId: 'one',
        properties: [],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toMatch(/^Server responded with Error 400 - Bad Request: /);
    expect((error as ApiError).issues.some((issue) => issue.path.includes('tokenId'))).toBe(true);
    expect((error as ApiError).zodError?.issues.length).toBeGreaterThan(0);
  });

  it('runs out of polling for an unknown hash with the spec message', async () => {
    const error = await sdk()
      .token.setProperties.getStatus('/token/properties/set', `0x${'ab'.repeat(32)}`, {
        retries: 2,
        timeout: 25,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExtrinsicNotFoundError);
    expect((error as Error).message).toBe('Extrinsic not found in 0.05s.');
  });
}
