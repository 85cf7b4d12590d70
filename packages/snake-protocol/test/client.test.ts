import { describe, expect, it } from 'vitest';
import { createSnakeServiceClient, SnakeServiceError } from '../src/index.js';

const token = {
  collectionId: 1,
  tokenId: 2,
  owner: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  totalScore: 5,
  gamesPlayed: 1,
};

type Seen = { url: string; init: RequestInit | undefined };
const fakeFetch = (status: number, body: unknown, seen: Seen[] = []): typeof fetch =>
  (async (url: string | URL | Request, init?: RequestInit) => {
    seen.push({ url: String(url), init });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  }) as typeof fetch;

describe('createSnakeServiceClient', () => {
  it('sends the session as a bearer token and the result as JSON, and checks the answer', async () => {
    const seen: Seen[] = [];
    const client = createSnakeServiceClient(
      'http://svc/',
      fakeFetch(200, { status: 'applied', score: 3, token }, seen),
    );
    const answer = await client.sendResult('sess', { gameId: 'g', inputs: [], ticks: 4, durationMs: 800 });
    expect(answer.token).toEqual(token);
    expect(seen[0]?.url).toBe('http://svc/games/result');
    expect(seen[0]?.init?.method).toBe('POST');
    expect((seen[0]?.init?.headers as Record<string, string> | undefined)?.authorization).toBe('Bearer sess');
    expect(JSON.parse(String(seen[0]?.init?.body))).toEqual({
      gameId: 'g',
      inputs: [],
      ticks: 4,
      durationMs: 800,
    });
  });

  it('builds the leaderboard query', async () => {
    const seen: Seen[] = [];
    const client = createSnakeServiceClient(
      'http://svc',
      fakeFetch(200, { total: 0, entries: [], player: null }, seen),
    );
    await client.leaderboard({ offset: 20, limit: 10, address: token.owner });
    expect(seen[0]?.url).toBe(`http://svc/leaderboard?offset=20&limit=10&address=${token.owner}`);
  });

  it('throws a typed error with the code and, for an already recorded game, the token', async () => {
    const body = {
      statusCode: 409,
      code: 'SnakeGameAlreadyRecorded',
      error: 'Conflict',
      message: 'gameId was already recorded',
      token,
    };
    const client = createSnakeServiceClient('http://svc', fakeFetch(409, body));
    const error = await client
      .sendResult('s', { gameId: 'g', inputs: [], ticks: 0, durationMs: 0 })
      .catch((e) => e);
    expect(error).toBeInstanceOf(SnakeServiceError);
    expect(error).toMatchObject({
      status: 409,
      code: 'SnakeGameAlreadyRecorded',
      token,
      alreadyRecorded: true,
      retryable: false,
    });
  });

  it('reports an unreachable service as status 0, retryable', async () => {
    const client = createSnakeServiceClient('http://svc', (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch);
    const error = await client.health().catch((e) => e);
    expect(error).toMatchObject({ status: 0, code: 'SnakeServiceUnreachable', retryable: true });
    expect(error.message).toContain('fetch failed');
  });

  it('refuses an answer that is not the contract', async () => {
    const client = createSnakeServiceClient('http://svc', fakeFetch(200, { status: 'ok' }));
    await expect(client.health()).rejects.toMatchObject({ status: 0, code: 'SnakeServiceUnreachable' });
  });
});
