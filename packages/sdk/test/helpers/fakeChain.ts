import { allRoutes, LONG_POLL_HEADER, type Route } from '@nftkit/api';
import {
  bytesToHex,
  collectionIdToAddress,
  compactFromBytes,
  decodeSubstrateAddress,
  hexToBytes,
  normalizeAddress,
  type SignerPayloadJSON,
  signerPayloadToSignBytes,
} from '@nftkit/primitives';
import { blake2b } from '@noble/hashes/blake2.js';
import * as sr25519 from '@scure/sr25519';
import type { RecordedRequest, Reply } from './httpServer.js';
import { makeBuildAnswer } from './payload.js';

/**
 * A tiny in-memory chain behind the REST routes the portable client suite uses: real signer payloads, sr25519
 * signatures checked on submit, extrinsics "in a block" after one 404, long polling when asked. Not the devnet:
 * just enough to run the suite without it.
 */
export type FakeChainOptions = {
  /** The path prefix of the API (e.g. `/v2/devnet`). */
  prefix?: string;
  /** Answer status requests with `x-nftkit-long-poll` and honour `waitMs`. */
  longPoll?: boolean;
  /** How many plain status requests see 404 before the extrinsic is in (default 1). */
  pendingPolls?: number;
  /** Milliseconds from submit until the extrinsic is in a block (default 30). */
  blockTimeMs?: number;
};

type Property = { key: string; value: string; valueHex: string };
type Permission = {
  key: string;
  permission: { mutable: boolean; collectionAdmin: boolean; tokenOwner: boolean };
};
type Collection = {
  id: number;
  owner: string;
  name: string;
  description: string;
  symbol: string;
  properties: Property[];
  permissions: Permission[];
  lastTokenId: number;
};
type Token = { collectionId: number; tokenId: number; owner: string; properties: Property[] };
type Pending = {
  route: string;
  result: unknown;
  section: string;
  method: string;
  signer: string;
  polls: number;
  block: number;
  /**
   * Set by the block timer itself, never derived from the clock: a timer may fire a millisecond before
   * `Date.now()` reaches its due time, and a waiter woken by it that compared clocks slept its whole `waitMs`.
   */
  inBlock: boolean;
};

const ROUTES = new Map<string, Route>(
  allRoutes().map((entry) => [`${entry.route.kind}:${entry.route.path}`, entry.route]),
);
const utf8 = (s: string) => bytesToHex(new TextEncoder().encode(s));

export function createFakeChain(options: FakeChainOptions = {}) {
  const prefix = options.prefix ?? '';
  const free = new Map<string, bigint>();
  const nonces = new Map<string, number>();
  const collections = new Map<number, Collection>();
  const tokens = new Map<string, Token>();
  const extrinsics = new Map<string, Pending>();
  const waiters = new Set<() => void>();
  let block = 100;

  const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';
  free.set(ALICE, 10n ** 24n);

  const collectionView = (c: Collection) => ({
    collectionId: c.id,
    collectionAddress: collectionIdToAddress(c.id),
    owner: c.owner,
    mode: 'NFT',
    decimals: null,
    name: c.name,
    description: c.description,
    symbol: c.symbol,
    properties: c.properties,
    tokenPropertyPermissions: c.permissions,
    limits: null,
    permissions: {
      access: 'Normal',
      mintMode: false,
      nesting: { tokenOwner: false, collectionAdmin: false },
    },
    sponsorship: { isEnabled: false, isConfirmed: false, sponsor: null },
    admins: [],
    lastTokenId: c.lastTokenId,
    totalSupply: c.lastTokenId,
    readOnly: false,
    info: null,
    infoDecodingError: null,
  });
  const tokenView = (t: Token) => ({
    collectionId: t.collectionId,
    tokenId: t.tokenId,
    collectionAddress: collectionIdToAddress(t.collectionId),
    symbol: collections.get(t.collectionId)?.symbol ?? '',
    owner: t.owner,
    topmostOwner: t.owner,
    properties: t.properties,
    decodingError: null,
  });
  const toProperties = (list: { key: string; value?: string; valueHex?: string }[] = []): Property[] =>
    list.map((p) => ({
      key: p.key,
      value: p.value ?? new TextDecoder().decode(hexToBytes(p.valueHex ?? '0x')),
      valueHex: p.valueHex ?? utf8(p.value ?? ''),
    }));

  /** Applies a call; returns the status `result` and the event name. */
  function apply(
    path: string,
    args: Record<string, unknown>,
    signer: string,
  ): { result: unknown; section: string; method: string } {
    switch (path) {
      case '/collection/create': {
        const id = collections.size + 1;
        collections.set(id, {
          id,
          owner: signer,
          name: String(args.name),
          description: String(args.description),
          symbol: String(args.symbol ?? ''),
          properties: toProperties(args.properties as never),
          permissions: (args.tokenPropertyPermissions as Permission[] | undefined) ?? [],
          lastTokenId: 0,
        });
        return {
          result: collectionView(collections.get(id)!),
          section: 'unique',
          method: 'createCollectionEx',
        };
      }
      case '/token/nfts/mint': {
        const collection = collections.get(Number(args.collectionId));
        if (!collection) throw new ChainError('CollectionNotFound');
        const minted = (args.tokens as { owner?: string; properties?: never }[]).map((input) => {
          collection.lastTokenId += 1;
          const token: Token = {
            collectionId: collection.id,
            tokenId: collection.lastTokenId,
            owner: input.owner ? normalizeAddress(input.owner) : signer,
            properties: toProperties(input.properties),
          };
          tokens.set(`${token.collectionId}/${token.tokenId}`, token);
          return tokenView(token);
        });
        return { result: minted, section: 'unique', method: 'createMultipleItemsEx' };
      }
      case '/token/properties/set': {
        const token = tokens.get(`${args.collectionId}/${args.tokenId}`);
        if (!token) throw new ChainError('TokenNotFound');
        const collection = collections.get(token.collectionId)!;
        for (const p of toProperties(args.properties as never)) {
          // Like the chain: a key needs a permission that lets this signer (owner/admin or token owner) write it.
          const rule = collection.permissions.find((q) => q.key === p.key)?.permission;
          const allowed =
            rule &&
            ((rule.collectionAdmin && signer === collection.owner) ||
              (rule.tokenOwner && signer === token.owner)) &&
            (rule.mutable || !token.properties.some((q) => q.key === p.key));
          if (!allowed) throw new ChainError('NoPermission');
          token.properties = [...token.properties.filter((q) => q.key !== p.key), p];
        }
        return { result: tokenView(token), section: 'unique', method: 'setTokenProperties' };
      }
      case '/balances/transfer': {
        const to = normalizeAddress(String(args.to));
        const amount = BigInt(String(args.amount));
        const have = free.get(signer) ?? 0n;
        if (have < amount) throw new ChainError('InsufficientBalance');
        free.set(signer, have - amount);
        free.set(to, (free.get(to) ?? 0n) + amount);
        return {
          result: { from: signer, to, amount: amount.toString(), amountInCoin: amount.toString() },
          section: 'balances',
          method: 'transferKeepAlive',
        };
      }
      case '/utility/batch-all': {
        const results = (args.calls as string[]).map((call) => {
          const bytes = hexToBytes(call);
          const { length } = compactFromBytes(bytes);
          const inner = decodeCall(bytesToHex(bytes.slice(length + 1)));
          return {
            callIndex: '0x0000',
            name: inner.path,
            args: apply(inner.path, inner.args, signer).result,
          };
        });
        return { result: { isSuccess: true, calls: results }, section: 'utility', method: 'batchAll' };
      }
      default:
        throw new ChainError(`Unsupported call ${path}`);
    }
  }

  const encodeCall = (path: string, args: unknown) => utf8(JSON.stringify({ path, args }));
  const decodeCall = (method: string) =>
    JSON.parse(new TextDecoder().decode(hexToBytes(method))) as {
      path: string;
      args: Record<string, unknown>;
    };

  function validate(route: Route, input: unknown): { ok: true; data: unknown } | { ok: false; reply: Reply } {
    const parsed = route.input.safeParse(input);
    if (parsed.success) return { ok: true, data: parsed.data };
    return {
      ok: false,
      reply: {
        status: 400,
        body: {
          error: `Validation Error: ${parsed.error.issues[0]?.message}`,
          zodError: { issues: parsed.error.issues },
        },
      },
    };
  }

  const queryObject = (search: string) => Object.fromEntries(new URLSearchParams(search));

  async function handle(request: RecordedRequest): Promise<Reply> {
    if (!request.path.startsWith(prefix)) return { status: 404, body: { error: 'Not found' } };
    const path = request.path.slice(prefix.length);
    const body = (request.body ?? {}) as Record<string, unknown>;

    if (request.method === 'POST' && path === '/extrinsics/submit') return submit(body);
    const status = /^(.*)\/status\/(0x[0-9a-fA-F]+)$/.exec(path);
    if (request.method === 'GET' && status)
      return getStatus(status[1]!, status[2]!.toLowerCase(), queryObject(request.search));

    const action = /^(.*)\/(build|fee|encode)$/.exec(path);
    const route = action ? ROUTES.get(`extrinsic:${action[1]}`) : undefined;
    if (request.method === 'POST' && action && route) {
      const checked = validate(route, body.args);
      if (!checked.ok) return checked.reply;
      const method = encodeCall(route.path, checked.data);
      if (action[2] === 'encode') {
        return { body: { compactExtrinsic: makeBuildAnswer({ address: ALICE, method }).compactExtrinsic } };
      }
      const options = (body.options ?? {}) as { signerAddress?: string; nonce?: number };
      if (!options.signerAddress)
        return { status: 400, body: { error: 'options.signerAddress is required' } };
      if (action[2] === 'fee') {
        return {
          body: {
            baseFee: '124000000',
            lenFee: '0',
            adjustedWeightFee: '124000000',
            totalFee: '124000000',
            xcmFee: '0',
          },
        };
      }
      const address = normalizeAddress(options.signerAddress);
      return {
        body: makeBuildAnswer({
          address,
          method,
          nonce: options.nonce ?? nonces.get(address) ?? 0,
          blockNumber: block,
        }),
      };
    }

    const queryRoute = ROUTES.get(`query:${path}`);
    if (request.method === 'GET' && queryRoute) {
      const checked = validate(queryRoute, queryObject(request.search));
      if (!checked.ok) return checked.reply;
      return read(path, checked.data as Record<string, unknown>);
    }
    return { status: 404, body: { error: `Route ${request.method} ${path} not found` } };
  }

  function read(path: string, input: Record<string, unknown>): Reply {
    switch (path) {
      case '/balances/get': {
        const wei = (free.get(normalizeAddress(String(input.address))) ?? 0n).toString();
        return {
          body: {
            available: wei,
            locked: '0',
            free: wei,
            total: wei,
            reserved: '0',
            staked: '0',
            unstaked: '0',
            canstake: '0',
            decimals: 18,
            tokenSymbol: 'UNQ',
          },
        };
      }
      case '/accounts/next_index':
        return { body: { nextIndex: nonces.get(normalizeAddress(String(input.address))) ?? 0 } };
      case '/collection': {
        const collection = collections.get(Number(input.collectionId));
        return collection
          ? { body: collectionView(collection) }
          : { status: 404, body: { error: 'Collection not found' } };
      }
      case '/token': {
        const token = tokens.get(`${input.collectionId}/${input.tokenId}`);
        return token ? { body: tokenView(token) } : { status: 404, body: { error: 'Token not found' } };
      }
      default:
        return { status: 501, body: { error: 'Not implemented' } };
    }
  }

  function submit(body: Record<string, unknown>): Reply {
    const json = body.signerPayloadJSON as SignerPayloadJSON | undefined;
    const signature = typeof body.signature === 'string' ? body.signature : '';
    if (!json || !/^0x01[0-9a-f]{128}$/i.test(signature))
      return { status: 400, body: { error: 'signature must be 0x01 + 64 bytes' } };
    const publicKey = decodeSubstrateAddress(json.address);
    if (!sr25519.verify(signerPayloadToSignBytes(json), hexToBytes(signature).slice(1), publicKey)) {
      return { status: 400, body: { error: 'Invalid signature' } };
    }
    const signer = normalizeAddress(json.address);
    const nonce = Number.parseInt(json.nonce, 16);
    if (nonce !== (nonces.get(signer) ?? 0))
      return { status: 400, body: { error: `Invalid nonce ${nonce}` } };
    nonces.set(signer, nonce + 1);
    const call = decodeCall(json.method);
    const hash = bytesToHex(blake2b(hexToBytes(`${json.method}${signature.slice(2)}`), { dkLen: 32 }));
    block += 1;
    let applied: { result: unknown; section: string; method: string };
    try {
      applied = apply(call.path, call.args, signer);
    } catch (error) {
      applied = { result: { error: (error as Error).message }, section: 'system', method: 'ExtrinsicFailed' };
    }
    const pending: Pending = { route: call.path, ...applied, signer, polls: 0, block, inBlock: false };
    extrinsics.set(hash, pending);
    setTimeout(() => {
      pending.inBlock = true;
      for (const wake of [...waiters]) wake();
    }, options.blockTimeMs ?? 30);
    return { body: { hash } };
  }

  async function getStatus(route: string, hash: string, query: Record<string, string>): Promise<Reply> {
    const headers: Record<string, string> = options.longPoll ? { [LONG_POLL_HEADER]: '1' } : {};
    const waitMs = options.longPoll ? Math.min(Number(query.waitMs ?? 0) || 0, 30_000) : 0;
    // Woken by the block timer or by this request's own timeout, never by comparing clocks: each wake-up sets the
    // state the loop reads (`inBlock`, `timedOut`) before it runs, so none can be missed.
    let timedOut = waitMs <= 0;
    let wake = () => {};
    const onBlock = () => wake();
    const timer = timedOut
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          wake();
        }, waitMs);
    waiters.add(onBlock);
    try {
      return await answerStatus();
    } finally {
      clearTimeout(timer);
      waiters.delete(onBlock);
    }

    async function answerStatus(): Promise<Reply> {
      let counted = false;
      for (;;) {
        const pending = extrinsics.get(hash);
        if (pending && pending.route === route) {
          if (!counted) pending.polls += 1;
          counted = true;
          const inBlock = pending.inBlock && (waitMs > 0 || pending.polls > (options.pendingPolls ?? 1));
          if (inBlock) {
            if (pending.section === 'system') {
              return {
                status: 400,
                headers,
                body: {
                  error: `The extrinsic failed for reason ${(pending.result as { error: string }).error}`,
                },
              };
            }
            return {
              headers,
              body: {
                result: pending.result,
                extrinsic: {
                  hash,
                  signer: pending.signer,
                  section: pending.section,
                  method: pending.method,
                  args: {},
                  events: [{ section: 'system', method: 'ExtrinsicSuccess', data: {} }],
                  groupedEvents: { system: { ExtrinsicSuccess: [{}] } },
                  blockHash: `0x${'33'.repeat(32)}`,
                  blockNumber: String(pending.block),
                },
              },
            };
          }
        }
        if (timedOut)
          return { status: 404, headers, body: { error: `Extrinsic with hash ${hash} not found` } };
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    }
  }

  return { handle, prefix };
}

class ChainError extends Error {}
