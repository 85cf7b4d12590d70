import { bytesToBase64, hexToBytes } from '@nftkit/primitives';
import { BaseError } from '../errors/base.js';
import { InvalidResponseError } from '../errors/transport.js';
import { createHttpTransport } from '../transport/http.js';

/**
 * What a Polkadot extension needs to decode the calls it is asked to sign on a chain it does not know (a devnet, a
 * new runtime): the shape of `@polkadot/extension-inject`'s `MetadataDef`. `rawMetadata` is the runtime's metadata
 * as `state_getMetadata` gives it; `metaCalls` the same bytes in base64, for extensions that read only that field.
 */
export type MetadataDefinition = {
  chain: string;
  genesisHash: string;
  icon: string;
  ss58Format: number;
  chainType: 'substrate';
  specVersion: number;
  tokenDecimals: number;
  tokenSymbol: string;
  types: Record<string, never>;
  metaCalls: string;
  rawMetadata: string;
  /**
   * The chain's signed extensions that Substrate's defaults do not name, with what each adds to the extrinsic and
   * to the signed payload (`@polkadot/extension-inject`'s `ExtDef`; `signedExtensions` of `ApiPromise.create`).
   */
  userExtensions: Record<string, UserExtension>;
};

/** What a signed extension adds to an extrinsic and to its signed payload, as type names by field. */
export type UserExtension = { extrinsic: Record<string, string>; payload: Record<string, string> };

/**
 * The signed extensions Unique's runtimes (Opal, Quartz, Unique, and the devnet that models them) add to Substrate's.
 * Each is a marker that carries nothing in the extrinsic or the payload; a wallet or `@polkadot/api` not told so
 * warns that it does not know them, then treats them as no-effect. Naming an extension a chain does not list is
 * harmless: only the extensions its metadata lists are encoded.
 */
const UNIQUE_USER_EXTENSIONS = ['CheckMaintenance', 'DisableIdentityCalls', 'FakeTransactionFinalizer'];

/** The metadata an extension already holds, by chain and runtime version. */
export type InjectedMetadataKnown = { genesisHash: string; specVersion: number };

/** `injected.metadata` of a Polkadot extension (absent from extensions that do not take metadata). */
export type InjectedMetadata = {
  get(): Promise<InjectedMetadataKnown[]>;
  provide(definition: MetadataDefinition): Promise<boolean>;
};

/** How an offer of metadata to an extension ended. */
export type OfferMetadataResult =
  /** The extension takes no metadata (no `injected.metadata`). */
  | 'unsupported'
  /** The extension already holds this chain's metadata at this runtime version. */
  | 'known'
  /** The extension took it (the user approved, where the extension asks). */
  | 'provided'
  /** The extension (or its user) declined it. */
  | 'declined';

/** A Substrate node answered a JSON-RPC request with an error. */
export class SubstrateRpcError extends BaseError {
  override name = 'SubstrateRpcError';
  readonly rpcCode: number;

  constructor(method: string, rpcCode: number, message: string) {
    super('SUBSTRATE_RPC_ERROR', `${method} failed: ${message}`, { details: `JSON-RPC code: ${rpcCode}` });
    this.rpcCode = rpcCode;
  }
}

// Opal's metadata is about 0.4 MiB; a node that sends far more is not answering what was asked.
const MAX_METADATA_HEX = 16 * 1024 * 1024;
const HEX = /^0x(?:[0-9a-fA-F]{2})*$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;

export type FetchMetadataDefinitionParameters = {
  /** The node's JSON-RPC over HTTP (`http://127.0.0.1:9944` for the devnet; Unique's `https://rpc-opal.unique.network`). */
  rpcUrl: string;
  /** A `fetch` to use in place of the global one. */
  fetch?: typeof globalThis.fetch;
  signal?: AbortSignal;
};

/**
 * Reads from a node what an extension needs to show the calls of its chain: metadata, runtime version, genesis
 * hash and the chain's properties (five JSON-RPC requests). Throws `SubstrateRpcError` when the node refuses one,
 * `InvalidResponseError` when an answer is not what Substrate gives.
 *
 * @example
 * const definition = await fetchMetadataDefinition({ rpcUrl: 'http://127.0.0.1:9944' });
 * await offerMetadata(extension, definition);
 */
export async function fetchMetadataDefinition(
  parameters: FetchMetadataDefinitionParameters,
): Promise<MetadataDefinition> {
  const transport = createHttpTransport({
    baseUrl: parameters.rpcUrl,
    ...(parameters.fetch ? { fetch: parameters.fetch } : {}),
  });
  let id = 0;
  const call = async (method: string, params: unknown[] = []): Promise<unknown> => {
    id += 1;
    const { data } = await transport.request({
      method: 'POST',
      path: '',
      body: { jsonrpc: '2.0', id, method, params },
      ...(parameters.signal ? { signal: parameters.signal } : {}),
    });
    const answer = data as { result?: unknown; error?: { code?: unknown; message?: unknown } } | null;
    if (answer && typeof answer === 'object' && answer.error) {
      const { code, message } = answer.error;
      throw new SubstrateRpcError(
        method,
        typeof code === 'number' ? code : 0,
        typeof message === 'string' ? message : 'unknown error',
      );
    }
    if (!answer || typeof answer !== 'object' || !('result' in answer))
      throw new InvalidResponseError(`${method} answered no JSON-RPC result`, data);
    return answer.result;
  };
  const [metadata, version, genesisHash, properties, chain] = await Promise.all([
    call('state_getMetadata'),
    call('state_getRuntimeVersion'),
    call('chain_getBlockHash', [0]),
    call('system_properties'),
    call('system_chain'),
  ]);
  if (typeof metadata !== 'string' || !HEX.test(metadata) || metadata.length > MAX_METADATA_HEX)
    throw new InvalidResponseError(
      'state_getMetadata answered no metadata bytes',
      String(metadata).slice(0, 80),
    );
  const specVersion = (version as { specVersion?: unknown } | null)?.specVersion;
  if (!Number.isSafeInteger(specVersion) || (specVersion as number) < 0)
    throw new InvalidResponseError('state_getRuntimeVersion answered no specVersion', version);
  if (typeof genesisHash !== 'string' || !HASH.test(genesisHash))
    throw new InvalidResponseError('chain_getBlockHash(0) answered no block hash', genesisHash);
  if (typeof chain !== 'string' || chain === '')
    throw new InvalidResponseError('system_chain answered no chain name', chain);
  const props = (properties && typeof properties === 'object' ? properties : {}) as Record<string, unknown>;
  // Nodes give these as a value or as a list (one entry per token); the first is the native token.
  const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);
  const ss58Format = first(props.ss58Format);
  const tokenDecimals = first(props.tokenDecimals);
  const tokenSymbol = first(props.tokenSymbol);
  return {
    chain,
    genesisHash: genesisHash.toLowerCase(),
    icon: 'substrate',
    ss58Format: Number.isSafeInteger(ss58Format) ? (ss58Format as number) : 42,
    chainType: 'substrate',
    specVersion: specVersion as number,
    tokenDecimals: Number.isSafeInteger(tokenDecimals) ? (tokenDecimals as number) : 18,
    tokenSymbol: typeof tokenSymbol === 'string' ? tokenSymbol : 'UNIT',
    types: {},
    metaCalls: bytesToBase64(hexToBytes(metadata)),
    rawMetadata: metadata.toLowerCase(),
    userExtensions: Object.fromEntries(
      UNIQUE_USER_EXTENSIONS.map((name) => [name, { extrinsic: {}, payload: {} }]),
    ),
  };
}

/**
 * Gives an extension a chain's metadata unless it already holds that runtime's, as dApps do on connect, so the
 * extension can decode and show the calls it is asked to sign. Extensions without `metadata` answer `unsupported`;
 * one that throws or answers false `declined` (the user may refuse; signing still works without it).
 */
export async function offerMetadata(
  extension: { metadata?: InjectedMetadata },
  definition: MetadataDefinition,
): Promise<OfferMetadataResult> {
  const metadata = extension.metadata;
  if (!metadata || typeof metadata.provide !== 'function') return 'unsupported';
  try {
    const known = typeof metadata.get === 'function' ? await metadata.get() : [];
    const held =
      Array.isArray(known) &&
      known.some(
        (k) =>
          typeof k?.genesisHash === 'string' &&
          k.genesisHash.toLowerCase() === definition.genesisHash &&
          k.specVersion === definition.specVersion,
      );
    if (held) return 'known';
    return (await metadata.provide(definition)) === true ? 'provided' : 'declined';
  } catch {
    return 'declined';
  }
}
