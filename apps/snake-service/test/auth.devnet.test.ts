import { CHALLENGE_TTL_MS, SESSION_TTL_MS } from '@nftkit/snake-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ed25519Key, ethereumKey, sr25519Key, substrateEcdsaKey } from './helpers/keys.js';
import { bearer, type Harness, signIn, startDevnetForService, startService } from './helpers/service.js';

const SECRET = '//SnakeAuthTestOperator';
let h: Harness;
const lines: string[] = [];
beforeAll(async () => {
  h = await startService(await startDevnetForService(), { SNAKE_OPERATOR_SEED: SECRET });
  const write = process.stdout.write.bind(process.stdout);
  // Everything the service prints from here on is checked for the secret.
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    lines.push(String(chunk));
    return write(chunk, ...rest);
  }) as typeof process.stdout.write;
});
afterAll(async () => {
  await h?.stop();
  await h?.devnet.stop();
});

const challenge = async (address: string, headers: Record<string, string> = {}) => {
  const answer = await h.app.inject({
    method: 'POST',
    url: '/auth/challenge',
    payload: { address },
    headers,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { message: string; expiresAt: string };
};
const session = (payload: object) => h.app.inject({ method: 'POST', url: '/auth/session', payload });

describe('sign-in', () => {
  it.each([
    ['sr25519', sr25519Key()],
    ['ed25519', ed25519Key()],
    ['ecdsa', substrateEcdsaKey()],
    ['Ethereum personal_sign', ethereumKey()],
  ])(
    'works with a real %s key, and the session opens /me (no token minted: signing in costs nothing)',
    async (_name, key) => {
      const token = await signIn(h.app, key);
      const me = await h.app.inject({ method: 'GET', url: '/me', headers: bearer(token) });
      expect(me.json()).toEqual({ address: key.address, token: null });
    },
  );

  it('names the page’s origin and the chain in the EIP-4361 text', async () => {
    const key = ethereumKey();
    const { message, expiresAt } = await challenge(key.address, { origin: 'http://localhost:5173' });
    expect(message).toMatch(/^localhost:5173 wants you to sign in with your Ethereum account:\n0x/);
    expect(message).toContain('\nURI: http://localhost:5173\n');
    expect(message).toContain('\nChain ID: 8884\n');
    expect(Date.parse(expiresAt) - h.clock.now).toBe(CHALLENGE_TTL_MS);
  });

  it('refuses an origin the service does not serve', async () => {
    const answer = await h.app.inject({
      method: 'POST',
      url: '/auth/challenge',
      payload: { address: sr25519Key().address },
      headers: { origin: 'https://evil.example' },
    });
    expect(answer.json()).toMatchObject({ statusCode: 400, code: 'SnakeBadRequest' });
    expect(answer.json().message).toMatch(/origin/);
  });

  it('a challenge works once', async () => {
    const key = sr25519Key();
    const { message } = await challenge(key.address);
    const signature = key.sign(message);
    expect((await session({ address: key.address, message, signature })).statusCode).toBe(200);
    const replay = await session({ address: key.address, message, signature });
    expect(replay.json()).toMatchObject({ statusCode: 409, code: 'SnakeChallengeUsed' });
  });

  it('a challenge expires', async () => {
    const key = sr25519Key();
    const { message } = await challenge(key.address);
    h.clock.now += CHALLENGE_TTL_MS + 1;
    const late = await session({ address: key.address, message, signature: key.sign(message) });
    expect(late.json()).toMatchObject({ statusCode: 401, code: 'SnakeChallengeExpired' });
  });

  it('refuses a forged or edited challenge, another address’s, and a bad signature', async () => {
    const key = sr25519Key();
    const other = sr25519Key();
    const { message } = await challenge(key.address);
    const edited = message.replace(/Expiration Time: .*/, 'Expiration Time: 2099-01-01T00:00:00.000Z');
    const cases: [object, number, string, RegExp][] = [
      [
        { address: key.address, message: edited, signature: key.sign(edited) },
        400,
        'SnakeBadChallenge',
        /^message/,
      ],
      [
        { address: other.address, message, signature: other.sign(message) },
        400,
        'SnakeBadChallenge',
        /address/,
      ],
      [
        { address: key.address, message, signature: other.sign(message) },
        401,
        'SnakeBadSignature',
        /^signature/,
      ],
      [
        { address: key.address, message: 'hello', signature: key.sign('hello') },
        400,
        'SnakeBadChallenge',
        /^message/,
      ],
      [{ address: key.address, message, signature: 'zz' }, 400, 'SnakeBadRequest', /^signature/],
    ];
    for (const [payload, status, code, text] of cases) {
      const answer = await session(payload);
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json().code).toBe(code);
      expect(answer.json().message).toMatch(text);
    }
    // None of the refusals spent the challenge.
    expect((await session({ address: key.address, message, signature: key.sign(message) })).statusCode).toBe(
      200,
    );
  });

  it('a session expires, and a forged one is refused', async () => {
    const key = sr25519Key();
    const token = await signIn(h.app, key);
    const forged = `${Buffer.from(JSON.stringify({ a: sr25519Key().address, e: h.clock.now + 1e9 })).toString('base64url')}.${token.split('.')[1]}`;
    for (const header of [bearer(forged), { authorization: 'Basic x' }, {}]) {
      const answer = await h.app.inject({ method: 'GET', url: '/me', headers: header });
      expect(answer.json()).toMatchObject({ statusCode: 401, code: 'SnakeUnauthorized' });
      expect(answer.json().message).toMatch(/^authorization/);
    }
    h.clock.now += SESSION_TTL_MS + 1;
    const late = await h.app.inject({ method: 'GET', url: '/me', headers: bearer(token) });
    expect(late.json()).toMatchObject({ statusCode: 401, code: 'SnakeUnauthorized' });
  });
});

describe('bad input', () => {
  const post = (url: string, payload: string, contentType = 'application/json') =>
    h.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

  it('answers 4xx naming the field, in the contract’s shape', async () => {
    const cases: [
      Promise<{ statusCode: number; json(): { code: string; message: string } }>,
      number,
      string,
      RegExp,
    ][] = [
      [post('/auth/challenge', '{"address":'), 400, 'SnakeBadRequest', /JSON/],
      [post('/auth/challenge', '{}'), 400, 'SnakeBadRequest', /^address/],
      [post('/auth/challenge', '{"address":"5Grw"}'), 400, 'SnakeBadAddress', /^address/],
      // Right alphabet and length, wrong checksum.
      [
        post('/auth/challenge', `{"address":"5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQZ"}`),
        400,
        'SnakeBadAddress',
        /^address/,
      ],
      [post('/auth/challenge', 'address=1', 'text/plain'), 400, 'SnakeBadRequest', /content-type/],
      [
        post('/auth/challenge', JSON.stringify({ address: 'x'.repeat(2_000_000) })),
        413,
        'SnakeBodyTooLarge',
        /body/,
      ],
      [h.app.inject({ method: 'GET', url: '/leaderboard?limit=1000' }), 400, 'SnakeBadRequest', /^limit/],
      [h.app.inject({ method: 'GET', url: '/leaderboard?offset=-1' }), 400, 'SnakeBadRequest', /^offset/],
      [h.app.inject({ method: 'GET', url: '/leaderboard?address=nope' }), 400, 'SnakeBadAddress', /^address/],
      [h.app.inject({ method: 'GET', url: '/nope' }), 404, 'SnakeNotFound', /nope/],
    ];
    for (const [pending, status, code, text] of cases) {
      const answer = await pending;
      expect(answer.statusCode).toBe(status);
      expect(answer.json()).toMatchObject({ statusCode: status, code });
      expect(answer.json().message).toMatch(text);
    }
  });

  it('bounds the number of recorded turns before replaying', async () => {
    const token = await signIn(h.app, sr25519Key());
    const inputs = Array.from({ length: 20_001 }, () => ({ tick: 0, direction: 'UP' }));
    const answer = await h.app.inject({
      method: 'POST',
      url: '/games/result',
      headers: bearer(token),
      payload: { gameId: 'g1.1.1.1.1.x', inputs, ticks: 1, durationMs: 1000 },
    });
    expect(answer.json()).toMatchObject({ statusCode: 400, code: 'SnakeTooManyInputs' });
    expect(answer.json().message).toMatch(/^inputs/);
  });
});

describe('the operator’s secret', () => {
  it('appears in no answer and no log line', async () => {
    const key = ethereumKey();
    const token = await signIn(h.app, key);
    const answers = await Promise.all(
      ['/health', '/config', '/me', '/leaderboard', '/nope'].map((url) =>
        h.app.inject({ method: 'GET', url, headers: bearer(token) }),
      ),
    );
    answers.push(await h.app.inject({ method: 'POST', url: '/games', headers: bearer(token) }));
    for (const answer of answers) expect(answer.body).not.toContain('SnakeAuthTestOperator');
    expect(lines.join('')).not.toContain('SnakeAuthTestOperator');
  });
});
