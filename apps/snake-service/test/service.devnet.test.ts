import { Sr25519Account, UniqueChain } from '@nftkit/sdk';
import { playRecordedGame, type TokenTotals } from '@nftkit/snake-protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chaseSnack } from './helpers/bots.js';
import { accountKey, ethereumKey, sr25519Key, type TestKey } from './helpers/keys.js';
import {
  bearer,
  type Harness,
  operatorBalance,
  signIn,
  startDevnetForService,
  startService,
} from './helpers/service.js';

let h: Harness;
beforeAll(async () => {
  h = await startService(await startDevnetForService());
});
afterAll(async () => {
  await h?.stop();
  await h?.devnet.stop();
});

const start = async (session: string) => {
  const answer = await h.app.inject({ method: 'POST', url: '/games', headers: bearer(session) });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { gameId: string; seed: number; token: TokenTotals | null };
};

const send = (session: string, payload: object) =>
  h.app.inject({ method: 'POST', url: '/games/result', headers: bearer(session), payload });

/** Plays the seed like a player who chases snacks; the clock moves on by the game's length. */
const play = (seed: number) => {
  const game = playRecordedGame(seed, chaseSnack, 20_000);
  expect(game.over).toBe(true);
  h.clock.now += 3_600_000;
  return { inputs: game.inputs, ticks: game.ticks, durationMs: 3_600_000, score: game.score };
};

const chainToken = async (tokenId: number) => {
  const token = await h.service.chain.token.get({ collectionId: h.service.collectionId, tokenId });
  const prop = (key: string) => token.properties.find((p) => p.key === key)?.value;
  const attributes = (token as { attributes?: { trait_type: string; value: unknown }[] }).attributes ?? [];
  const attr = (key: string) => attributes.find((a) => a.trait_type === key)?.value;
  return {
    owner: token.owner,
    totalScore: prop('TotalScore'),
    gamesPlayed: prop('GamesPlayed'),
    attributes: { totalScore: attr('TotalScore'), gamesPlayed: attr('GamesPlayed') },
  };
};

describe('the game collection', () => {
  it('is the operator’s, with admin-only score properties', async () => {
    const collection = await h.service.chain.collection.get({ collectionId: h.service.collectionId });
    expect(collection.owner).toBe(h.service.operator);
    expect(collection.name).toBe('Snake Game Collection');
    expect(collection.symbol).toBe('SNK');
    expect(collection.properties.find((p) => p.key === 'gameSymbol')?.value).toBe('SNAKE');
    const tpp = (key: string) => collection.tokenPropertyPermissions.find((t) => t.key === key)?.permission;
    for (const key of ['TotalScore', 'GamesPlayed', 'AppliedGames', 'BestGame', 'tokenData'])
      expect(tpp(key)).toEqual({ mutable: true, collectionAdmin: true, tokenOwner: false });
    const health = await h.app.inject({ method: 'GET', url: '/health' });
    expect(health.json()).toMatchObject({
      status: 'ok',
      network: 'devnet',
      collectionId: h.service.collectionId,
      operator: h.service.operator,
      mintFloor: String(100n * 10n ** 18n),
      mintsLeftToday: expect.any(Number),
      mintsPaused: null,
    });
    expect(BigInt(health.json().operatorBalance)).toBe(await operatorBalance(h));
  });

  it('is found again from the chain by a restarted service (no local file)', async () => {
    const again = await startService(h.devnet);
    try {
      expect(again.service.collectionId).toBe(h.service.collectionId);
    } finally {
      await again.stop();
    }
    const collections = await h.service.chain.collection.list({});
    expect(collections.collections.filter((c) => c.owner === h.service.operator)).toHaveLength(1);
  });
});

describe('Start', () => {
  it('mints nothing: the token comes with the first verified game, carrying it', async () => {
    const key = sr25519Key();
    const session = await signIn(h.app, key);
    const balance = await operatorBalance(h);
    const { gameId, seed, token } = await start(session);
    expect(token).toBeNull();
    expect(await operatorBalance(h)).toBe(balance);
    const me = await h.app.inject({ method: 'GET', url: '/me', headers: bearer(session) });
    expect(me.json()).toMatchObject({ token: null });
    const game = play(seed);
    const answer = await send(session, {
      gameId,
      inputs: game.inputs,
      ticks: game.ticks,
      durationMs: game.durationMs,
    });
    expect(answer.json(), answer.body).toMatchObject({
      status: 'applied',
      token: { owner: key.address, totalScore: game.score, gamesPlayed: 1 },
    });
    const owned = await h.service.chain.collection.accountTokens({
      collectionId: h.service.collectionId,
      address: key.address,
    });
    expect(owned).toHaveLength(1);
    expect(await chainToken(answer.json().token.tokenId)).toMatchObject({
      totalScore: String(game.score),
      gamesPlayed: '1',
      attributes: { totalScore: String(game.score), gamesPlayed: '1' },
    });
    // The next Start finds it.
    expect((await start(session)).token).toMatchObject({
      tokenId: answer.json().token.tokenId,
      gamesPlayed: 1,
    });
  });

  it('mints one token when a first game is sent several times at once', async () => {
    const key = sr25519Key();
    const session = await signIn(h.app, key);
    const { gameId, seed } = await start(session);
    const game = play(seed);
    const body = { gameId, inputs: game.inputs, ticks: game.ticks, durationMs: game.durationMs };
    const answers = await Promise.all([send(session, body), send(session, body), send(session, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const owned = await h.service.chain.collection.accountTokens({
      collectionId: h.service.collectionId,
      address: key.address,
    });
    expect(owned).toHaveLength(1);
  });
});

describe('a result', () => {
  let key: TestKey;
  let session: string;
  beforeAll(async () => {
    key = sr25519Key();
    session = await signIn(h.app, key);
  });

  it('is replayed and applied once: properties and attributes grow, a resend is 409 with the token', async () => {
    const { gameId, seed } = await start(session);
    const game = play(seed);
    expect(game.score).toBeGreaterThan(0);
    const first = await send(session, { gameId, ...game, score: undefined });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'applied',
      score: game.score,
      token: { totalScore: game.score, gamesPlayed: 1 },
    });
    const again = await send(session, {
      gameId,
      inputs: game.inputs,
      ticks: game.ticks,
      durationMs: game.durationMs,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'SnakeGameAlreadyRecorded',
      token: { totalScore: game.score, gamesPlayed: 1 },
    });
    const { tokenId } = first.json().token;
    expect(await chainToken(tokenId)).toMatchObject({
      totalScore: String(game.score),
      gamesPlayed: '1',
      attributes: { totalScore: String(game.score), gamesPlayed: '1' },
    });
    const me = await h.app.inject({ method: 'GET', url: '/me', headers: bearer(session) });
    expect(me.json().token).toMatchObject({ tokenId, totalScore: game.score, gamesPlayed: 1 });
  });

  it('sent twice at once is applied once', async () => {
    const { gameId, seed, token } = await start(session);
    const tokenId = token?.tokenId ?? 0;
    const before = await chainToken(tokenId);
    const game = play(seed);
    const body = { gameId, inputs: game.inputs, ticks: game.ticks, durationMs: game.durationMs };
    const answers = await Promise.all([send(session, body), send(session, body), send(session, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const after = await chainToken(tokenId);
    expect(Number(after.gamesPlayed)).toBe(Number(before.gamesPlayed) + 1);
    expect(Number(after.totalScore)).toBe(Number(before.totalScore) + game.score);
  });

  it('is planned on top of the batch in flight, sent once that landed: a token in both gets both games', async () => {
    const [a, b] = await Promise.all([signIn(h.app, sr25519Key()), signIn(h.app, sr25519Key())]);
    const body = ({ gameId, seed }: { gameId: string; seed: number }) => {
      const game = playRecordedGame(seed, chaseSnack, 20_000);
      return { gameId, inputs: game.inputs, ticks: game.ticks, durationMs: 3_600_000, score: game.score };
    };
    // Both players hold a token (their first games minted them).
    for (const session of [a, b]) {
      const first = await start(session);
      const { score: _, ...result } = body(first);
      h.clock.now += 3_600_000;
      expect((await send(session, result)).statusCode).toBe(200);
    }
    const a1 = await start(a);
    h.clock.now += 3_600_000;
    const ga1 = body(a1);
    // Hold the first batch (a's game) before it goes to the chain, until a's next game and b's wait.
    const batchAll = h.service.chain.utility.batchAll;
    const sign = batchAll.sign;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    batchAll.sign = async (...args: Parameters<typeof sign>) => {
      batchAll.sign = sign;
      await gate;
      return sign(...args);
    };
    const sent = h.batches.length;
    const first = send(a, { ...ga1, score: undefined });
    await vi.waitFor(() => expect(batchAll.sign).toBe(sign));
    // a's next game starts after the last one ended and its result came: both are a's games, one after the other.
    const [a2, b1] = [await start(a), await start(b)];
    h.clock.now += 3_600_000;
    const [ga2, gb1] = [body(a2), body(b1)];
    const rest = [send(a, { ...ga2, score: undefined }), send(b, { ...gb1, score: undefined })];
    await vi.waitFor(() => expect(h.service.writer.waiting).toBe(2));
    release();
    const answers = await Promise.all([first, ...rest]);
    for (const answer of answers) expect(answer.json(), answer.body).toMatchObject({ status: 'applied' });
    expect(h.batches.slice(sent).map((x) => [x.calls, x.overlapped])).toEqual([
      [1, false],
      [2, true],
    ]);
    const before = answers[0]?.json().token.totalScore - ga1.score;
    expect(await chainToken(a1.token?.tokenId ?? 0)).toMatchObject({
      totalScore: String(before + ga1.score + ga2.score),
      gamesPlayed: '3',
    });
    expect(answers[1]?.json().token).toMatchObject({
      totalScore: before + ga1.score + ga2.score,
      gamesPlayed: 3,
    });
    expect((await chainToken(b1.token?.tokenId ?? 0)).gamesPlayed).toBe('2');
  });

  it('is refused, and nothing written, when forged, too fast, another player’s or not the replay', async () => {
    const tokenId = (await start(session)).token?.tokenId ?? 0;
    const before = await chainToken(tokenId);
    type Case = (game: {
      gameId: string;
      inputs: readonly unknown[];
      ticks: number;
      durationMs: number;
    }) => object;
    const cases: [Case, number, string, RegExp][] = [
      [(g) => ({ ...g, ticks: g.ticks + 1 }), 422, 'SnakeReplayMismatch', /^ticks /],
      [(g) => ({ ...g, ticks: g.ticks - 1 }), 422, 'SnakeReplayMismatch', /tick/],
      [
        (g) => ({ ...g, inputs: [{ tick: g.ticks + 5, direction: 'UP' }] }),
        422,
        'SnakeReplayMismatch',
        /inputs\[0\]\.tick/,
      ],
      [(g) => ({ ...g, durationMs: 10 }), 422, 'SnakeTooFast', /durationMs/],
      [(g) => ({ ...g, gameId: g.gameId.replace(/\.\d+\./, '.7.') }), 400, 'SnakeBadGameId', /gameId/],
      [(g) => ({ ...g, gameId: `${g.gameId.slice(0, -4)}AAAA` }), 400, 'SnakeBadGameId', /gameId/],
      [
        (g) => ({ ...g, inputs: [{ tick: 0, direction: 'NORTH' }] }),
        400,
        'SnakeBadRequest',
        /^inputs\[0\]\.direction/,
      ],
      [(g) => ({ ...g, extra: 1 }), 400, 'SnakeBadRequest', /extra/],
    ];
    for (const [edit, status, code, message] of cases) {
      // Each on a game of its own: a game id once refused stays refused.
      const { gameId, seed } = await start(session);
      const game = play(seed);
      const answer = await send(
        session,
        edit({ gameId, inputs: game.inputs, ticks: game.ticks, durationMs: game.durationMs }),
      );
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json().code).toBe(code);
      expect(answer.json().message).toMatch(message);
    }
    const { gameId, seed } = await start(session);
    const game = play(seed);
    const body = { gameId, inputs: game.inputs, ticks: game.ticks, durationMs: game.durationMs };
    const stranger = await signIn(h.app, sr25519Key());
    const theirs = await send(stranger, body);
    expect(theirs.json()).toMatchObject({ statusCode: 403, code: 'SnakeNotYourGame' });
    expect(await chainToken(tokenId)).toEqual(before);
    // The honest send still works afterwards: another player cannot spoil a game id.
    expect((await send(session, body)).statusCode).toBe(200);
  });

  it('is refused when sent sooner after Start than the game takes (the service’s own clock)', async () => {
    const { gameId, seed } = await start(session);
    const game = playRecordedGame(seed, chaseSnack, 20_000);
    const answer = await send(session, {
      gameId,
      inputs: game.inputs,
      ticks: game.ticks,
      durationMs: 3_600_000,
    });
    expect(answer.json()).toMatchObject({ statusCode: 422, code: 'SnakeTooFast' });
    expect(answer.json().message).toMatch(/^gameId was issued/);
  });
});

describe('the chain', () => {
  it('refuses the token owner writing TotalScore directly (NoPermission)', async () => {
    const player = Sr25519Account.fromUri('//SnakeCheater');
    await fetch(`${h.devnet.url}/devnet/faucet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: player.address, amount: '100' }),
    });
    const session = await signIn(h.app, accountKey(player));
    const { gameId, seed } = await start(session);
    const game = play(seed);
    const { token } = (
      await send(session, { gameId, inputs: game.inputs, ticks: game.ticks, durationMs: game.durationMs })
    ).json() as { token: TokenTotals };
    const sdk = UniqueChain({ baseUrl: h.devnet.url, account: player });
    await expect(
      sdk.token.setProperties({
        collectionId: token.collectionId,
        tokenId: token.tokenId,
        properties: [{ key: 'TotalScore', value: '999999' }],
      }),
    ).rejects.toThrow(/NoPermission/);
    expect((await chainToken(token.tokenId)).totalScore).toBe(String(game.score));
  });
});

describe('a MetaMask-style player (secp256k1, no coins)', () => {
  it('signs in with personal_sign, gets a token owned by the Ethereum address, and records games', async () => {
    const key = ethereumKey();
    const balance = await h.service.chain.balance.get({ address: key.address });
    expect(balance.free).toBe('0');
    const session = await signIn(h.app, key);
    let total = 0;
    for (let i = 0; i < 2; i += 1) {
      const { gameId, seed, token } = await start(session);
      if (i > 0) expect(token?.owner.toLowerCase()).toBe(key.address.toLowerCase());
      const game = play(seed);
      total += game.score;
      const answer = await send(session, {
        gameId,
        inputs: game.inputs,
        ticks: game.ticks,
        durationMs: game.durationMs,
      });
      expect(answer.json()).toMatchObject({
        status: 'applied',
        token: { totalScore: total, gamesPlayed: i + 1 },
      });
    }
    const board = await h.app.inject({ method: 'GET', url: `/leaderboard?address=${key.address}` });
    expect(board.json().player).toMatchObject({ totalScore: total, gamesPlayed: 2 });
  });
});

describe('the leaderboard', () => {
  it('reloaded from the indexer, lists every token by TotalScore with the player’s own rank, paged', async () => {
    await h.service.leaderboard.reload();
    const all = (await h.app.inject({ method: 'GET', url: '/leaderboard?limit=100' })).json() as {
      total: number;
      entries: { rank: number; tokenId: number; totalScore: number; gamesPlayed: number; address: string }[];
    };
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(all.entries.map((e) => e.rank)).toEqual(all.entries.map((_, i) => i + 1));
    for (const [i, e] of all.entries.entries()) {
      const next = all.entries[i + 1];
      if (next) expect(e.totalScore).toBeGreaterThanOrEqual(next.totalScore);
      // What the board shows is what the chain holds.
      const chain = await chainToken(e.tokenId);
      expect([chain.totalScore, chain.gamesPlayed]).toEqual([String(e.totalScore), String(e.gamesPlayed)]);
    }
    const second = all.entries[1];
    const page = await h.app.inject({
      method: 'GET',
      url: `/leaderboard?offset=1&limit=1&address=${second?.address}`,
    });
    expect(page.json()).toMatchObject({
      total: all.total,
      entries: [second],
      player: { rank: 2, tokenId: second?.tokenId },
    });
  });
});
