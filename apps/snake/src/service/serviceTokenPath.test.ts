import {
  buildChallengeMessage,
  type GameResultRequest,
  SIGN_IN_STATEMENT,
  type SnakeServiceClient,
  SnakeServiceError,
  type TokenTotals,
} from '@nftkit/snake-protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getTokenState } from '../token/tokenState';
import { untilTokenState } from '../token/untilTokenState.test-helper';
import { foreignWords } from '../token/voice.test-helper';
import { memoryStorage } from '../wallet/memoryStorage.test-helper';
import type { WalletSession } from '../wallet/session';
import { resetWalletStore, setWalletState } from '../wallet/store';
import { PENDING_KEY } from './pendingResults';
import * as calls from './serviceCalls';
import { ServiceTokenPath } from './serviceTokenPath';
import { SESSION_KEY } from './storedSession';
import { serviceReasons, serviceText } from './strings';

const SERVICE = 'http://127.0.0.1:5175';
const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';

const memoryStore = () => {
  const storage = memoryStorage();
  return { data: storage.data, storage };
};

const unreachable = () => new SnakeServiceError(0, 'SnakeServiceUnreachable', 'fetch failed');

/** A game service in memory: one token per player, results applied once per game id. */
function fakeService() {
  const token: TokenTotals = { collectionId: 1, tokenId: 1, owner: ALICE, totalScore: 0, gamesPlayed: 0 };
  const state = {
    token: null as TokenTotals | null,
    challenges: 0,
    sessions: 0,
    results: [] as GameResultRequest[],
    applied: new Set<string>(),
    games: 0,
    // What sendResult does next: apply, or fail like an outage or a refusal.
    nextResult: [] as ('unreachable' | 'refuse' | 'apply-but-lose-answer')[],
    pendingAtSend: [] as (string | undefined)[],
  };
  let storageRef: Map<string, string> | null = null;
  const client: SnakeServiceClient = {
    health: async () => ({ status: 'ok', network: 'devnet', collectionId: 1, operator: ALICE }),
    config: async () => ({ network: 'devnet', chainBaseUrl: 'x', collectionId: 1, gameVersion: '1.0.0' }),
    challenge: async (address) => {
      state.challenges += 1;
      return {
        message: buildChallengeMessage({
          domain: '127.0.0.1:5173',
          address,
          statement: SIGN_IN_STATEMENT,
          uri: 'http://127.0.0.1:5173',
          chainId: 8884,
          nonce: `nonce${state.challenges}abc`,
          issuedAt: '2026-01-01T00:00:00Z',
          expiresAt: '2026-01-01T00:05:00Z',
        }),
        expiresAt: '2026-01-01T00:05:00Z',
      };
    },
    session: async ({ address }) => {
      state.sessions += 1;
      return {
        session: `s${state.sessions}`,
        address,
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      };
    },
    me: async () => ({ address: ALICE, token: state.token }),
    startGame: async () => {
      state.token ??= { ...token };
      state.games += 1;
      return { gameId: `g${state.games}`, seed: 1000 + state.games, token: { ...state.token } };
    },
    sendResult: async (_session, result) => {
      state.pendingAtSend.push(storageRef?.get(PENDING_KEY));
      const next = state.nextResult.shift();
      if (next === 'unreachable') throw unreachable();
      if (next === 'refuse')
        throw new SnakeServiceError(422, 'SnakeReplayMismatch', 'ticks does not match the replay');
      if (state.applied.has(result.gameId) || !state.token)
        throw new SnakeServiceError(409, 'SnakeGameAlreadyRecorded', 'already recorded', { ...state.token! });
      state.applied.add(result.gameId);
      state.results.push(result);
      state.token = {
        ...state.token,
        totalScore: state.token.totalScore + 3,
        gamesPlayed: state.token.gamesPlayed + 1,
      };
      if (next === 'apply-but-lose-answer') throw unreachable();
      return { status: 'applied', score: 3, token: { ...state.token } };
    },
    leaderboard: async () => ({ total: 0, entries: [], player: null }),
  };
  return { client, state, watch: (data: Map<string, string>) => (storageRef = data) };
}

const wallet = (signMessage: WalletSession['signMessage'] = async () => '0x01'): WalletSession =>
  ({
    type: 'dev',
    address: ALICE,
    canWriteTokens: true,
    signMessage,
    client: {},
  }) as unknown as WalletSession;

const until = untilTokenState;

const PLAYED = { inputs: [{ tick: 2, direction: 'UP' as const }], ticks: 17, durationMs: 2700 };

let service: ReturnType<typeof fakeService>;
let store: ReturnType<typeof memoryStore>;
let timers: (() => void)[];
let serviceTokenPath: ServiceTokenPath;
const hasUnsentResults = () => serviceTokenPath.hasUnsentResults();

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  service = fakeService();
  store = memoryStore();
  service.watch(store.data);
  timers = [];
  serviceTokenPath = new ServiceTokenPath({
    url: () => SERVICE,
    storage: () => store.storage,
    load: async () => ({ ...calls, serviceClient: () => service.client }),
    later: (run) => {
      timers.push(run);
      return () => {
        timers = timers.filter((t) => t !== run);
      };
    },
  });
  serviceTokenPath.follow();
});
afterEach(() => {
  resetWalletStore();
  serviceTokenPath.unfollow();
  vi.restoreAllMocks();
});

const connect = async (session = wallet()) => {
  setWalletState({ status: 'connected', session });
  return session;
};

describe('game service token path', () => {
  it('signs in once per session: a reconnect (or reload) uses the stored session and shows the chain totals', async () => {
    const sign = vi.fn(async (_message: string) => '0x01');
    await connect(wallet(sign));
    const ticket = await serviceTokenPath.prepareStart();
    expect(ticket).toEqual({ seed: 1001, counts: true });
    expect(sign).toHaveBeenCalledTimes(1);
    expect(sign.mock.calls[0]![0]).toContain(ALICE);
    expect(JSON.parse(store.data.get(SESSION_KEY)!)).toMatchObject({
      service: SERVICE,
      address: ALICE,
      session: 's1',
    });

    resetWalletStore();
    expect(store.data.has(SESSION_KEY)).toBe(false); // disconnect drops it
    store.storage.setItem(
      SESSION_KEY,
      JSON.stringify({
        service: SERVICE,
        address: ALICE,
        session: 's1',
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    );
    const again = vi.fn(async (_message: string) => '0x01');
    await connect(wallet(again));
    await until((s) => s.token !== null);
    expect(again).not.toHaveBeenCalled();
    expect(getTokenState().token).toMatchObject({ tokenId: 1, totalScore: 0, gamesPlayed: 0 });
  });

  it('a wallet that refuses to sign: a clear message, and Start does not start', async () => {
    const refuse = async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
    };
    await connect(wallet(refuse));
    await until((s) => s.notice !== null);
    expect(getTokenState().notice).toEqual({ kind: 'error', text: serviceText.signRejected });
    expect(await serviceTokenPath.prepareStart()).toBeNull();
    expect(getTokenState().notice?.text).toBe(serviceText.signRejected);
    expect(service.state.games).toBe(0);
  });

  it('a guest (no wallet) plays with the page seed and sends nothing', async () => {
    expect(await serviceTokenPath.prepareStart()).toEqual({ seed: null, counts: false });
    serviceTokenPath.recordGame(3, PLAYED);
    expect(store.data.has(PENDING_KEY)).toBe(false);
  });

  it('game over: the result is saved before it is sent, removed once applied, and the totals follow', async () => {
    await connect();
    await serviceTokenPath.prepareStart();
    serviceTokenPath.recordGame(3, PLAYED);
    expect(JSON.parse(store.data.get(PENDING_KEY)!)[0]).toMatchObject({
      address: ALICE,
      result: { gameId: 'g1', ...PLAYED },
    });
    expect(hasUnsentResults()).toBe(true);
    await until((s) => s.token?.gamesPlayed === 1 && !s.updating);
    expect(service.state.pendingAtSend[0]).toContain('"gameId":"g1"');
    expect(service.state.results).toEqual([{ gameId: 'g1', ...PLAYED }]);
    expect(store.data.has(PENDING_KEY)).toBe(false);
    expect(hasUnsentResults()).toBe(false);
    expect(getTokenState().notice?.kind).toBe('success');
  });

  it('an outage keeps the result and sends it again later; an applied-but-unanswered send counts once (409)', async () => {
    await connect();
    await serviceTokenPath.prepareStart();
    service.state.nextResult.push('unreachable', 'apply-but-lose-answer');
    serviceTokenPath.recordGame(3, PLAYED);
    const kept = serviceText.willRetry(serviceReasons.unreachable);
    await until((s) => s.notice?.text === kept && !s.updating);
    expect(getTokenState().notice).toEqual({ kind: 'error', text: kept, detail: 'fetch failed' });
    expect(foreignWords(kept)).toEqual([]);
    expect(store.data.has(PENDING_KEY)).toBe(true);
    expect(hasUnsentResults()).toBe(true);
    expect(timers).toHaveLength(1);
    timers.shift()!(); // applied, but the answer is lost
    await until((s) => s.notice?.text === kept && timers.length === 1);
    timers.shift()!(); // 409: confirmed
    await until((s) => s.token?.gamesPlayed === 1 && !s.updating);
    expect(service.state.results).toHaveLength(1);
    expect(store.data.has(PENDING_KEY)).toBe(false);
    expect(hasUnsentResults()).toBe(false);
  });

  it('a refused result (replay differs) is dropped with the reason', async () => {
    await connect();
    await serviceTokenPath.prepareStart();
    service.state.nextResult.push('refuse');
    serviceTokenPath.recordGame(3, PLAYED);
    await until((s) => s.notice?.kind === 'error' && !s.updating);
    expect(getTokenState().notice).toEqual({
      kind: 'error',
      text: serviceText.refused(serviceReasons.byCode.SnakeReplayMismatch!),
      detail: 'ticks does not match the replay',
    });
    expect(foreignWords(getTokenState().notice!.text)).toEqual([]);
    expect(store.data.has(PENDING_KEY)).toBe(false);
  });

  it('a result left from before a reload is sent after sign-in', async () => {
    store.storage.setItem(
      PENDING_KEY,
      JSON.stringify([
        { service: SERVICE, address: ALICE, score: 3, savedAt: 1, result: { gameId: 'g9', ...PLAYED } },
        {
          service: SERVICE,
          address: 'someone-else',
          score: 1,
          savedAt: 2,
          result: { gameId: 'g8', ...PLAYED },
        },
        { broken: true },
      ]),
    );
    service.state.token = { collectionId: 1, tokenId: 1, owner: ALICE, totalScore: 5, gamesPlayed: 2 };
    await connect();
    await until((s) => s.token?.gamesPlayed === 3 && !s.updating);
    expect(getTokenState().token).toMatchObject({ totalScore: 8, gamesPlayed: 3 });
    expect(service.state.results.map((r) => r.gameId)).toEqual(['g9']);
    // Another wallet's result stays for its return; the malformed entry is gone.
    expect(JSON.parse(store.data.get(PENDING_KEY)!)).toEqual([
      expect.objectContaining({ address: 'someone-else', result: expect.objectContaining({ gameId: 'g8' }) }),
    ]);
  });

  it('Start sends a result kept from an outage before it starts the next game (which would end that one)', async () => {
    await connect();
    await serviceTokenPath.prepareStart();
    service.state.nextResult.push('unreachable');
    serviceTokenPath.recordGame(3, PLAYED);
    await until((s) => s.notice?.kind === 'error' && !s.updating);
    expect(service.state.results).toHaveLength(0);
    const original = service.client.startGame;
    let resultsAtStart = -1;
    service.client.startGame = async (session) => {
      resultsAtStart = service.state.results.length;
      return original(session);
    };
    expect(await serviceTokenPath.prepareStart()).toMatchObject({ seed: 1002, counts: true });
    expect(resultsAtStart).toBe(1);
    expect(store.data.has(PENDING_KEY)).toBe(false);
  });

  it('with new tokens paused, Start still starts and the notice says why', async () => {
    await connect();
    const original = service.client.startGame;
    service.client.startGame = async (session) => ({
      ...(await original(session)),
      token: null,
      mintsPaused: "today's mint budget is spent",
    });
    expect(await serviceTokenPath.prepareStart()).toEqual({ seed: 1001, counts: true });
    expect(getTokenState().notice).toEqual({
      kind: 'info',
      text: serviceText.mintsPaused,
      detail: "today's mint budget is spent",
    });
    expect(foreignWords(serviceText.mintsPaused)).toEqual([]);
  });

  it('a Start answer read before a newer result never rolls the totals back', async () => {
    await connect();
    await serviceTokenPath.prepareStart();
    serviceTokenPath.recordGame(3, PLAYED);
    await until((s) => s.token?.gamesPlayed === 1 && !s.updating);
    const original = service.client.startGame;
    service.client.startGame = async (session) => {
      const answer = await original(session);
      return { ...answer, token: answer.token && { ...answer.token, totalScore: 0, gamesPlayed: 0 } };
    };
    await serviceTokenPath.prepareStart();
    expect(getTokenState().token).toMatchObject({ totalScore: 3, gamesPlayed: 1 });
  });
});
