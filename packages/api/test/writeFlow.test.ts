import { describe, expect, it } from 'vitest';
import {
  BuildAnswerSchema,
  BuildRequestSchema,
  buildRequestSchema,
  EncodeAnswerSchema,
  ErrorBodySchema,
  EventSchema,
  FeeAnswerSchema,
  routes,
  SignerPayloadJSONSchema,
  StatusAnswerSchema,
  StatusQuerySchema,
  SubmitAnswerSchema,
  SubmitRequestSchema,
} from '../src/index.js';
import { ALICE, BLOCK_HASH, ETH, HASH, SIGNER_PAYLOAD_JSON, TOKEN_ANSWER } from './fixtures.js';

const BUILD_ANSWER = {
  signerPayloadJSON: SIGNER_PAYLOAD_JSON,
  signerPayloadRaw: { address: ALICE, data: '0x3d004502', type: 'payload' },
  signerPayloadHex: '0x3d004502',
  compactExtrinsic: '0x10043d00',
};

const STATUS = {
  result: {
    collectionId: 42,
    tokenId: 1,
    owner: ALICE,
    properties: [{ key: 'score', value: '120', valueHex: '0x313230' }],
  },
  extrinsic: {
    hash: HASH,
    signer: ALICE,
    section: 'unique',
    method: 'setTokenProperties',
    args: {},
    events: [{ section: 'common', method: 'TokenPropertySet', data: { '0': '42', '1': '1', '2': 'score' } }],
    groupedEvents: { common: { TokenPropertySet: [{ '0': '42', '1': '1', '2': 'score' }] } },
    blockHash: BLOCK_HASH,
    blockNumber: '100',
  },
};

describe('write flow shapes', () => {
  it('build request: args plus options with a substrate signer', () => {
    const body = {
      args: { collectionId: 42, tokenId: 1, properties: [{ key: 'score', value: '120' }] },
      options: { signerAddress: ALICE, nonce: 9, mortalLength: 64 },
    };
    expect(BuildRequestSchema.parse(body)).toEqual(body);
    const typed = buildRequestSchema(routes.token.setProperties.input);
    expect(typed.parse(body).args.collectionId).toBe(42);
    const noSigner = typed.safeParse({ args: body.args, options: {} });
    expect(noSigner.error?.issues[0]?.path).toEqual(['options', 'signerAddress']);
    const ethSigner = typed.safeParse({ args: body.args, options: { signerAddress: ETH } });
    expect(ethSigner.error?.issues[0]?.path).toEqual(['options', 'signerAddress']);
    const badArgs = typed.safeParse({
      args: { ...body.args, tokenId: '1' },
      options: { signerAddress: ALICE },
    });
    expect(badArgs.error?.issues[0]?.path).toEqual(['args', 'tokenId']);
  });

  it('build answer, encode, fee, submit', () => {
    expect(BuildAnswerSchema.parse(BUILD_ANSWER)).toEqual(BUILD_ANSWER);
    const { signerPayloadHex: _dropped, ...withoutHex } = BUILD_ANSWER;
    expect(BuildAnswerSchema.safeParse(withoutHex).error?.issues[0]?.path).toEqual(['signerPayloadHex']);
    expect(EncodeAnswerSchema.parse({ compactExtrinsic: '0x10' })).toEqual({ compactExtrinsic: '0x10' });
    const fee = {
      baseFee: '124000000',
      lenFee: '0',
      adjustedWeightFee: '124000000',
      totalFee: '124000000',
      xcmFee: '0',
    };
    expect(FeeAnswerSchema.parse(fee)).toEqual(fee);
    const signature = `0x01${'e4'.repeat(64)}`;
    expect(SubmitRequestSchema.parse({ signerPayloadJSON: SIGNER_PAYLOAD_JSON, signature })).toMatchObject({
      signature,
    });
    expect(
      SubmitRequestSchema.safeParse({
        signerPayloadJSON: { ...SIGNER_PAYLOAD_JSON, address: ETH },
        signature,
      }).error?.issues[0]?.path,
    ).toEqual(['signerPayloadJSON', 'address']);
    expect(SubmitAnswerSchema.parse({ hash: HASH.toUpperCase().replace('0X', '0x') })).toEqual({
      hash: HASH,
    });
  });

  it('signer payload fields are strings except version', () => {
    expect(SignerPayloadJSONSchema.safeParse({ ...SIGNER_PAYLOAD_JSON, version: '4' }).success).toBe(false);
    expect(SignerPayloadJSONSchema.safeParse({ ...SIGNER_PAYLOAD_JSON, nonce: 7 }).success).toBe(false);
  });

  it('status answer wraps the route result; blockNumber is coerced to a string', () => {
    const schema = StatusAnswerSchema(routes.token.setProperties.output);
    expect(schema.parse(STATUS)).toEqual(STATUS);
    const numeric = schema.parse({ ...STATUS, extrinsic: { ...STATUS.extrinsic, blockNumber: 100 } });
    expect(numeric.extrinsic.blockNumber).toBe('100');
    expect(
      schema.safeParse({ ...STATUS, result: { ...TOKEN_ANSWER, owner: undefined } }).error?.issues[0]?.path,
    ).toEqual(['result', 'owner']);
    expect(EventSchema.safeParse({ section: 'common', method: 'X' }).success).toBe(false);
  });

  it('status query: isFinalized is a query boolean, waitMs a non-negative integer', () => {
    expect(StatusQuerySchema.parse({ isFinalized: 'true', waitMs: '15000' })).toEqual({
      isFinalized: true,
      waitMs: 15000,
    });
    expect(StatusQuerySchema.parse({})).toEqual({});
    expect(StatusQuerySchema.safeParse({ waitMs: '-1' }).error?.issues[0]?.path).toEqual(['waitMs']);
  });

  it('error bodies: error text, optional details and zod issues', () => {
    const body = {
      error: 'Validation Error: ',
      zodError: { issues: [{ code: 'custom', message: 'Invalid input', path: ['address'] }] },
    };
    expect(ErrorBodySchema.parse(body)).toEqual(body);
    expect(ErrorBodySchema.parse({ error: 'Not found', details: { hash: HASH } })).toMatchObject({
      error: 'Not found',
    });
    expect(ErrorBodySchema.safeParse({ message: 'x' }).success).toBe(false);
    expect(ErrorBodySchema.safeParse(null).success).toBe(false);
  });
});

describe('hex fields of the write flow', () => {
  it('reject text that is not 0x-prefixed hex, naming the field', () => {
    const result = SignerPayloadJSONSchema.safeParse({ ...SIGNER_PAYLOAD_JSON, blockHash: 'xyz' });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['blockHash'],
      message: 'Expected a 0x-prefixed hex string',
    });
    expect(SignerPayloadJSONSchema.safeParse({ ...SIGNER_PAYLOAD_JSON, method: '0x' }).success).toBe(true);
    expect(
      BuildAnswerSchema.safeParse({ ...BUILD_ANSWER, signerPayloadHex: '3d00' }).error?.issues[0]?.path,
    ).toEqual(['signerPayloadHex']);
  });
});
