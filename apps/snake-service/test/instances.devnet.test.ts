import { playRecordedGame, type TokenTotals } from '@nftkit/snake-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperatorNonce } from '../src/chain/operatorNonce.js';
import { chaseSnack } from './helpers/bots.js';
import { sr25519Key, type TestKey } from './helpers/keys.js';
import { bearer, type Harness, signIn, startDevnetForService, startService } from './helpers/service.js';

// Two instances of the service side by side, as behind a load balancer: the same operator, the same secret, the
// same devnet, nothing shared but the chain. Requests race through both; the assertions are about what the chain
// holds at the end, whichever instance won each race.
let a: Harness;
let b: Harness;
beforeAll(async () => {
  a = await startService(await startDevnetForService());
  b = await startService(a.devnet);
});
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await a?.devnet.stop();
});

const start = async (h: Harness, session: string) => {
  const answer = await h.app.inject({ method: 'POST', url: '/games', headers: bearer(session) });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { gameId: string; seed: number; token: TokenTotals };
};
const send = (h: Harness, session: string, payload: object) =>
  h.app.inject({ method: 'POST', url: '/games/result', headers: bearer(session), payload });

/** Both instances' clocks move on by an hour: every game issued so far has lasted long enough. */
const hourLater = () => {
  a.clock.now += 3_600_000;
  b.clock.now += 3_600_000;
};

const chainToken = async (tokenId: number) => {
  const token = await a.service.chain.token.get({ collectionId: a.service.collectionId, tokenId });
  const prop = (key: string) => token.properties.find((p) => p.key === key)?.value;
  return { totalScore: Number(prop('TotalScore')), gamesPlayed: Number(prop('GamesPlayed')) };
};
const tokensOf = (address: string) =>
  a.service.chain.collection.accountTokens({ collectionId: a.service.collectionId, address });

describe('two instances side by side', () => {
  it('share one game collection, and read the operator’s nonce from the chain', async () => {
    expect(b.service.collectionId).toBe(a.service.collectionId);
    // Nothing waits in the pool now, so the indexer's newest operator extrinsic and the pool-aware next index agree.
    const { nextIndex } = await a.service.chain.account.nextIndex({ address: a.service.operator });
    expect(nextIndex).toBeGreaterThan(0);
    expect(await new OperatorNonce(a.service.indexer, a.service.operator).next()).toBe(nextIndex);
  });

  it('mint one token when Start is pressed through both at once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const key = sr25519Key();
      const [sa, sb] = [await signIn(a.app, key), await signIn(b.app, key)];
      const answers = await Promise.all([start(a, sa), start(b, sb), start(a, sa), start(b, sb)]);
      expect(new Set(answers.map((x) => x.token.tokenId)).size).toBe(1);
      expect(await tokensOf(key.address)).toHaveLength(1);
    }
  });

  it('build a write again when the other instance wrote since (its nonce is taken)', async () => {
    const key = sr25519Key();
    const session = await signIn(a.app, key);
    const games: Awaited<ReturnType<typeof start>>[] = [];
    for (let i = 0; i < 3; i += 1) games.push(await start(a, session));
    hourLater();
    const tokenId = games[0]?.token.tokenId ?? 0;
    let expected = 0;
    // A, then B, then A again: A's last write was built on what A itself wrote, which B's write has changed since.
    for (const [i, h] of [a, b, a].entries()) {
      const game = games[i];
      if (!game) throw new Error('no game');
      const played = playRecordedGame(game.seed, chaseSnack, 20_000);
      expected += played.score;
      const sent = h.batches.length;
      const answer = await send(h, session, {
        gameId: game.gameId,
        inputs: [...played.inputs],
        ticks: played.ticks,
        durationMs: 3_600_000,
      });
      expect(answer.json()).toMatchObject({
        status: 'applied',
        token: { totalScore: expected, gamesPlayed: i + 1 },
      });
      // A's second write went out at the nonce A knew, which B's write had used: refused, then built again.
      if (i === 2) expect(h.batches.slice(sent).map((x) => x.tries)).toEqual([2]);
    }
    expect(await chainToken(tokenId)).toEqual({ totalScore: expected, gamesPlayed: 3 });
  });

  it('apply every result of players sending through both exactly once, with the right totals', async () => {
    const players: { key: TestKey; session: string; tokenId: number }[] = [];
    for (let i = 0; i < 3; i += 1) {
      const key = sr25519Key();
      const session = await signIn(a.app, key);
      players.push({ key, session, tokenId: (await start(a, session)).token.tokenId });
    }
    // Six games each, issued alternately by the two instances.
    const games: {
      p: (typeof players)[number];
      i: number;
      gameId: string;
      played: ReturnType<typeof playRecordedGame>;
    }[] = [];
    for (const p of players)
      for (let i = 0; i < 6; i += 1) {
        const { gameId, seed } = await start(i % 2 === 0 ? a : b, p.session);
        const played = playRecordedGame(seed, chaseSnack, 20_000);
        expect(played.over).toBe(true);
        games.push({ p, i, gameId, played });
      }
    hourLater();
    const body = (g: (typeof games)[number]) => ({
      gameId: g.gameId,
      inputs: [...g.played.inputs],
      ticks: g.played.ticks,
      durationMs: 3_600_000,
    });
    // All at once: each player's games alternate between the instances, so both write every token.
    const answers = await Promise.all(games.map((g) => send(g.i % 2 === 0 ? b : a, g.p.session, body(g))));
    for (const answer of answers) expect(answer.json()).toMatchObject({ status: 'applied' });
    for (const p of players) {
      const mine = games.filter((g) => g.p === p);
      expect(await chainToken(p.tokenId)).toEqual({
        totalScore: mine.reduce((n, g) => n + g.played.score, 0),
        gamesPlayed: mine.length,
      });
    }
    // Sent again through the other instance: every game is already recorded, nothing changes.
    const again = await Promise.all(games.map((g) => send(g.i % 2 === 0 ? a : b, g.p.session, body(g))));
    for (const answer of again) expect(answer.json()).toMatchObject({ code: 'SnakeGameAlreadyRecorded' });
    for (const p of players) expect((await chainToken(p.tokenId)).gamesPlayed).toBe(6);
  });

  it('take a sign-in challenge once: used at one, refused at the other', async () => {
    const key = sr25519Key();
    // A player without a token (minted with the record of the challenge) and one with a token (recorded on it).
    for (let round = 0; round < 2; round += 1) {
      const challenge = await a.app.inject({
        method: 'POST',
        url: '/auth/challenge',
        payload: { address: key.address },
      });
      const { message } = challenge.json() as { message: string };
      const payload = { address: key.address, message, signature: key.sign(message) };
      const first = await a.app.inject({ method: 'POST', url: '/auth/session', payload });
      expect(first.statusCode, first.body).toBe(200);
      const replay = await b.app.inject({ method: 'POST', url: '/auth/session', payload });
      expect(replay.json()).toMatchObject({ statusCode: 409, code: 'SnakeChallengeUsed' });
    }
    expect(await tokensOf(key.address)).toHaveLength(1);
  });

  it('open one session when one challenge is sent to both at once', async () => {
    for (const hasToken of [false, true]) {
      const key = sr25519Key();
      if (hasToken) await signIn(a.app, key);
      const challenge = await b.app.inject({
        method: 'POST',
        url: '/auth/challenge',
        payload: { address: key.address },
      });
      const { message } = challenge.json() as { message: string };
      const payload = { address: key.address, message, signature: key.sign(message) };
      const answers = await Promise.all(
        [a, b, a, b].map((h) => h.app.inject({ method: 'POST', url: '/auth/session', payload })),
      );
      expect(answers.map((x) => x.statusCode).sort()).toEqual([200, 409, 409, 409]);
      expect(await tokensOf(key.address)).toHaveLength(1);
    }
  });
});
