import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AbortError,
  ApiError,
  BaseError,
  ConnectionRefusedError,
  ExtrinsicNotFoundError,
  InputValidationError,
  NoSignerAddressError,
  NoSignerError,
  Sr25519Account,
  UniqueChain,
  UniqueIndexer,
} from '../src/index.js';
import { startServer, type TestServer } from './helpers/httpServer.js';
import { makeBuildAnswer } from './helpers/payload.js';

const alice = Sr25519Account.fromUri('//Alice');
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const sdk = () => UniqueChain({ baseUrl: server.url, account: alice, statusOptions: { timeout: 5 } });
const fail = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('should have failed'),
    (e: unknown) => e,
  );

describe('ApiError', () => {
  it('has the spec message, the body as data and the field issues as zodError', async () => {
    const body = {
      error: 'Validation Error: ',
      zodError: { issues: [{ code: 'custom', message: 'Invalid input', path: ['address'] }] },
    };
    server.handle(() => ({ status: 400, body }));
    const error = (await fail(sdk().balance.get({ address: alice.address }))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(BaseError);
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe(`Server responded with Error 400 - Bad Request: ${JSON.stringify(body)}`);
    expect(error.data).toEqual(body);
    expect(error.isApiError).toBe(true);
    expect(ApiError.isApiError(error)).toBe(true);
    expect(ApiError.isApiError(new Error('x'))).toBe(false);
    expect(error.status).toBe(400);
    expect(error.code).toBe('API_ERROR');
    expect(error.issues).toEqual(body.zodError.issues);
    expect(error.zodError?.issues[0]?.path).toEqual(['address']);
  });

  it('does not crash on a null body (the real client throws a TypeError)', async () => {
    server.handle(() => ({ status: 500, raw: 'null' }));
    const error = (await fail(sdk().balance.get({ address: alice.address }))) as ApiError;
    expect(error.message).toBe('Server responded with Error 500 - Internal Server Error: null');
    expect(error.data).toBeNull();
    expect(error.zodError).toBeNull();
    expect(error.issues).toEqual([]);
  });

  it('keeps an empty or text body as is', async () => {
    server.handle(() => ({ status: 502, raw: '' }));
    const empty = (await fail(sdk().balance.get({ address: alice.address }))) as ApiError;
    expect(empty.message).toBe('Server responded with Error 502 - Bad Gateway: ');
    expect(empty.data).toBe('');
    server.handle(() => ({ status: 503, raw: 'upstream down', headers: { 'content-type': 'text/plain' } }));
    const text = (await fail(sdk().balance.get({ address: alice.address }))) as ApiError;
    expect(text.message).toBe('Server responded with Error 503 - Service Unavailable: upstream down');
    expect(text.data).toBe('upstream down');
  });

  it('ignores a malformed zodError instead of crashing', async () => {
    server.handle(() => ({ status: 400, body: { error: 'x', zodError: null } }));
    const error = (await fail(sdk().balance.get({ address: alice.address }))) as ApiError;
    expect(error.zodError).toBeNull();
    expect(error.issues).toEqual([]);
  });

  it('reports build, submit and indexer failures the same way', async () => {
    server.handle(() => ({ status: 409, body: { error: 'nonce too low' } }));
    const build = (await fail(sdk().balance.transfer({ to: alice.address, amount: '1' }))) as ApiError;
    expect(build.message).toBe('Server responded with Error 409 - Conflict: {"error":"nonce too low"}');
    const indexer = (await fail(
      UniqueIndexer({ baseUrl: server.url }).block({ hashOrNumber: 1 }),
    )) as ApiError;
    expect(indexer).toBeInstanceOf(ApiError);
  });
});

describe('connection errors', () => {
  it('ConnectionRefusedError when nothing listens', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const chain = UniqueChain({ baseUrl: `http://127.0.0.1:${port}/v2`, account: alice });
    const error = (await fail(chain.balance.get({ address: alice.address }))) as ConnectionRefusedError;
    expect(error).toBeInstanceOf(ConnectionRefusedError);
    expect(error.message).toBe('Connection to the server refused, please check the server URL.');
    expect(error.code).toBe('CONNECTION_REFUSED');
  });
});

describe('every client error is a typed Error subclass with a stable code', () => {
  it.each([
    [new NoSignerAddressError(), 'NO_SIGNER_ADDRESS', 'No signer address provided.'],
    [new NoSignerError(), 'NO_SIGNER', 'No signer provided.'],
    [
      new ExtrinsicNotFoundError({ hash: '0x', retries: 15, timeout: 3000 }),
      'EXTRINSIC_NOT_FOUND',
      'Extrinsic not found in 45.00s.',
    ],
    [
      new ExtrinsicNotFoundError({ hash: '0x', retries: 1, timeout: 1 }),
      'EXTRINSIC_NOT_FOUND',
      'Extrinsic not found in 0.00s.',
    ],
  ])('%s', (error, code, message) => {
    expect(error).toBeInstanceOf(BaseError);
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
    expect(error.name).toBe(error.constructor.name);
  });

  it('query input validation throws InputValidationError, with the zod tree from format()', async () => {
    server.handle(() => ({ body: {} }));
    const error = (await fail(sdk().token.get({ collectionId: 1, tokenId: 0 }))) as InputValidationError;
    expect(error).toBeInstanceOf(InputValidationError);
    expect(error.format()).toMatchObject({ tokenId: { _errors: [expect.any(String)] } });
    expect(server.requests).toHaveLength(0);
  });
});

describe('AbortSignal', () => {
  it('an aborted signal stops a query before it is sent', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await fail(sdk().balance.get({ address: alice.address }, { signal: controller.signal }));
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).name).toBe('AbortError');
    expect(server.requests).toHaveLength(0);
  });

  it('aborts a request in flight', async () => {
    server.handle(() => ({ body: {}, delayMs: 5_000 }));
    const controller = new AbortController();
    const pending = fail(sdk().balance.get({ address: alice.address }, { signal: controller.signal }));
    setTimeout(() => controller.abort(new Error('user left')), 50);
    const error = (await pending) as AbortError;
    expect(error).toBeInstanceOf(AbortError);
    expect((error.cause as Error).message).toBe('user left');
  });

  it('aborts a write while it sleeps between status polls', async () => {
    server.handle((request) => {
      if (request.path.endsWith('/build'))
        return { body: makeBuildAnswer({ address: alice.address, method: '0x3d00' }) };
      if (request.path.endsWith('/submit')) return { body: { hash: `0x${'aa'.repeat(32)}` } };
      return { status: 404 };
    });
    const controller = new AbortController();
    const pending = fail(
      sdk().balance.transfer({ to: alice.address, amount: '1' }, undefined, undefined, {
        timeout: 60_000,
        signal: controller.signal,
      }),
    );
    while (!server.requests.some((r) => r.path.includes('/status/')))
      await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    expect(await pending).toBeInstanceOf(AbortError);
    expect(server.requests.filter((r) => r.path.includes('/status/'))).toHaveLength(1);
  });

  it('the client-wide signal in statusOptions aborts polling too', async () => {
    server.handle(() => ({ status: 404 }));
    const controller = new AbortController();
    const chain = UniqueChain({
      baseUrl: server.url,
      statusOptions: { timeout: 60_000, signal: controller.signal },
    });
    const pending = fail(
      chain.token.setProperties.getStatus('/token/properties/set', `0x${'aa'.repeat(32)}`),
    );
    setTimeout(() => controller.abort(), 30);
    expect(await pending).toBeInstanceOf(AbortError);
  });
});
