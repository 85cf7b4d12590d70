import { playRecordedGame, type TokenTotals } from '@nftkit/snake-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperatorNonce } from '../src/chain/operatorNonce.js';
import { chaseSnack } from './helpers/bots.js';
import { sr25519Key } from './helpers/keys.js';
import {
  bearer,
  type Harness,
  SHARED_SECRET,
  signIn,
  startDevnetForService,
  startService,
} from './helpers/service.js';

// Two instances of the service side by side, as behind a load balancer: the same operator, the same secret, the
// same devnet, nothing shared but the chain. Requests race through both; the assertions are about what the chain
// holds at the end, whichever instance won each race.
let a: Harness;
let b: Harness;
beforeAll(async () => {
  a = await startService(await startDevnetForService(), { SNAKE_SESSION_SECRET: SHARED_SECRET });
  b = await startService(a.devnet, { SNAKE_SESSION_SECRET: SHARED_SECRET });
});
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await a?.devnet.stop();
});

const start = async (h: Harness, session: string) => {
  const answer = await h.app.inject({ method: 'POST', url: '/games', headers: bearer(session) });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { gameId: string; seed: number; token: TokenTotals | null };
};
const send = (h: Harness, session: string, payload: object) =>
  h.app.inject({ method: 'POST', url: '/games/result', headers: bearer(session), payload });

/** Both instances' clocks move on by an hour: every game issued so far has lasted long enough. */
const hourLater = () => {
  a.clock.now += 3_600_000;
  b.clock.now += 3_600_000;
};

/** The bot's game from a Start's seed, as the page sends its result, and its score. */
const played = (g: { gameId: string; seed: number }) => {
  const game = playRecordedGame(g.seed, chaseSnack, 20_000);
  const body = { gameId: g.gameId, inputs: [...game.inputs], ticks: game.ticks, durationMs: 3_600_000 };
  return { body, score: game.score };
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

  it('mint one token when a first game is sent through both at once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const key = sr25519Key();
      const session = await signIn(a.app, key);
      const game = await start(a, session);
      hourLater();
      const { body } = played(game);
      const answers = await Promise.all([a, b, a, b].map((h) => send(h, session, body)));
      expect(answers.map((x) => x.statusCode).sort()).toEqual([200, 409, 409, 409]);
      expect(await tokensOf(key.address)).toHaveLength(1);
    }
  });

  it('record one game of a farming bot that starts 20 games through both and sends each through the other', async () => {
    const key = sr25519Key();
    const session = await signIn(a.app, key);
    const games = await Promise.all(Array.from({ length: 20 }, (_, i) => start(i % 2 ? a : b, session)));
    hourLater();
    const answers = await Promise.all(games.map((g, i) => send(i % 2 ? b : a, session, played(g).body)));
    const applied = answers.filter((x) => x.statusCode === 200);
    expect(applied.length).toBeLessThanOrEqual(1);
    for (const x of answers.filter((y) => y.statusCode !== 200))
      expect(x.json()).toMatchObject({ code: 'SnakeGameForfeited' });
    const tokens = await tokensOf(key.address);
    expect(tokens.length).toBe(applied.length);
    if (tokens[0]) expect((await chainToken(tokens[0].tokenId)).gamesPlayed).toBe(1);
  });

  it('refuse a game that overlapped a recorded one, though the instance it is sent to never saw the later Start', async () => {
    const { session, tokenId } = await (async () => {
      const key = sr25519Key();
      const signed = await signIn(a.app, key);
      const first = await start(a, signed);
      hourLater();
      const answer = await send(a, signed, played(first).body);
      return { session: signed, tokenId: answer.json().token.tokenId as number };
    })();
    const older = await start(a, session);
    a.clock.now += 1000;
    b.clock.now += 1000;
    const newer = await start(b, session);
    hourLater();
    const body = (g: { gameId: string; seed: number }) => played(g).body;
    // Instance A saw only the older Start: the newer game, sent to it, is recorded; then the older one is not.
    expect((await send(a, session, body(newer))).statusCode).toBe(200);
    expect((await send(a, session, body(older))).json()).toMatchObject({
      statusCode: 409,
      code: 'SnakeGameForfeited',
    });
    expect((await chainToken(tokenId)).gamesPlayed).toBe(2);
  });

  it('show a game on the board of the instance that was told it landed, though the other wrote it', async () => {
    const key = sr25519Key();
    const session = await signIn(a.app, key);
    const first = await start(a, session);
    hourLater();
    const play = (g: { gameId: string; seed: number }) => played(g).body;
    expect((await send(a, session, play(first))).statusCode).toBe(200);
    const second = await start(a, session);
    hourLater();
    const written = (await send(a, session, play(second))).json().token as TokenTotals;
    expect(written.gamesPlayed).toBe(2);
    // B reloads its board every ten minutes here: what it shows of the player now came from its own reads.
    const board = () => b.app.inject({ method: 'GET', url: `/leaderboard?address=${key.address}` });
    expect((await board()).json().player).toBeNull();
    // The page lost A's answer and sends again through B: B reads the token, answers 409 and shows the games.
    const again = await send(b, session, play(second));
    expect([again.statusCode, again.json().code]).toEqual([409, 'SnakeGameAlreadyRecorded']);
    expect((await board()).json().player).toMatchObject({ tokenId: written.tokenId, gamesPlayed: 2 });
  });

  it('build a write again when the other instance wrote since (its nonce is taken)', async () => {
    const key = sr25519Key();
    const session = await signIn(a.app, key);
    let expected = 0;
    let tokenId = 0;
    // A, then B, then A again: A's last write was built on what A itself wrote, which B's write has changed since.
    for (const [i, h] of [a, b, a].entries()) {
      const game = await start(a, session);
      hourLater();
      const { body, score } = played(game);
      expected += score;
      const sent = h.batches.length;
      const answer = await send(h, session, body);
      expect(answer.json()).toMatchObject({
        status: 'applied',
        token: { totalScore: expected, gamesPlayed: i + 1 },
      });
      tokenId = answer.json().token.tokenId;
      // A's second write went out at the nonce A knew, which B's write had used: refused, then built again.
      if (i === 2) expect(h.batches.slice(sent).map((x) => x.tries)).toEqual([2]);
    }
    expect(await chainToken(tokenId)).toEqual({ totalScore: expected, gamesPlayed: 3 });
  });

  it('apply every result of players sending through both exactly once, with the right totals', async () => {
    const players: { session: string; tokenId: number; score: number; games: number }[] = [];
    for (let i = 0; i < 3; i += 1)
      players.push({ session: await signIn(a.app, sr25519Key()), tokenId: 0, score: 0, games: 0 });
    // Rounds of one game per player, started through one instance, sent through both at once (twice each): every
    // game lands once whichever instance wins, on tokens both instances write.
    for (let round = 0; round < 4; round += 1) {
      const games = await Promise.all(
        players.map(async (p) => ({ p, game: await start(round % 2 ? a : b, p.session) })),
      );
      hourLater();
      const sends = games.flatMap(({ p, game }) => {
        const { body, score } = played(game);
        p.score += score;
        p.games += 1;
        return [send(a, p.session, body), send(b, p.session, body)].map(async (x) => ({
          p,
          answer: await x,
        }));
      });
      for (const { p, answer } of await Promise.all(sends)) {
        expect([200, 409]).toContain(answer.statusCode);
        if (answer.statusCode === 409)
          expect(answer.json()).toMatchObject({ code: 'SnakeGameAlreadyRecorded' });
        p.tokenId = answer.json().token.tokenId;
      }
    }
    for (const p of players)
      expect(await chainToken(p.tokenId)).toEqual({ totalScore: p.score, gamesPlayed: p.games });
  });
});
