import { snakeCollectionArgs } from '@nftkit/snake-protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../wallet/memoryStorage.test-helper';
import { readScopedId } from '../wallet/storage';
import { FakeApiError, fakeChain } from './fakeChain.test-helper';
import {
  ensureCollection,
  findSnakeToken,
  mintSnakeToken,
  prepareSnakeToken,
  readTotals,
  recordGame,
  SnakeTokenError,
  type TokenContext,
} from './snakeToken';

const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';
const BOB = '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty';
const CHAIN = 'http://127.0.0.1:9944/v2/devnet';

let log: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  log = vi.spyOn(console, 'log').mockImplementation(() => {});
  error = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const context = (address = ALICE, storage = memoryStorage()) => {
  const chain = fakeChain(address);
  const ctx: TokenContext = { client: chain.client, address, chain: CHAIN, storage };
  return { chain, ctx, storage };
};

describe('the snake collection', () => {
  it('is created with the spec name, token prefix SNK, gameVersion and editable TotalScore/GamesPlayed', () => {
    const args = snakeCollectionArgs('self');
    expect(args).toMatchObject({ mode: 'Nft', name: 'Snake Game Collection', symbol: 'SNK' });
    expect(args.properties).toContainEqual({ key: 'gameVersion', value: '1.0.0' });
    expect(args.properties).toContainEqual({ key: 'gameSymbol', value: 'SNAKE' });
    const editable = { mutable: true, collectionAdmin: true, tokenOwner: true };
    expect(args.tokenPropertyPermissions).toContainEqual({ key: 'TotalScore', permission: editable });
    expect(args.tokenPropertyPermissions).toContainEqual({ key: 'GamesPlayed', permission: editable });
    // The schema-2 token keys need permissions too, or minting with data would be refused.
    expect(args.tokenPropertyPermissions.map((t) => t.key)).toContain('tokenData');
  });

  it('is created once per wallet and reused afterwards', async () => {
    const { chain, ctx, storage } = context();
    const first = await ensureCollection(ctx);
    const second = await ensureCollection(ctx);
    expect(second).toBe(first);
    expect(chain.calls.filter((c) => c === 'collection.create')).toHaveLength(1);
    expect(readScopedId(storage, 'collectionId', { address: ALICE, chain: CHAIN })).toBe(first);
  });

  it('is not reused by another wallet on the same browser', async () => {
    const storage = memoryStorage();
    const alice = context(ALICE, storage);
    await ensureCollection(alice.ctx);
    const bob = context(BOB, storage);
    await ensureCollection(bob.ctx);
    expect(bob.chain.calls).toEqual(['collection.create']);
  });

  it('is created again when the chain no longer has the stored one (a reset devnet)', async () => {
    const { chain, ctx } = context();
    await ensureCollection(ctx);
    chain.collections.clear();
    await ensureCollection(ctx);
    expect(chain.calls).toEqual(['collection.create', 'collection.get', 'collection.create']);
  });

  it('is not duplicated because of a network failure', async () => {
    const { chain, ctx } = context();
    await ensureCollection(ctx);
    chain.failNext('collection.get', new Error('Connection to the server refused'));
    await expect(ensureCollection(ctx)).rejects.toThrow('refused');
    expect(chain.calls.filter((c) => c === 'collection.create')).toHaveLength(1);
  });
});

describe('the snake token', () => {
  it('is minted to the wallet with image, attributes and properties at 0, and its id stored', async () => {
    const { chain, ctx, storage } = context();
    const collectionId = await ensureCollection(ctx);
    const ids = await mintSnakeToken(ctx, collectionId);
    const token = chain.collections.get(collectionId)?.tokens.get(ids.tokenId);
    expect(token?.owner).toBe(ALICE);
    expect(token?.data?.image).toMatch(/^data:image\/svg\+xml,/);
    expect(token?.data?.attributes).toEqual([
      { trait_type: 'TotalScore', value: '0' },
      { trait_type: 'GamesPlayed', value: '0' },
    ]);
    expect(await readTotals(ctx.client, ids)).toEqual({ ...ids, totalScore: 0, gamesPlayed: 0 });
    expect(readScopedId(storage, 'snakeNftId', { address: ALICE, chain: CHAIN })).toBe(ids.tokenId);
  });

  it('is found again from storage and checked on chain', async () => {
    const { ctx } = context();
    const first = await prepareSnakeToken(ctx);
    await recordGame(ctx, first, 7);
    expect(await findSnakeToken(ctx)).toEqual({ ...first, totalScore: 7, gamesPlayed: 1 });
  });

  it('is not taken from storage when the chain says someone else owns it', async () => {
    const { chain, ctx } = context();
    const ids = await prepareSnakeToken(ctx);
    const token = chain.collections.get(ids.collectionId)?.tokens.get(ids.tokenId);
    if (token) token.owner = BOB;
    expect(await findSnakeToken(ctx)).toBeNull();
  });

  it('Start mints only when there is no token yet', async () => {
    const { chain, ctx } = context();
    const first = await prepareSnakeToken(ctx);
    const again = await prepareSnakeToken(ctx);
    expect(again).toEqual(first);
    expect(chain.calls.filter((c) => c === 'token.mintNFTs')).toHaveLength(1);
  });

  it('logs "Failed to create Snake NFT:" and rethrows when minting fails', async () => {
    const { chain, ctx } = context();
    await ensureCollection(ctx);
    chain.failNext('token.mintNFTs', new FakeApiError(400, 'balances.InsufficientBalance'));
    await expect(prepareSnakeToken(ctx)).rejects.toThrow('InsufficientBalance');
    expect(error).toHaveBeenCalledWith('Failed to create Snake NFT:', expect.any(FakeApiError));
  });
});

describe('recordGame', () => {
  it('adds the score to TotalScore and one to GamesPlayed, game after game', async () => {
    const { ctx } = context();
    const ids = await prepareSnakeToken(ctx);
    expect(await recordGame(ctx, ids, 5)).toEqual({ ...ids, totalScore: 5, gamesPlayed: 1 });
    expect(await recordGame(ctx, ids, 0)).toEqual({ ...ids, totalScore: 5, gamesPlayed: 2 });
    expect(await recordGame(ctx, ids, 12)).toEqual({ ...ids, totalScore: 17, gamesPlayed: 3 });
    expect(await readTotals(ctx.client, ids)).toEqual({ ...ids, totalScore: 17, gamesPlayed: 3 });
    expect(log).toHaveBeenCalledWith('Snake NFT updated successfully');
  });

  it('logs "Failed to update Snake NFT:" and rethrows on failure, leaving the totals as they were', async () => {
    const { chain, ctx } = context();
    const ids = await prepareSnakeToken(ctx);
    chain.failNext('token.setProperties', new FakeApiError(400, 'common.NoPermission'));
    await expect(recordGame(ctx, ids, 3)).rejects.toThrow('NoPermission');
    expect(error).toHaveBeenCalledWith('Failed to update Snake NFT:', expect.any(FakeApiError));
    expect(await readTotals(ctx.client, ids)).toEqual({ ...ids, totalScore: 0, gamesPlayed: 0 });
  });

  it('refuses a negative or fractional score without touching the chain', async () => {
    const { chain, ctx } = context();
    const ids = await prepareSnakeToken(ctx);
    const before = chain.calls.length;
    await expect(recordGame(ctx, ids, -1)).rejects.toBeInstanceOf(SnakeTokenError);
    await expect(recordGame(ctx, ids, 1.5)).rejects.toThrow('non-negative integer');
    expect(chain.calls.length).toBe(before);
  });
});
