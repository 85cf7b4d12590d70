import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../wallet/memoryStorage.test-helper';
import type { WalletSession } from '../wallet/session';
import type { KeyValueStorage } from '../wallet/storage';
import { resetWalletStore, setWalletState } from '../wallet/store';
import { FakeApiError, fakeChain } from './fakeChain.test-helper';
import {
  followWallet,
  getTokenState,
  loadTokenFor,
  prepareStart,
  recordGameOver,
  selfCustodyPath,
  setTokenEnv,
  subscribeToken,
} from './tokenStore';
import { untilTokenState } from './untilTokenState.test-helper';
import { foreignWords } from './voice.test-helper';

const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';

const session = (chain = fakeChain(ALICE), canWriteTokens = true): WalletSession => ({
  type: 'dev',
  address: ALICE,
  canWriteTokens,
  signMessage: async () => '0x00',
  client: {
    ...chain.client,
    balance: { get: async () => ({ available: '10', decimals: 18, tokenSymbol: 'UNIT' }) },
  },
});

const until = untilTokenState;

beforeEach(() => {
  followWallet();
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const storage: KeyValueStorage = memoryStorage();
  setTokenEnv({ storage: () => storage as Storage, baseUrl: async () => 'http://127.0.0.1:9944/v2/devnet' });
});
afterEach(async () => {
  resetWalletStore();
  await loadTokenFor(null);
  vi.restoreAllMocks();
});

describe('token store', () => {
  it('lets a visitor without a wallet play, with no token', async () => {
    expect(await prepareStart()).toBe(true);
    expect(getTokenState().token).toBeNull();
  });

  it('lets a MetaMask player play without a token and says so', async () => {
    setWalletState({ status: 'connected', session: session(fakeChain(ALICE), false) });
    expect(await prepareStart()).toBe(true);
    expect(getTokenState().notice).toEqual({ kind: 'info', text: expect.stringContaining('MetaMask') });
  });

  it('mints on the first Start, shows progress, and starts only after the token exists', async () => {
    const chain = fakeChain(ALICE);
    setWalletState({ status: 'connected', session: session(chain) });
    const seen: boolean[] = [];
    const stop = subscribeToken(() => seen.push(getTokenState().minting));
    const started = await prepareStart();
    stop();
    expect(started).toBe(true);
    expect(seen).toContain(true);
    expect(getTokenState()).toMatchObject({ minting: false, token: { totalScore: 0, gamesPlayed: 0 } });
    expect(await prepareStart()).toBe(true);
    expect(chain.calls.filter((c) => c === 'token.mintNFTs')).toHaveLength(1);
  });

  it('keeps the game from starting when minting fails, and shows why', async () => {
    const chain = fakeChain(ALICE);
    chain.failNext('token.mintNFTs', new FakeApiError(400, 'Inability to pay some fees'));
    setWalletState({ status: 'connected', session: session(chain) });
    expect(await prepareStart()).toBe(false);
    expect(getTokenState().notice).toEqual({
      kind: 'error',
      text: '创建蛇 NFT 失败，游戏未开始：账户余额不足以支付手续费。',
      detail: 'Inability to pay some fees',
    });
    expect(foreignWords(getTokenState().notice!.text)).toEqual([]);
    expect(getTokenState().token).toBeNull();
  });

  it('with the chain down, the game plays on without the token and the notice says so (it does not count)', async () => {
    const chain = fakeChain(ALICE);
    const down = () =>
      Object.assign(new Error('Connection to the server refused, please check the server URL.'), {
        code: 'CONNECTION_REFUSED',
      });
    chain.failNext('collection.create', down());
    chain.failNext('token.mintNFTs', down());
    setWalletState({ status: 'connected', session: session(chain) });
    expect(await selfCustodyPath.prepareStart()).toEqual({ seed: null, counts: false });
    expect(getTokenState().notice).toEqual({
      kind: 'info',
      text: '无法连接区块链：本局照常进行，但不计入蛇 NFT。',
      detail: 'Connection to the server refused, please check the server URL.',
    });
    expect(getTokenState().token).toBeNull();
  });

  it('creates the collection on connect, so that Start waits only for the mint', async () => {
    const chain = fakeChain(ALICE);
    setWalletState({ status: 'connected', session: session(chain) });
    await vi.waitFor(() => expect(chain.calls).toContain('collection.create'), { timeout: 10_000 });
    expect(await prepareStart()).toBe(true);
    expect(chain.calls.filter((c) => c === 'collection.create')).toHaveLength(1);
    expect(chain.calls.filter((c) => c === 'token.mintNFTs')).toHaveLength(1);
  });

  it('creates the collection once even when Start is pressed while it is being created', async () => {
    const chain = fakeChain(ALICE);
    setWalletState({ status: 'connected', session: session(chain) });
    expect(await prepareStart()).toBe(true);
    expect(chain.calls.filter((c) => c === 'collection.create')).toHaveLength(1);
  });

  it('records each game over without blocking, adding up on chain', async () => {
    setWalletState({ status: 'connected', session: session() });
    await prepareStart();
    recordGameOver(4);
    recordGameOver(6);
    expect(getTokenState().updating).toBe(true);
    await until((s) => s.token?.gamesPlayed === 2 && !s.updating);
    expect(getTokenState().token).toMatchObject({ totalScore: 10, gamesPlayed: 2 });
    expect(getTokenState().notice).toEqual({ kind: 'success', text: '蛇 NFT 已更新：总分 10，已玩 2 局。' });
  });

  it('shows a failed update', async () => {
    const chain = fakeChain(ALICE);
    setWalletState({ status: 'connected', session: session(chain) });
    await prepareStart();
    chain.failNext('token.setProperties', new FakeApiError(400, 'common.NoPermission'));
    recordGameOver(3);
    await until((s) => !s.updating && s.notice?.kind === 'error');
    expect(getTokenState().notice).toEqual({
      kind: 'error',
      text: '更新蛇 NFT 失败：区块链拒绝了这笔交易。',
      detail: 'common.NoPermission',
    });
    expect(foreignWords(getTokenState().notice!.text)).toEqual([]);
  });

  it('reads the totals back from the chain when the wallet connects again', async () => {
    const chain = fakeChain(ALICE);
    setWalletState({ status: 'connected', session: session(chain) });
    await prepareStart();
    recordGameOver(9);
    await until((s) => s.token?.gamesPlayed === 1);
    setWalletState({ status: 'disconnected', session: null });
    expect(getTokenState().token).toBeNull();
    setWalletState({ status: 'connected', session: session(chain) });
    await until((s) => s.token !== null);
    expect(getTokenState().token).toMatchObject({ totalScore: 9, gamesPlayed: 1 });
  });
});
