import { decodeSubstrateAddress } from '@nftkit/primitives';
import { UniqueChain, UniqueIndexer } from '@nftkit/sdk';
import type { ApiPromise } from '@polkadot/api';
import type { Codec } from '@polkadot/types/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonError } from '../src/runtime/common/errors.js';
import { ACCOUNT_KEY_SQL_FUNCTION } from '../src/runtime/system/storageKey.js';
import { accountKey, storageKey } from '../src/substrateRpc/storage.js';
import { MAX_FILTER_KEYS } from '../src/substrateRpc/unique.js';
import { alice, bob, charlie, dave, eve, ferdie } from './helpers/accounts.js';
import { ok } from './helpers/chain.js';
import { devnetForFile } from './helpers/devnet.js';
import { connectApi, nodeAnswer, UNIQUE_RPC } from './helpers/substrate.js';

// What a dApp reads of Unique's collections and tokens through @polkadot/api with Opal's published RPC definitions:
// `api.query.common|nonfungible|refungible|fungible.*` (raw storage) and `api.rpc.unique.*`, each held to the REST
// API and the indexer over the same state.

const devnet = devnetForFile();
let http: string;
let api: ApiPromise;
let ix: ReturnType<typeof UniqueIndexer>;
let nft: number;
let rft: number;
let ft: number;
const as = (account: typeof alice) =>
  UniqueChain({ baseUrl: devnet.url, account, statusOptions: { retries: 50, timeout: 100 } });
const sub = (a: { address: string }) => ({ Substrate: a.address });

// Without Opal's augmentation the decorated API is typed as plain codecs: the shapes read here.
type Json = Codec & { toPrimitive(): unknown };
type Opt = Json & { isNone: boolean; isSome: boolean; unwrap(): Json & Record<string, Json> };
type Call = (...a: unknown[]) => Promise<Opt>;
const query = (section: string, item: string, ...args: unknown[]) =>
  (api.query[section]![item]! as unknown as Call)(...args);
const unique = (method: string, ...args: unknown[]) =>
  (api.rpc as unknown as Record<string, Record<string, Call>>).unique![method]!(...args);

const raw = (method: string, params: unknown) => nodeAnswer(http, method, params);

const restCollection = async (id: number) =>
  (await fetch(`${devnet.url}/collection?collectionId=${id}`).then((r) => r.json())) as Record<
    string,
    unknown
  >;
const utf16 = (units: unknown) => String.fromCharCode(...(units as number[]));
const text = (hex: unknown) => Buffer.from(String(hex).slice(2), 'hex').toString('utf8');

beforeAll(async () => {
  http = new URL(devnet.url).origin;
  ix = UniqueIndexer({ baseUrl: `${devnet.url}/indexer` });
  const created = await as(alice).collection.create({
    mode: 'Nft',
    name: 'Snake',
    description: 'Snake scores',
    symbol: 'SNK',
    permissions: { nesting: { tokenOwner: true } },
    properties: [{ key: 'theme', value: 'dark' }],
    tokenPropertyPermissions: [
      { key: 'score', permission: { mutable: true, collectionAdmin: true, tokenOwner: false } },
      { key: 'level', permission: { mutable: false, collectionAdmin: true, tokenOwner: true } },
    ],
  } as never);
  nft = created.result.collectionId;
  await as(alice).token.mintNFTs({
    collectionId: nft,
    tokens: [
      {
        owner: bob.address,
        properties: [
          { key: 'score', value: '42' },
          { key: 'level', value: '3' },
        ],
      },
      { owner: bob.address, properties: [{ key: 'score', value: '7' }] },
      { owner: charlie.address },
    ],
  } as never);
  await as(bob).token.nest({
    parent: { collectionId: nft, tokenId: 1 },
    nested: { collectionId: nft, tokenId: 2 },
  });
  await as(charlie).token.approve({ collectionId: nft, tokenId: 3, spender: dave.address });
  await as(alice).collection.addAdmin({ collectionId: nft, newAdmin: ferdie.address });
  await ok(devnet.chain, alice, 'unique', 'addToAllowList', { collectionId: nft, address: eve.address });

  const shares = await as(alice).collection.create({
    mode: 'ReFungible',
    name: 'Shares',
    description: 's',
    symbol: 'SHR',
  });
  rft = shares.result.collectionId;
  await as(alice).refungible.mint({
    collectionId: rft,
    owners: [
      { address: bob.address, pieces: 60 },
      { address: charlie.address, pieces: 40 },
    ],
  });
  const gold = await as(alice).collection.create({
    mode: 'Fungible',
    tokenDecimals: 6,
    name: 'Gold',
    description: 'g',
    symbol: 'GLD',
  });
  ft = gold.result.collectionId;
  await as(alice).fungible.mint({ collectionId: ft, amount: '1000', recipient: bob.address });

  api = await connectApi(http, { opal: true });
}, 120_000);
afterAll(async () => {
  await api?.disconnect();
});

describe('api.query: Unique storage with Opal keys and values', () => {
  it('Common.CollectionById decodes to what the REST API shows', async () => {
    const rest = await restCollection(nft);
    const c = (await query('common', 'collectionById', nft)).unwrap();
    expect(c.owner!.toString()).toBe(rest.owner);
    expect(c.mode!.toString()).toBe('NFT');
    expect(utf16(c.name!.toJSON())).toBe(rest.name);
    expect(utf16(c.description!.toJSON())).toBe(rest.description);
    expect(text(c.tokenPrefix!.toHex())).toBe(rest.symbol);
    expect(c.sponsorship!.toJSON()).toEqual({ disabled: null });
    expect(c.permissions!.toJSON()).toEqual({
      access: 'Normal',
      mintMode: false,
      nesting: { tokenOwner: true, collectionAdmin: false, restricted: null },
    });
    const ftc = (await query('common', 'collectionById', ft)).unwrap();
    expect(ftc.mode!.toJSON()).toEqual({ fungible: 6 });
    expect((await query('common', 'collectionById', 999)).isNone).toBe(true);
  });

  it('Common.CollectionProperties and CollectionPropertyPermissions', async () => {
    const props = (await query('common', 'collectionProperties', nft)) as unknown as Record<string, Json>;
    expect(props.map!.toHuman()).toEqual({ theme: 'dark' });
    expect(props.reserved!.toPrimitive()).toBe(40_960);
    const rest = await restCollection(nft);
    expect((rest.properties as { key: string; value: string }[]).map((p) => [p.key, p.value])).toEqual([
      ['theme', 'dark'],
    ]);
    const perms = await query('common', 'collectionPropertyPermissions', nft);
    expect(perms.toHuman()).toEqual({
      level: { mutable: false, collectionAdmin: true, tokenOwner: true },
      score: { mutable: true, collectionAdmin: true, tokenOwner: false },
    });
  });

  it('Nonfungible.TokenData, TokenProperties, Owned, AccountBalance, TokensMinted', async () => {
    const owner = (await query('nonfungible', 'tokenData', nft, 1)).unwrap();
    expect(owner.owner!.toJSON()).toEqual({ substrate: bob.address });
    // Token 2 is nested under token 1: its owner is token 1's address, an Ethereum-form account.
    const nested = (await query('nonfungible', 'tokenData', nft, 2)).unwrap();
    const rest2 = (await fetch(`${devnet.url}/token?collectionId=${nft}&tokenId=2`).then((r) =>
      r.json(),
    )) as {
      owner: string;
    };
    expect(nested.owner!.toJSON()).toEqual({ ethereum: rest2.owner.toLowerCase() });
    expect((await query('nonfungible', 'tokenData', nft, 99)).isNone).toBe(true);
    const props = (await query('nonfungible', 'tokenProperties', nft, 1)).unwrap();
    expect(props.map!.toHuman()).toEqual({ level: '3', score: '42' });
    // Each key and value counted with its SCALE length prefix: (1+5)+(1+2)+(1+5)+(1+1).
    expect(props.consumedSpace!.toPrimitive()).toBe(17);
    expect(props.reserved!.toPrimitive()).toBe(32_768);
    expect((await query('nonfungible', 'owned', nft, sub(bob), 1)).toJSON()).toBe(true);
    expect((await query('nonfungible', 'owned', nft, sub(charlie), 1)).toJSON()).toBe(false);
    expect((await query('nonfungible', 'accountBalance', nft, sub(bob))).toPrimitive()).toBe(1);
    expect((await query('nonfungible', 'accountBalance', nft, sub(charlie))).toPrimitive()).toBe(1);
    expect((await query('nonfungible', 'tokensMinted', nft)).toPrimitive()).toBe(3);
    // The NFT pallet's items say nothing of another mode's collection.
    expect((await query('nonfungible', 'tokensMinted', rft)).toPrimitive()).toBe(0);
    expect((await query('nonfungible', 'tokenData', rft, 1)).isNone).toBe(true);
  });

  it('Refungible and Fungible balances match the REST API and the indexer', async () => {
    expect((await query('refungible', 'balance', rft, 1, sub(bob))).toPrimitive()).toBe(60);
    expect((await query('refungible', 'balance', rft, 1, sub(charlie))).toPrimitive()).toBe(40);
    expect((await query('refungible', 'balance', rft, 1, sub(dave))).toPrimitive()).toBe(0);
    expect((await query('refungible', 'totalSupply', rft, 1)).toPrimitive()).toBe(100);
    expect((await query('refungible', 'accountBalance', rft, sub(bob))).toPrimitive()).toBe(1);
    expect((await query('refungible', 'owned', rft, sub(charlie), 1)).toJSON()).toBe(true);
    expect((await query('refungible', 'tokensMinted', rft)).toPrimitive()).toBe(1);
    expect((await query('fungible', 'balance', ft, sub(bob))).toString()).toBe('1000');
    expect((await query('fungible', 'totalSupply', ft)).toString()).toBe('1000');
    const balances = await ix.tokenBalances({ mode: 'RFT', collectionIdIn: [String(rft)] });
    expect(balances.items.map((b) => [b.address, b.amount]).sort()).toEqual([
      [bob.address, '60'],
      [charlie.address, '40'],
    ]);
    const fungible = await ix.tokenBalances({ mode: 'Fungible', collectionIdIn: [String(ft)] });
    expect(fungible.items.map((b) => [b.address, b.amount])).toEqual([[bob.address, '1000']]);
  });

  it('a key the devnet does not hold reads null, whatever its shape', async () => {
    const good = storageKey('nonfungible.tokenData', nft, 1);
    expect((await raw('state_getStorage', [good])).result).toMatch(/^0x00/);
    // The same key with one hash byte changed, cut short, or with a byte more.
    const wrongHash = `${good.slice(0, 66)}${good[66] === '0' ? '1' : '0'}${good.slice(67)}`;
    for (const key of [
      wrongHash,
      good.slice(0, -2),
      `${good}00`,
      good.slice(0, 66),
      `${good.slice(0, 66)}ff`,
    ])
      expect((await raw('state_getStorage', [key])).result, key).toBeNull();
    // Opal keeps no entry for a zero balance or a false flag: absent, not an encoded zero.
    for (const key of [
      storageKey('refungible.balance', rft, 1, dave.address),
      storageKey('nonfungible.owned', nft, charlie.address, 1),
      storageKey('nonfungible.accountBalance', nft, dave.address),
      storageKey('fungible.balance', ft, charlie.address),
    ])
      expect((await raw('state_getStorage', [key])).result, key).toBeNull();
    // A CrossAccountId key with an unknown variant.
    const owned = storageKey('nonfungible.owned', nft, bob.address, 1);
    const variantAt = 66 + 16 + 8 + 32;
    expect(owned.slice(variantAt, variantAt + 2)).toBe('00');
    const badVariant = `${owned.slice(0, variantAt)}02${owned.slice(variantAt + 2)}`;
    expect((await raw('state_getStorage', [badVariant])).result).toBeNull();
  });
});

describe('api.rpc.unique: the 25 methods Opal serves', () => {
  it('rpc_methods lists them, and not the two Opal no longer serves', async () => {
    const { methods } = (await raw('rpc_methods', [])).result as { methods: string[] };
    const served = methods.filter((m) => m.startsWith('unique_'));
    const defined = Object.keys(UNIQUE_RPC).map((m) => `unique_${m}`);
    expect(served.sort()).toEqual(
      defined.filter((m) => m !== 'unique_constMetadata' && m !== 'unique_variableMetadata').sort(),
    );
    expect(served).toHaveLength(25);
    expect((await raw('unique_constMetadata', [nft, 1])).error?.code).toBe(-32601);
  });

  it('collectionById, collectionStats, lastTokenId, totalSupply, effectiveCollectionLimits', async () => {
    const rest = await restCollection(nft);
    const c = (await unique('collectionById', nft)).unwrap();
    expect(c.owner!.toString()).toBe(alice.address);
    expect(utf16(c.name!.toJSON())).toBe('Snake');
    expect(c.readOnly!.toJSON()).toBe(false);
    expect(c.flags!.toJSON()).toEqual({ foreign: false, erc721metadata: false });
    expect(c.properties!.toHuman()).toEqual([{ key: 'theme', value: 'dark' }]);
    expect(c.tokenPropertyPermissions!.toHuman()).toEqual(
      (rest.tokenPropertyPermissions as unknown[]).map((p) => p),
    );
    expect((await unique('collectionById', 999)).isNone).toBe(true);
    const stats = (await unique('collectionStats')).toJSON();
    const created = devnet.chain.storage.common.createdCount;
    expect(stats).toEqual({ created, destroyed: 0, alive: created });
    expect((await unique('lastTokenId', nft)).toPrimitive()).toBe(3);
    expect((await unique('totalSupply', nft)).toPrimitive()).toBe(3);
    expect((await unique('lastTokenId', ft)).toPrimitive()).toBe(0);
    const limits = (await unique('effectiveCollectionLimits', nft)).unwrap().toJSON();
    expect(limits).toMatchObject({
      accountTokenOwnershipLimit: 100_000_000,
      sponsoredDataRateLimit: { sponsoringDisabled: null },
      ownerCanDestroy: true,
      transfersEnabled: true,
    });
    expect((await unique('effectiveCollectionLimits', 999)).isNone).toBe(true);
    const indexed = await ix.collection({ collectionId: nft });
    expect([indexed.owner, indexed.name, indexed.lastTokenId]).toEqual([alice.address, 'Snake', 3]);
  });

  it('tokens: exists, owner, topmost owner, owners, children, data, properties', async () => {
    expect((await unique('tokenExists', nft, 3)).toJSON()).toBe(true);
    expect((await unique('tokenExists', nft, 4)).toJSON()).toBe(false);
    expect((await unique('tokenOwner', nft, 1)).unwrap().toJSON()).toEqual({ substrate: bob.address });
    expect((await unique('tokenOwner', nft, 4)).isNone).toBe(true);
    expect((await unique('topmostTokenOwner', nft, 2)).unwrap().toJSON()).toEqual({ substrate: bob.address });
    const indexed = await ix.nft({ collectionId: nft, tokenId: 2 });
    expect(indexed.topmostOwner).toBe(bob.address);
    expect((await unique('tokenOwners', nft, 3)).toJSON()).toEqual([{ substrate: charlie.address }]);
    expect((await unique('tokenOwners', rft, 1)).toJSON()).toEqual(
      [{ substrate: bob.address }, { substrate: charlie.address }].sort((a, b) =>
        a.substrate < b.substrate ? -1 : 1,
      ),
    );
    // Several holders: no single owner.
    expect((await unique('tokenOwner', rft, 1)).isNone).toBe(true);
    expect((await unique('tokenChildren', nft, 1)).toJSON()).toEqual([{ token: 2, collection: nft }]);
    expect((await unique('tokenChildren', 999, 1)).toJSON()).toEqual([]);
    const data = await unique('tokenData', nft, 1, null);
    expect(data.toHuman()).toEqual({
      properties: [
        { key: 'level', value: '3' },
        { key: 'score', value: '42' },
      ],
      owner: { Substrate: bob.address },
      pieces: '1',
    });
    expect((await unique('tokenData', rft, 1, ['nope'])).toJSON()).toMatchObject({
      properties: [],
      pieces: 100,
    });
    expect((await unique('tokenProperties', nft, 1, ['score', 'nope', 'level'])).toHuman()).toEqual([
      { key: 'score', value: '42' },
      { key: 'level', value: '3' },
    ]);
    expect((await unique('collectionProperties', nft, null)).toHuman()).toEqual([
      { key: 'theme', value: 'dark' },
    ]);
    expect((await unique('propertyPermissions', nft, ['score'])).toHuman()).toEqual([
      { key: 'score', permission: { mutable: true, collectionAdmin: true, tokenOwner: false } },
    ]);
    expect((await unique('collectionTokens', nft)).toJSON()).toEqual([1, 2, 3]);
    expect((await unique('accountTokens', nft, sub(bob))).toJSON()).toEqual([1]);
    expect((await unique('accountTokens', rft, sub(charlie))).toJSON()).toEqual([1]);
    expect((await unique('accountTokens', ft, sub(bob))).toJSON()).toEqual([0]);
    expect((await unique('totalPieces', rft, 1)).unwrap().toString()).toBe('100');
    expect((await unique('totalPieces', nft, 4)).isNone).toBe(true);
  });

  it('balances, allowances, admins, allow list', async () => {
    expect((await unique('accountBalance', nft, sub(bob))).toPrimitive()).toBe(1);
    expect((await unique('balance', nft, sub(charlie), 3)).toString()).toBe('1');
    expect((await unique('balance', nft, sub(bob), 3)).toString()).toBe('0');
    expect((await unique('balance', rft, sub(bob), 1)).toString()).toBe('60');
    expect((await unique('balance', ft, sub(bob), 0)).toString()).toBe('1000');
    expect((await unique('allowance', nft, sub(charlie), sub(dave), 3)).toString()).toBe('1');
    expect((await unique('allowance', nft, sub(charlie), sub(eve), 3)).toString()).toBe('0');
    // Dave is approved for token 3, but not by Bob, who does not own it.
    expect((await unique('allowance', nft, sub(bob), sub(dave), 3)).toString()).toBe('0');
    expect((await unique('allowanceForAll', nft, sub(bob), sub(dave))).toJSON()).toBe(false);
    expect((await unique('adminlist', nft)).toJSON()).toEqual([{ substrate: ferdie.address }]);
    expect((await unique('allowlist', nft)).toJSON()).toEqual([{ substrate: eve.address }]);
    expect((await unique('allowed', nft, sub(eve))).toJSON()).toBe(true);
    expect((await unique('allowed', nft, sub(dave))).toJSON()).toBe(false);
    const rest = await restCollection(nft);
    expect(rest.admins).toEqual([ferdie.address]);
    // No sponsor: nothing is sponsored.
    expect((await unique('nextSponsored', nft, sub(bob), 1)).isNone).toBe(true);
  });

  it('answers in the node’s JSON: u128 as decimal strings, snake_case fields, byte arrays', async () => {
    expect((await raw('unique_balance', [rft, { substrate: bob.address }, 1])).result).toBe('60');
    expect((await raw('unique_totalPieces', [rft, 1])).result).toBe('100');
    const c = (await raw('unique_collectionById', [nft])).result as Record<string, unknown>;
    expect(c.token_prefix).toEqual([...Buffer.from('SNK')]);
    expect(c.read_only).toBe(false);
    expect(c.limits).toMatchObject({ account_token_ownership_limit: null, transfers_enabled: null });
    expect((await raw('unique_tokenOwner', [nft, 2])).result).toEqual({
      ethereum: expect.stringMatching(/^0xf8238ccfff8ed887463fd5e0/),
    });
  });
});

describe('unique_* refusals', () => {
  const notFound = `runtime error: Module(ModuleError { index: 66, error: [${CommonError.CollectionNotFound().errorIndex}, 0, 0, 0], message: Some("CollectionNotFound") })`;

  it('an unknown collection: CollectionNotFound where Opal dispatches on it, empty answers where it reads storage', async () => {
    for (const [method, params] of [
      ['unique_tokenExists', [999, 1]],
      ['unique_tokenOwner', [999, 1]],
      ['unique_tokenData', [999, 1, null]],
      ['unique_lastTokenId', [999]],
      ['unique_balance', [999, { substrate: bob.address }, 1]],
      ['unique_accountTokens', [999, { substrate: bob.address }]],
      ['unique_totalPieces', [999, 1]],
    ] as const)
      expect((await raw(method, params)).error, method).toEqual({ code: -32000, message: notFound });
    expect((await raw('unique_collectionProperties', [999, null])).result).toEqual([]);
    expect((await raw('unique_propertyPermissions', [999, null])).result).toEqual([]);
    expect((await raw('unique_adminlist', [999])).result).toEqual([]);
    expect((await raw('unique_allowed', [999, { substrate: bob.address }])).result).toBe(false);
    expect((await raw('unique_collectionById', [999])).result).toBeNull();
    expect((await raw('unique_nextSponsored', [999, { substrate: bob.address }, 1])).result).toBeNull();
  });

  it('bad params are -32602 naming the parameter, before the collection is looked up', async () => {
    for (const [method, params, name] of [
      ['unique_tokenExists', ['1', 1], 'collection'],
      ['unique_tokenExists', [-1, 1], 'collection'],
      ['unique_tokenExists', [2 ** 32, 1], 'collection'],
      ['unique_tokenExists', [1, 1.5], 'tokenId'],
      ['unique_tokenExists', [1], 'tokenId'],
      ['unique_accountTokens', [999, bob.address], 'account'],
      ['unique_accountTokens', [999, { Substrate: bob.address }], 'account'],
      ['unique_accountTokens', [999, { substrate: '0x1234' }], 'account'],
      ['unique_accountTokens', [999, { substrate: bob.address, ethereum: '0x' }], 'account'],
      ['unique_allowance', [1, { substrate: bob.address }, { ethereum: 'nope' }, 1], 'spender'],
      ['unique_tokenProperties', [1, 1, 'score'], 'propertyKeys'],
      ['unique_tokenProperties', [1, 1, [1]], 'propertyKeys'],
      ['unique_collectionById', [1, 'latest'], 'at'],
    ] as const) {
      const { error } = await raw(method, params);
      expect(error?.code, `${method} ${JSON.stringify(params)}`).toBe(-32602);
      expect(error?.message).toContain(name);
    }
    expect((await raw('unique_collectionStats', [null, 1])).error?.code).toBe(-32602);
  });

  it('bounds the keys filter, and a key longer than a property key is the runtime’s error', async () => {
    const many = Array.from({ length: MAX_FILTER_KEYS + 1 }, (_, i) => `k${i}`);
    expect((await raw('unique_tokenProperties', [nft, 1, many])).error?.code).toBe(-32602);
    const long = await raw('unique_collectionProperties', [nft, ['x'.repeat(257)]]);
    expect(long.error).toEqual({
      code: -32000,
      message: `runtime error: Module(ModuleError { index: 66, error: [${CommonError.PropertyKeyIsTooLong().errorIndex}, 0, 0, 0], message: Some("PropertyKeyIsTooLong") })`,
    });
    expect((await raw('unique_collectionProperties', [nft, ['x'.repeat(256)]])).result).toEqual([]);
  });

  it('answers at a past block from the state then, not the head', async () => {
    const genesis = devnet.chain.blockHash(0);
    expect((await raw('unique_collectionById', [nft, genesis])).result).toBeNull();
    expect((await raw('unique_collectionById', [nft, devnet.chain.headHash])).result).not.toBeNull();
  });
});

describe('state_getKeysPaged', () => {
  const keysPaged = async (...params: unknown[]) =>
    (await raw('state_getKeysPaged', params)).result as string[];
  const accountPrefix = storageKey('system.account', alice.address).slice(0, 66);

  it('pages through System.Account in key order, each page read from the index', async () => {
    const expected = devnet.chain.storage.system
      .allAccounts()
      .filter((a) => !a.address.startsWith('0x'))
      .map((a) => accountKey(decodeSubstrateAddress(a.address)))
      .sort();
    expect(expected.length).toBeGreaterThan(5);
    const seen: string[] = [];
    let page: string[];
    do {
      page = await keysPaged(accountPrefix, 2, seen.at(-1) ?? null);
      expect(page.length).toBeLessThanOrEqual(2);
      seen.push(...page);
    } while (page.length === 2);
    expect(seen).toEqual(expected);
    // A longer prefix (a partial key) narrows the page to the keys under it.
    const partial = expected[3]!.slice(0, 68);
    expect(await keysPaged(partial, 1000)).toEqual(expected.filter((k) => k.startsWith(partial)));
    // The devnet's query plan reads the index, so a page costs what it returns, not the table.
    const key = `${ACCOUNT_KEY_SQL_FUNCTION}(address)`;
    const plan = devnet.chain.storage.db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT address FROM accounts WHERE ${key} > ? AND ${key} >= ? AND ${key} < ? ORDER BY ${key} LIMIT ?`,
      )
      .all('', '', 'g', 10) as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/USING (COVERING )?INDEX accounts_storage_key/);
    expect(plan.map((p) => p.detail).join(' ')).not.toMatch(/TEMP B-TREE/);
  });

  it('lists a plain value under its pallet prefix, and starts after the start key', async () => {
    const now = storageKey('timestamp.now');
    expect(await keysPaged(now.slice(0, 34), 10)).toEqual([now]);
    expect(await keysPaged(now.slice(0, 34), 10, now)).toEqual([]);
    // A start key before the item's keys starts at the first.
    expect(await keysPaged(now.slice(0, 34), 10, now.slice(0, 40))).toEqual([now]);
  });

  it("lists Unique's collection and token maps for .entries(), in key order, a bounded page at a time", async () => {
    const collections = devnet.chain.storage.common.list(1000, 0).map((c) => c.id);
    expect(collections.length).toBeGreaterThanOrEqual(3);
    // api.query.common.collectionById.entries(): every collection, each decoding to the collection read by key.
    const entries = (await (
      api.query.common!.collectionById! as unknown as { entries(): Promise<[{ args: Json[] }, Opt][]> }
    ).entries()) as [{ args: Json[] }, Opt][];
    expect(entries.map(([k]) => k.args[0]!.toPrimitive()).sort()).toEqual([...collections].sort());
    for (const [k, v] of entries)
      expect(v.toHex()).toBe((await query('common', 'collectionById', k.args[0]!.toPrimitive())).toHex());
    // api.query.nonfungible.tokenData.entries(collection): that collection's tokens only.
    const tokens = (await (
      api.query.nonfungible!.tokenData! as unknown as {
        entries(c: number): Promise<[{ args: Json[] }, Opt][]>;
      }
    ).entries(nft)) as [{ args: Json[] }, Opt][];
    expect(tokens.map(([k]) => k.args.map((a) => a.toPrimitive())).sort()).toEqual([
      [nft, 1],
      [nft, 2],
      [nft, 3],
    ]);
    const owners = Object.fromEntries(
      tokens.map(([k, v]) => [k.args[1]!.toPrimitive(), v.unwrap().owner!.toJSON()]),
    );
    expect(owners[3]).toEqual({ substrate: charlie.address });
    // Nothing for another mode's collection, whose tokens the NFT pallet does not hold.
    expect(await keysPaged(storageKey('nonfungible.tokenData', rft, 1).slice(0, 66 + 24), 1000)).toEqual([]);
    // Pages of one, each after the last, give the same keys in key order.
    const prefix = storageKey('common.collectionProperties', nft).slice(0, 66);
    const all = await keysPaged(prefix, 1000);
    expect(all).toEqual([...all].sort());
    expect(all).toHaveLength(collections.length);
    const seen: string[] = [];
    for (
      let page = await keysPaged(prefix, 1);
      page.length > 0;
      page = await keysPaged(prefix, 1, seen.at(-1))
    )
      seen.push(...page);
    expect(seen).toEqual(all);
    // The collections' query plan reads its index: a page costs what it returns (tokens are sorted when listed:
    // NonfungibleStorage.tokensByKey, tested in substrateRpc.storage.test.ts).
    for (const [table, key] of [['collections', 'collection_storage_key(id)']] as const) {
      const plan = (
        devnet.chain.storage.db
          .prepare(
            `EXPLAIN QUERY PLAN SELECT * FROM ${table} WHERE ${key} > ? AND ${key} >= ? AND ${key} < ? ORDER BY ${key} LIMIT ?`,
          )
          .all('', '', 'g', 10) as { detail: string }[]
      )
        .map((p) => p.detail)
        .join(' ');
      expect(plan).toMatch(new RegExp(`USING (COVERING )?INDEX ${table}_storage_key`));
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });

  it('refuses a prefix reaching keys it cannot list in order, naming them', async () => {
    for (const [prefix, named] of [
      [storageKey('nonfungible.owned', nft, bob.address, 1).slice(0, 66), 'nonfungible.owned'],
      [storageKey('nonfungible.tokenData', nft, 1).slice(0, 34), 'nonfungible.tokensMinted'],
      [accountPrefix.slice(0, 34), 'system.blockHash'],
      ['0x', 'refungible.balance'],
    ] as const) {
      const { error } = await raw('state_getKeysPaged', [prefix, 10]);
      expect(error?.code, prefix).toBe(-32000);
      expect(error?.message).toContain(named);
    }
  });
});
