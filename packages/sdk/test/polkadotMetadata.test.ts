import { describe, expect, it } from 'vitest';
import {
  fetchMetadataDefinition,
  type InjectedMetadataKnown,
  InvalidResponseError,
  type MetadataDefinition,
  offerMetadata,
  SubstrateRpcError,
} from '../src/index.js';

const GENESIS = `0x${'ab'.repeat(32)}`;
const METADATA = `0x6d657461${'0e'.repeat(40)}`;

type Answers = Record<string, unknown>;
const NODE: Answers = {
  state_getMetadata: { result: METADATA },
  state_getRuntimeVersion: { result: { specName: 'opal', specVersion: 10070 } },
  chain_getBlockHash: { result: GENESIS.toUpperCase().replace('0X', '0x') },
  system_properties: { result: { ss58Format: 42, tokenDecimals: [18], tokenSymbol: ['OPL'] } },
  system_chain: { result: 'OPAL by UNIQUE' },
};

/** A node behind `fetch`: each method answers from `answers` (a JSON-RPC body without id), and requests are kept. */
function node(answers: Answers) {
  const asked: { method: string; params: unknown }[] = [];
  const fetch = (async (_url: string, init: { body: string }) => {
    const { id, method, params } = JSON.parse(init.body) as { id: number; method: string; params: unknown };
    asked.push({ method, params });
    const answer = answers[method] ?? { error: { code: -32601, message: `Method not found: ${method}` } };
    return new Response(JSON.stringify({ jsonrpc: '2.0', id, ...(answer as object) }), {
      headers: { 'content-type': 'application/json' },
    });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, asked };
}

describe('fetchMetadataDefinition', () => {
  it("builds the extension's definition from the node's answers", async () => {
    const { fetch, asked } = node(NODE);
    const def = await fetchMetadataDefinition({ rpcUrl: 'http://node', fetch });
    expect(def).toEqual({
      chain: 'OPAL by UNIQUE',
      genesisHash: GENESIS,
      icon: 'substrate',
      ss58Format: 42,
      chainType: 'substrate',
      specVersion: 10070,
      tokenDecimals: 18,
      tokenSymbol: 'OPL',
      types: {},
      metaCalls: Buffer.from(METADATA.slice(2), 'hex').toString('base64'),
      rawMetadata: METADATA,
      userExtensions: {
        CheckMaintenance: { extrinsic: {}, payload: {} },
        DisableIdentityCalls: { extrinsic: {}, payload: {} },
        FakeTransactionFinalizer: { extrinsic: {}, payload: {} },
      },
    });
    expect(asked.find((a) => a.method === 'chain_getBlockHash')?.params).toEqual([0]);
  });

  it('names the method a node refused, with its code', async () => {
    const { fetch } = node({
      ...NODE,
      state_getMetadata: { error: { code: -32601, message: 'not served' } },
    });
    const error = await fetchMetadataDefinition({ rpcUrl: 'http://node', fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SubstrateRpcError);
    expect((error as SubstrateRpcError).message).toMatch(/^state_getMetadata failed: not served/);
    expect((error as SubstrateRpcError).rpcCode).toBe(-32601);
  });

  it.each([
    ['metadata that is not hex', { state_getMetadata: { result: '0xzz' } }, /state_getMetadata/],
    ['no result at all', { state_getMetadata: {} }, /state_getMetadata answered no JSON-RPC result/],
    ['a runtime version without specVersion', { state_getRuntimeVersion: { result: {} } }, /specVersion/],
    ['a negative specVersion', { state_getRuntimeVersion: { result: { specVersion: -1 } } }, /specVersion/],
    ['a short genesis hash', { chain_getBlockHash: { result: '0x1234' } }, /block hash/],
    ['no chain name', { system_chain: { result: '' } }, /chain name/],
  ])('refuses %s', async (_name, broken, message) => {
    const { fetch } = node({ ...NODE, ...broken });
    const error = await fetchMetadataDefinition({ rpcUrl: 'http://node', fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as Error).message).toMatch(message);
  });
});

describe('offerMetadata', () => {
  const definition = { genesisHash: GENESIS, specVersion: 7 } as MetadataDefinition;
  const extension = (known: InjectedMetadataKnown[] | Error, provide: boolean | Error) => {
    const provided: MetadataDefinition[] = [];
    return {
      provided,
      metadata: {
        get: async () => {
          if (known instanceof Error) throw known;
          return known;
        },
        provide: async (def: MetadataDefinition) => {
          if (provide instanceof Error) throw provide;
          provided.push(def);
          return provide;
        },
      },
    };
  };

  it('provides what the extension does not hold', async () => {
    const ext = extension([{ genesisHash: GENESIS, specVersion: 6 }], true);
    expect(await offerMetadata(ext, definition)).toBe('provided');
    expect(ext.provided).toEqual([definition]);
  });

  it('does not ask again for a runtime the extension holds (any case of the hash)', async () => {
    const ext = extension([{ genesisHash: GENESIS.toUpperCase().replace('0X', '0x'), specVersion: 7 }], true);
    expect(await offerMetadata(ext, definition)).toBe('known');
    expect(ext.provided).toEqual([]);
  });

  it('reports a refusal, thrown or answered, as declined', async () => {
    expect(await offerMetadata(extension([], false), definition)).toBe('declined');
    expect(await offerMetadata(extension([], new Error('Rejected')), definition)).toBe('declined');
    expect(await offerMetadata(extension(new Error('broken'), true), definition)).toBe('declined');
  });

  it('leaves extensions without metadata support alone', async () => {
    expect(await offerMetadata({}, definition)).toBe('unsupported');
  });
});
