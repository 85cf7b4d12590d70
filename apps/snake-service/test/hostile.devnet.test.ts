import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnet } from '@nftkit/devnet';
import {
  BEST_GAME_KEY,
  MAX_GAME_TICKS,
  playRecordedGame,
  type TokenTotals,
  verifyBestGame,
} from '@nftkit/snake-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveServiceKeys } from '../src/auth/keys.js';
import { Sessions } from '../src/auth/sessions.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { SnakeHttpError } from '../src/errors.js';
import { GameIds } from '../src/games/gameId.js';
import { chaseSnack } from './helpers/bots.js';
import { sr25519Key, type TestKey } from './helpers/keys.js';
import {
  bearer,
  type Harness,
  operatorBalance,
  SHARED_SECRET,
  signIn,
  startDevnetForService,
  startService,
} from './helpers/service.js';

// The service as an attacker meets it (each finding first reproduced against the service as it was):
// a farming bot, a flood of fresh keys, oversized claims, resent refusals, forged secrets, and a drained operator.
let h: Harness;
beforeAll(async () => {
  h = await startService(await startDevnetForService(), { SNAKE_SESSION_SECRET: SHARED_SECRET });
});
afterAll(async () => {
  await h?.stop();
  await h?.devnet.stop();
});

type Started = { gameId: string; seed: number; token: TokenTotals | null; mintsPaused?: string };
const start = async (harness: Harness, session: string): Promise<Started> => {
  const answer = await harness.app.inject({ method: 'POST', url: '/games', headers: bearer(session) });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Started;
};
const send = (harness: Harness, session: string, payload: object) =>
  harness.app.inject({ method: 'POST', url: '/games/result', headers: bearer(session), payload });
const result = (gameId: string, seed: number, durationMs = 3_600_000) => {
  const game = playRecordedGame(seed, chaseSnack, 20_000);
  return { gameId, inputs: [...game.inputs], ticks: game.ticks, durationMs, score: game.score };
};
const body = ({ score: _, ...rest }: ReturnType<typeof result>) => rest;
const gamesPlayed = async (address: string) => {
  const owned = await h.service.chain.collection.accountTokens({
    collectionId: h.service.collectionId,
    address,
  });
  if (owned.length === 0) return null;
  const token = await h.service.chain.token.get({
    collectionId: h.service.collectionId,
    tokenId: owned[0]?.tokenId ?? 0,
  });
  return Number(token.properties.find((p) => p.key === 'GamesPlayed')?.value);
};

/** A player with a token and one game on it; the clock is past that game. */
async function veteran(harness: Harness = h): Promise<{ key: TestKey; session: string; tokenId: number }> {
  const key = sr25519Key();
  const session = await signIn(harness.app, key);
  const { gameId, seed } = await start(harness, session);
  harness.clock.now += 3_600_000;
  const answer = await send(harness, session, body(result(gameId, seed)));
  expect(answer.statusCode, answer.body).toBe(200);
  return { key, session, tokenId: answer.json().token.tokenId };
}

describe('the farming bot', () => {
  it('starts 20 games at once, plays each from its seed and sends them all: at most one is applied', async () => {
    const { key, session } = await veteran();
    const before = await gamesPlayed(key.address);
    const games = await Promise.all(Array.from({ length: 20 }, () => start(h, session)));
    h.clock.now += 3_600_000;
    const answers = await Promise.all(games.map((g) => send(h, session, body(result(g.gameId, g.seed)))));
    const applied = answers.filter((a) => a.statusCode === 200);
    expect(applied.length).toBeLessThanOrEqual(1);
    for (const a of answers.filter((x) => x.statusCode !== 200))
      expect(a.json()).toMatchObject({ statusCode: 409, code: 'SnakeGameForfeited' });
    expect((await gamesPlayed(key.address)) ?? 0).toBe((before ?? 0) + applied.length);
  });

  it('sends the games of one Start and the next, overlapping, in any order: only games one after another count', async () => {
    const { key, session } = await veteran();
    const before = (await gamesPlayed(key.address)) ?? 0;
    const first = await start(h, session);
    h.clock.now += 1_000;
    const second = await start(h, session);
    h.clock.now += 3_600_000;
    // The older game first: the instance knows a later one was started, so it is over.
    const older = await send(h, session, body(result(first.gameId, first.seed)));
    expect(older.json()).toMatchObject({ code: 'SnakeGameForfeited' });
    expect((await send(h, session, body(result(second.gameId, second.seed)))).statusCode).toBe(200);
    expect(await gamesPlayed(key.address)).toBe(before + 1);
  });

  it('replays its one open game at full speed and is refused as too fast, before any replay', async () => {
    const { session } = await veteran();
    const { gameId, seed } = await start(h, session);
    const replays = h.service.checks.replays;
    const answer = await send(h, session, body(result(gameId, seed, 1)));
    expect(answer.json()).toMatchObject({ statusCode: 422, code: 'SnakeTooFast' });
    expect(answer.json().message).toMatch(/^gameId was issued \d+ ms ago/);
    expect(h.service.checks.replays).toBe(replays);
  });
});

describe('limits', () => {
  it('100 sign-ins with fresh keys from one address: 429 with Retry-After, no token, the operator pays nothing', async () => {
    // The limits as configured by default (the other tests raise them).
    const limited = await startService(h.devnet, {
      SNAKE_SESSION_SECRET: SHARED_SECRET,
      SNAKE_RATE_SIGN_IN_PER_IP: '40',
      SNAKE_RATE_SIGN_IN_PER_ADDRESS: '10',
    });
    try {
      const balance = await operatorBalance(limited);
      const tokens = (
        await limited.service.chain.collection.get({ collectionId: limited.service.collectionId })
      ).lastTokenId;
      const keys = Array.from({ length: 100 }, () => sr25519Key());
      const codes: number[] = [];
      for (const key of keys) {
        const challenge = await limited.app.inject({
          method: 'POST',
          url: '/auth/challenge',
          payload: { address: key.address },
        });
        codes.push(challenge.statusCode);
        if (challenge.statusCode === 429) {
          expect(challenge.json()).toMatchObject({ code: 'SnakeRateLimited' });
          expect(challenge.json().message).toMatch(/IP address/);
          expect(Number(challenge.headers['retry-after'])).toBeGreaterThan(0);
          continue;
        }
        const { message } = challenge.json() as { message: string };
        const session = await limited.app.inject({
          method: 'POST',
          url: '/auth/session',
          payload: { address: key.address, message, signature: key.sign(message) },
        });
        codes.push(session.statusCode);
      }
      // 40 requests an IP address a minute: 20 sign-ins (a challenge and a session each), then 429.
      expect(codes.filter((c) => c === 200)).toHaveLength(40);
      expect(codes.filter((c) => c === 429)).toHaveLength(80);
      const after = await limited.service.chain.collection.get({
        collectionId: limited.service.collectionId,
      });
      expect(after.lastTokenId).toBe(tokens);
      expect(await operatorBalance(limited)).toBe(balance);
    } finally {
      await limited.stop();
    }
  });

  it('limits one player whatever the IP, and Start and results per player', async () => {
    const limited = await startService(h.devnet, {
      SNAKE_RATE_SIGN_IN_PER_ADDRESS: '3',
      SNAKE_RATE_START_PER_ADDRESS: '2',
      SNAKE_RATE_RESULT_PER_ADDRESS: '2',
      SNAKE_TRUST_PROXY: 'true',
    });
    try {
      const key = sr25519Key();
      const challenge = (ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/auth/challenge',
          payload: { address: key.address },
          headers: { 'x-forwarded-for': ip },
        });
      const codes = [];
      for (let i = 0; i < 5; i += 1) codes.push((await challenge(`10.0.0.${i + 1}`)).statusCode);
      expect(codes).toEqual([200, 200, 200, 429, 429]);
      expect((await challenge('10.0.1.1')).json().message).toMatch(/this address/);
      const session = await signIn(limited.app, sr25519Key());
      const starts = [];
      for (let i = 0; i < 3; i += 1)
        starts.push(await limited.app.inject({ method: 'POST', url: '/games', headers: bearer(session) }));
      expect(starts.map((s) => s.statusCode)).toEqual([200, 200, 429]);
      const { gameId } = (starts[1]?.json() ?? {}) as Started;
      const sends = [];
      for (let i = 0; i < 3; i += 1)
        sends.push(await send(limited, session, { gameId, inputs: [], ticks: 1, durationMs: 1 }));
      expect(sends.map((s) => s.statusCode)).toEqual([422, 422, 429]);
      expect(sends[2]?.headers['retry-after']).toBeDefined();
    } finally {
      await limited.stop();
    }
  });
});

describe('cheap checks first', () => {
  it('refuses a 100 000-tick claim without replaying it, whatever durationMs says', async () => {
    const { session } = await veteran();
    const replays = h.service.checks.replays;
    // Each claim on a game of its own (a refused game id is answered from its refusal after that).
    for (const durationMs of [1000, MAX_GAME_TICKS * 200]) {
      const { gameId } = await start(h, session);
      h.clock.now += 60_000;
      const answer = await send(h, session, { gameId, inputs: [], ticks: MAX_GAME_TICKS, durationMs });
      expect(answer.json()).toMatchObject({ statusCode: 422, code: 'SnakeTooFast' });
    }
    expect(h.service.checks.replays).toBe(replays);
    // Claimed with its ticks' time on the service's clock, but not in durationMs: still no replay.
    const next = await start(h, session);
    h.clock.now += MAX_GAME_TICKS * 200;
    const short = await send(h, session, {
      gameId: next.gameId,
      inputs: [],
      ticks: MAX_GAME_TICKS,
      durationMs: 1000,
    });
    expect(short.json()).toMatchObject({
      code: 'SnakeTooFast',
      message: expect.stringMatching(/^durationMs/),
    });
    expect(h.service.checks.replays).toBe(replays);
  });

  it('replays a refused game id once, and answers it from the refusal after that', async () => {
    const { session, key } = await veteran();
    const { gameId, seed } = await start(h, session);
    h.clock.now += 3_600_000;
    const wrong = { ...body(result(gameId, seed)), ticks: result(gameId, seed).ticks + 1 };
    const replays = h.service.checks.replays;
    const answers = [];
    for (let i = 0; i < 10; i += 1) answers.push(await send(h, session, wrong));
    expect(h.service.checks.replays - replays).toBe(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]?.json()).toMatchObject({ statusCode: 422, code: 'SnakeReplayMismatch' });
    // The right game sent under that id afterwards is refused the same way: the id is spent.
    expect((await send(h, session, body(result(gameId, seed)))).json()).toMatchObject({
      code: 'SnakeReplayMismatch',
    });
    const before = await gamesPlayed(key.address);
    // A game applied and sent again is answered from the chain, not replayed again either.
    const next = await start(h, session);
    h.clock.now += 3_600_000;
    expect((await send(h, session, body(result(next.gameId, next.seed)))).statusCode).toBe(200);
    const again = h.service.checks.replays;
    for (let i = 0; i < 3; i += 1)
      expect((await send(h, session, body(result(next.gameId, next.seed)))).json()).toMatchObject({
        code: 'SnakeGameAlreadyRecorded',
        token: { gamesPlayed: (before ?? 0) + 1 },
      });
    expect(h.service.checks.replays).toBe(again);
  });
});

describe('secrets', () => {
  it('refuses a session and a game id forged with the key the devnet operator’s public URI used to give', async () => {
    // The devnet's defaults: operator //SnakeOperator, no SNAKE_SESSION_SECRET.
    const devnetDefaults = await startService(h.devnet);
    try {
      const key = sr25519Key();
      const old = deriveServiceKeys('derived-from-operator://SnakeOperator');
      const forged = new Sessions(old.session).issue(key.address).session;
      const me = await devnetDefaults.app.inject({ method: 'GET', url: '/me', headers: bearer(forged) });
      expect(me.json()).toMatchObject({ statusCode: 401, code: 'SnakeUnauthorized' });
      // A game id with a chosen seed, dated back 30 minutes.
      const { gameId } = new GameIds(old.game, () => devnetDefaults.clock.now - 30 * 60_000).issue({
        collectionId: devnetDefaults.service.collectionId,
        tokenId: 0,
        seed: 1,
        address: key.address,
      });
      const session = await signIn(devnetDefaults.app, key);
      const answer = await send(devnetDefaults, session, body(result(gameId, 1)));
      expect(answer.json()).toMatchObject({ statusCode: 400, code: 'SnakeBadGameId' });
    } finally {
      await devnetDefaults.stop();
    }
  });

  it('is random per start without SNAKE_SESSION_SECRET, and required for instances side by side', () => {
    const a = loadConfig({});
    const b = loadConfig({});
    expect(a.sessionSecretSource).toBe('random');
    expect(a.sessionSecret).not.toBe(b.sessionSecret);
    expect(a.sessionSecret).not.toContain('SnakeOperator');
    expect(() => loadConfig({ SNAKE_INSTANCES: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ SNAKE_INSTANCES: '2' })).toThrow(/SNAKE_SESSION_SECRET/);
    const shared = loadConfig({ SNAKE_INSTANCES: '2', SNAKE_SESSION_SECRET: 's'.repeat(32) });
    expect(shared).toMatchObject({ sessionSecret: 's'.repeat(32), sessionSecretSource: 'environment' });
    expect(() => loadConfig({ SNAKE_SESSION_SECRET: 'short' })).toThrow(/SNAKE_SESSION_SECRET/);
  });
});

describe('the operator’s money', () => {
  it('stops minting for new players once the day’s budget is spent; players with a token play on', async () => {
    const today = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000).toISOString();
    const { count } = await h.service.indexer.nfts({
      collectionIdIn: [String(h.service.collectionId)],
      createdTimestampFrom: today,
      limit: 1,
    });
    const budget = await startService(h.devnet, {
      SNAKE_SESSION_SECRET: SHARED_SECRET,
      SNAKE_DAILY_MINTS: String(count + 1),
    });
    // Instances side by side share a clock (as servers do): a game ends on one and the next starts on the other.
    budget.clock.now = h.clock.now;
    try {
      const health = async () => (await budget.app.inject({ method: 'GET', url: '/health' })).json();
      expect(await health()).toMatchObject({ mintsLeftToday: 1, mintsPaused: null });
      const newcomer = async () => {
        const session = await signIn(budget.app, sr25519Key());
        const started = await start(budget, session);
        budget.clock.now += 3_600_000;
        return { started, answer: await send(budget, session, body(result(started.gameId, started.seed))) };
      };
      const first = await newcomer();
      expect(first.started.mintsPaused).toBeUndefined();
      expect(first.answer.statusCode, first.answer.body).toBe(200);
      expect(await health()).toMatchObject({
        mintsLeftToday: 0,
        mintsPaused: expect.stringMatching(/today/),
      });
      const second = await newcomer();
      expect(second.started.mintsPaused).toMatch(/today/);
      expect(second.answer.json()).toMatchObject({ statusCode: 503, code: 'SnakeMintsPaused' });
      expect(second.answer.json().message).toMatch(/00:00 UTC/);
      const { session } = await veteran(h);
      budget.clock.now = h.clock.now;
      const game = await start(budget, session);
      budget.clock.now += 3_600_000;
      expect((await send(budget, session, body(result(game.gameId, game.seed)))).statusCode).toBe(200);
    } finally {
      await budget.stop();
    }
  });

  it('stops minting for new players below the balance floor, says so in /health; players with a token play on', async () => {
    const poor = await startService(h.devnet, {
      SNAKE_SESSION_SECRET: SHARED_SECRET,
      SNAKE_MINT_FLOOR: '999999999',
    });
    poor.clock.now = h.clock.now;
    try {
      const health = (await poor.app.inject({ method: 'GET', url: '/health' })).json();
      expect(BigInt(health.operatorBalance)).toBe(await operatorBalance(poor));
      expect(health).toMatchObject({
        mintFloor: String(999_999_999n * 10n ** 18n),
        mintsPaused: expect.stringMatching(/low on funds/),
      });
      const balance = await operatorBalance(poor);
      const session = await signIn(poor.app, sr25519Key());
      const started = await start(poor, session);
      expect(started.mintsPaused).toMatch(/low on funds/);
      poor.clock.now += 3_600_000;
      const refused = await send(poor, session, body(result(started.gameId, started.seed)));
      expect(refused.json()).toMatchObject({ statusCode: 503, code: 'SnakeMintsPaused' });
      expect(await operatorBalance(poor)).toBe(balance);
      const { session: old } = await veteran(h);
      poor.clock.now = h.clock.now;
      const game = await start(poor, old);
      poor.clock.now += 3_600_000;
      expect((await send(poor, old, body(result(game.gameId, game.seed)))).statusCode).toBe(200);
    } finally {
      await poor.stop();
    }
  });
});

describe('the leaderboard and the best game', () => {
  it('lists only players with a game; each token keeps its best game, which replays to its score', async () => {
    // A token at 0/0, as sign-ins minted them before.
    const idle = sr25519Key();
    await h.service.chain.token.mintNFTs({
      collectionId: h.service.collectionId,
      tokens: [
        {
          owner: idle.address,
          properties: [
            { key: 'TotalScore', value: '0' },
            { key: 'GamesPlayed', value: '0' },
          ],
        },
      ],
    });
    const { key, session, tokenId } = await veteran();
    const scores: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const { gameId, seed } = await start(h, session);
      h.clock.now += 3_600_000;
      const game = result(gameId, seed);
      scores.push(game.score);
      expect((await send(h, session, body(game))).statusCode).toBe(200);
    }
    const token = await h.service.chain.token.get({ collectionId: h.service.collectionId, tokenId });
    const value = token.properties.find((p) => p.key === BEST_GAME_KEY)?.value;
    const best = verifyBestGame(value);
    expect(best).not.toBeNull();
    expect(best?.score).toBeGreaterThanOrEqual(Math.max(...scores));
    await h.service.leaderboard.reload();
    const board = (
      await h.app.inject({ method: 'GET', url: `/leaderboard?limit=100&address=${key.address}` })
    ).json();
    expect(board.entries.every((e: { gamesPlayed: number }) => e.gamesPlayed > 0)).toBe(true);
    expect(board.entries.some((e: { address: string }) => e.address === idle.address)).toBe(false);
    expect(board.player).toMatchObject({ tokenId, bestScore: best?.score });
    const none = (await h.app.inject({ method: 'GET', url: `/leaderboard?address=${idle.address}` })).json();
    expect(none.player).toBeNull();
  });
});

describe('a first game whose answer was lost', () => {
  it('lands, the resend is told so with the token, and the board lists the player at once', async () => {
    const key = sr25519Key();
    const session = await signIn(h.app, key);
    const { gameId, seed } = await start(h, session);
    h.clock.now += 3_600_000;
    const players = h.service.players;
    const find = players.find.bind(players);
    // The first read that would find the minted token fails, as a dropped connection does.
    let lost = 0;
    players.find = async (address) => {
      if (lost === 0 && address === key.address && (await gamesPlayed(address)) !== null) {
        lost += 1;
        throw new SnakeHttpError('SnakeChainError', 'the connection to the chain dropped');
      }
      return find(address);
    };
    try {
      const game = result(gameId, seed);
      const first = await send(h, session, body(game));
      expect([first.statusCode, first.json().code], first.body).toEqual([502, 'SnakeChainError']);
      expect(lost).toBe(1);
      expect(await gamesPlayed(key.address)).toBe(1);
      const again = await send(h, session, body(game));
      expect([again.statusCode, again.json().code]).toEqual([409, 'SnakeGameAlreadyRecorded']);
      // No reload: the board holds what this instance read.
      const board = (
        await h.app.inject({ method: 'GET', url: `/leaderboard?limit=100&address=${key.address}` })
      ).json();
      expect(board.player).toMatchObject({ gamesPlayed: 1, totalScore: game.score, address: key.address });
    } finally {
      players.find = find;
    }
  });
});

describe('a game started while the chain is down', () => {
  it('is recorded on the player’s token once the chain is back (Start needs no chain)', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'snake-down-')), 'chain.sqlite');
    let devnet = await startDevnet({ port: 0, dbPath, instant: true });
    const port = Number(new URL(devnet.url).port);
    const alone = await startService(devnet);
    try {
      const { session, key } = await veteran(alone);
      const newcomer = sr25519Key();
      const newSession = await signIn(alone.app, newcomer);
      await devnet.stop();
      // The player's token comes from the service's leaderboard cache; a newcomer has none yet.
      const started = await start(alone, session);
      expect(started.token).toMatchObject({ owner: key.address, gamesPlayed: 1 });
      const first = await start(alone, newSession);
      expect(first.token).toBeNull();
      alone.clock.now += 3_600_000;
      const game = body(result(started.gameId, started.seed));
      const down = await send(alone, session, game);
      expect(down.json()).toMatchObject({ statusCode: 502, code: 'SnakeChainError' });
      devnet = await startDevnet({ port, dbPath, instant: true });
      const back = await send(alone, session, game);
      expect(back.json(), back.body).toMatchObject({ status: 'applied', token: { gamesPlayed: 2 } });
      expect(back.json().token.owner).toBe(key.address);
      const minted = await send(alone, newSession, body(result(first.gameId, first.seed)));
      expect(minted.json(), minted.body).toMatchObject({
        status: 'applied',
        token: { owner: newcomer.address, gamesPlayed: 1 },
      });
    } finally {
      await alone.stop();
      await devnet.stop();
    }
  });
});
