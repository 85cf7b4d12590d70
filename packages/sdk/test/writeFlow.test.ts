import { decodeSubstrateAddress, hexToBytes, signerPayloadToSignBytes } from '@nftkit/primitives';
import * as sr25519 from '@scure/sr25519';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  InputValidationError,
  InvalidBuildAnswerError,
  NoSignerAddressError,
  NoSignerError,
  Sr25519Account,
  UniqueChain,
} from '../src/index.js';
import { startServer, type TestServer } from './helpers/httpServer.js';
import { makeBuildAnswer } from './helpers/payload.js';

const alice = Sr25519Account.fromUri('//Alice');
const bob = Sr25519Account.fromUri('//Bob');
const HASH = `0x${'cd'.repeat(32)}`;
const RESULT = {
  collectionId: 42,
  tokenId: 1,
  properties: [{ key: 'score', value: '120', valueHex: '0x313230' }],
};
const EXTRINSIC = {
  hash: HASH,
  signer: alice.address,
  section: 'unique',
  method: 'setTokenProperties',
  args: {},
  events: [],
  groupedEvents: {},
  blockHash: HASH,
  blockNumber: '100',
};

let server: TestServer;
let statusReplies: { status: number; body?: unknown }[];
let verified: boolean[];

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  statusReplies = [
    { status: 404, body: { error: 'not yet' } },
    { status: 200, body: { result: RESULT, extrinsic: EXTRINSIC } },
  ];
  verified = [];
  server.handle((request) => {
    if (request.path.endsWith('/build')) {
      const { options } = request.body as { options: { signerAddress: string; nonce?: number } };
      return {
        body: makeBuildAnswer({
          address: options.signerAddress,
          method: '0x3d0011',
          nonce: options.nonce ?? 0,
        }),
      };
    }
    if (request.path === '/v2/opal/extrinsics/submit') {
      const { signerPayloadJSON, signature } = request.body as {
        signerPayloadJSON: never;
        signature: string;
      };
      const ok = sr25519.verify(
        signerPayloadToSignBytes(signerPayloadJSON),
        hexToBytes(signature).slice(1),
        decodeSubstrateAddress((signerPayloadJSON as { address: string }).address),
      );
      verified.push(ok);
      return ok ? { body: { hash: HASH } } : { status: 400, body: { error: 'Bad signature' } };
    }
    if (request.path.includes('/status/'))
      return statusReplies.shift() ?? { status: 500, body: { error: 'too many polls' } };
    return { status: 404, body: { error: 'unexpected' } };
  });
});

const sdk = (account: typeof alice | null = alice) =>
  UniqueChain({
    baseUrl: `${server.url}/v2/opal`,
    ...(account ? { account } : {}),
    statusOptions: { timeout: 10 },
  });

describe('the write flow', () => {
  it('builds with the parsed args, signs validly, submits only JSON + signature, polls R/status', async () => {
    const { result, extrinsicOutput } = await sdk().token.setProperties({
      collectionId: '42' as never,
      tokenId: 1,
      properties: [{ key: 'score', value: '120' }],
    });
    expect(result).toEqual(RESULT);
    expect(extrinsicOutput).toEqual(EXTRINSIC);
    const [build, submit, miss, hit] = server.requests;
    expect(server.requests).toHaveLength(4);
    expect(build!.method).toBe('POST');
    expect(build!.path).toBe('/v2/opal/token/properties/set/build');
    expect(build!.headers['content-type']).toBe('application/json');
    expect(build!.body).toEqual({
      args: { collectionId: 42, tokenId: 1, properties: [{ key: 'score', value: '120' }] },
      options: { signerAddress: alice.address },
    });
    expect(submit!.path).toBe('/v2/opal/extrinsics/submit');
    expect(Object.keys(submit!.body as object).sort()).toEqual(['signature', 'signerPayloadJSON']);
    expect((submit!.body as { signature: string }).signature).toMatch(/^0x01[0-9a-f]{128}$/);
    expect(verified).toEqual([true]);
    expect(miss!.url).toBe(`/v2/opal/token/properties/set/status/${HASH}`);
    expect(hit!.url).toBe(`/v2/opal/token/properties/set/status/${HASH}`);
  });

  it('keeps nonce and mortalLength, filling in the account address (the real client rejects options without it)', async () => {
    await sdk().balance.transfer({ to: bob.address, amount: 5 as never }, { nonce: 7, mortalLength: 64 });
    expect(server.requests[0]!.body).toEqual({
      args: { to: bob.address, amount: '5' },
      options: { signerAddress: alice.address, nonce: 7, mortalLength: 64 },
    });
  });

  it('uses a per-call account as signer and signer address', async () => {
    await sdk(null).balance.transfer({ to: alice.address, amount: '1' }, undefined, bob);
    expect((server.requests[0]!.body as { options: unknown }).options).toEqual({
      signerAddress: bob.address,
    });
    expect(verified).toEqual([true]);
  });

  it('appends isFinalized=true to status requests when asked', async () => {
    await sdk().balance.transfer({ to: bob.address, amount: '1' }, undefined, undefined, {
      isFinalized: true,
      timeout: 10,
    });
    expect(server.requests[2]!.url).toBe(`/v2/opal/balances/transfer/status/${HASH}?isFinalized=true`);
  });

  it('exposes the steps: build, sign, submit, getStatus, fee, encode, route and schemas', async () => {
    const chain = sdk();
    const fn = chain.token.setProperties;
    expect(fn.route).toBe('/token/properties/set');
    expect(fn.schemaIn.safeParse({ collectionId: 1, tokenId: 1, properties: [] }).success).toBe(true);
    expect(typeof fn.schemaOut.safeParse).toBe('function');
    const built = await fn.build({ collectionId: 42, tokenId: 1, properties: [{ key: 'a', value: 'b' }] });
    const signature = await fn.sign(built);
    const hash = await fn.submit(built, signature);
    expect(hash).toBe(HASH);
    const status = await fn.getStatus(fn.route, hash, { timeout: 10 });
    expect(status.result).toEqual(RESULT);
    expect(verified).toEqual([true]);
  });

  it('throws NoSignerAddressError before sending anything', async () => {
    const error = await sdk(null)
      .balance.transfer({ to: bob.address, amount: '1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoSignerAddressError);
    expect((error as Error).message).toBe('No signer address provided.');
    expect(server.requests).toHaveLength(0);
  });

  it('throws NoSignerError after the build when an address but no signer is known', async () => {
    const error = await sdk(null)
      .balance.transfer({ to: bob.address, amount: '1' }, { signerAddress: alice.address })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoSignerError);
    expect((error as Error).message).toBe('No signer provided.');
    expect(server.requests.map((r) => r.path)).toEqual(['/v2/opal/balances/transfer/build']);
  });

  it('rejects bad input with InputValidationError before any request', async () => {
    const error = await sdk()
      .token.setProperties({ collectionId: 42, tokenId: 0, properties: [] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputValidationError);
    expect((error as InputValidationError).issues[0]!.path).toEqual(['tokenId']);
    expect((error as InputValidationError).message).toMatch(
      /^Invalid input for \/token\/properties\/set: tokenId: /,
    );
    expect(server.requests).toHaveLength(0);
  });

  it('rejects an Ethereum signer address (build options are validated too)', async () => {
    const error = await sdk()
      .balance.transfer(
        { to: bob.address, amount: '1' },
        { signerAddress: '0xd43593c715Fdd31c61141ABd04a99FD6822c8558' },
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputValidationError);
    expect(server.requests).toHaveLength(0);
  });

  it('stops on a build answer without signerPayloadHex: nothing is signed or submitted', async () => {
    server.handle((request) => {
      if (request.path.endsWith('/build')) {
        const { signerPayloadHex: _drop, ...rest } = makeBuildAnswer({
          address: alice.address,
          method: '0x3d00',
        });
        return { body: rest };
      }
      return { status: 500, body: { error: 'should not be called' } };
    });
    const error = await sdk()
      .balance.transfer({ to: bob.address, amount: '1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidBuildAnswerError);
    expect(server.requests).toHaveLength(1);
  });

  it('resolves batchAll promises to their compactExtrinsic, in order', async () => {
    server.handle((request) => {
      if (request.path.endsWith('/encode')) {
        const { args } = request.body as { args: { amount: string } };
        return {
          delayMs: args.amount === '1' ? 30 : 0,
          body: { compactExtrinsic: `0x0c0400${args.amount.padStart(2, '0')}` },
        };
      }
      if (request.path.endsWith('/build'))
        return { body: makeBuildAnswer({ address: alice.address, method: '0x3d00' }) };
      if (request.path.endsWith('/submit')) return { body: { hash: HASH } };
      return { body: { result: { isSuccess: true, calls: [] }, extrinsic: EXTRINSIC } };
    });
    const chain = sdk();
    await chain.utility.batchAll([
      chain.balance.transfer.encode({ to: bob.address, amount: '1' }),
      chain.balance.transfer.encode({ to: bob.address, amount: '2' }),
    ]);
    const build = server.requests.find((r) => r.path.endsWith('/utility/batch-all/build'))!;
    expect(build.body).toEqual({
      args: { calls: ['0x0c040001', '0x0c040002'] },
      options: { signerAddress: alice.address },
    });
  });
});
