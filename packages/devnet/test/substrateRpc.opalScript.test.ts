import { UniqueIndexer } from '@nftkit/sdk';
import { type ApiPromise, Keyring } from '@polkadot/api';
import type { SubmittableExtrinsic } from '@polkadot/api/types';
import type { KeyringPair } from '@polkadot/keyring/types';
import type { Codec } from '@polkadot/types/types';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAIN } from '../src/runtime/identity.js';
import { devnetForFile, TIMED_BLOCKS } from './helpers/devnet.js';
import { connectApi } from './helpers/substrate.js';

// A script written for Opal with @polkadot/api and Opal's published RPC definitions, run unchanged against the
// devnet: create a collection, mint an NFT, set its properties — each signed with a keyring pair and watched to
// Finalized with its events — then read back through api.query, api.rpc.unique, the REST API and the indexer.

type Tx = SubmittableExtrinsic<'promise'>;
type Json = Codec & { toPrimitive(): unknown; toHuman(): unknown };
type Opt = Json & { isNone: boolean; unwrap(): Json & Record<string, Json> };
type Call = (...a: unknown[]) => Promise<Opt>;
type EventRecord = { event: { section: string; method: string; data: Json[] } };

const devnet = devnetForFile(TIMED_BLOCKS);
let api: ApiPromise;
let alice: KeyringPair;
let bob: KeyringPair;

const tx = (method: string, ...args: unknown[]) =>
  (api.tx.unique![method] as unknown as (...a: unknown[]) => Tx)(...args);
const query = (section: string, item: string, ...args: unknown[]) =>
  (api.query[section]![item]! as unknown as Call)(...args);
const unique = (method: string, ...args: unknown[]) =>
  (api.rpc as unknown as Record<string, Record<string, Call>>).unique![method]!(...args);
const utf16 = (s: string) => [...s].map((c) => c.charCodeAt(0));
const text = (hex: unknown) => Buffer.from(String(hex).slice(2), 'hex').toString('utf8');

/** Signs and sends, resolving at Finalized with the statuses seen and the extrinsic's events; a dispatch error rejects. */
function finalized(t: Tx, signer: KeyringPair) {
  const statuses: string[] = [];
  return new Promise<{ statuses: string[]; events: EventRecord[]; blockHash: string }>((resolve, reject) => {
    void t
      .signAndSend(signer, (result) => {
        statuses.push(result.status.type);
        if (result.dispatchError) reject(new Error(result.dispatchError.toString()));
        if (result.status.isFinalized)
          resolve({
            statuses,
            events: result.events as unknown as EventRecord[],
            blockHash: result.status.asFinalized.toHex(),
          });
      })
      .catch(reject);
  });
}
const named = (events: EventRecord[], section: string, method: string) =>
  events.filter((e) => e.event.section === section && e.event.method === method);

beforeAll(async () => {
  await cryptoWaitReady();
  const keyring = new Keyring({ type: 'sr25519', ss58Format: CHAIN.ss58Format });
  alice = keyring.addFromUri('//Alice');
  bob = keyring.addFromUri('//Bob');
  api = await connectApi(new URL(devnet.url).origin, { opal: true });
}, 60_000);
afterAll(async () => {
  await api?.disconnect();
});

describe('an Opal script: create a collection, mint, set properties, read back', () => {
  let collectionId: number;
  let tokenId: number;

  it('createCollectionEx goes Ready → InBlock → Finalized with common.CollectionCreated', async () => {
    const { statuses, events } = await finalized(
      tx('createCollectionEx', {
        mode: 'NFT',
        name: utf16('Snake'),
        description: utf16('Scores of the game'),
        tokenPrefix: 'SNK',
        permissions: { nesting: { tokenOwner: true } },
        tokenPropertyPermissions: [
          { key: 'score', permission: { mutable: true, collectionAdmin: true, tokenOwner: false } },
        ],
        properties: [{ key: 'theme', value: 'dark' }],
      }),
      alice,
    );
    expect(statuses).toEqual(['Ready', 'InBlock', 'Finalized']);
    const [created] = named(events, 'common', 'CollectionCreated');
    expect(created).toBeDefined();
    const [id, mode, owner] = created!.event.data;
    collectionId = Number(id!.toPrimitive());
    expect(collectionId).toBeGreaterThan(0);
    expect(mode!.toPrimitive()).toBe(1); // Opal's NFT mode byte
    expect(owner!.toString()).toBe(alice.address);
    expect(named(events, 'system', 'ExtrinsicSuccess')).toHaveLength(1);
  });

  it('createItem mints an NFT to Bob with common.ItemCreated', async () => {
    const { events } = await finalized(
      tx('createItem', collectionId, { Substrate: bob.address }, { NFT: { properties: [] } }),
      alice,
    );
    const [item] = named(events, 'common', 'ItemCreated');
    expect(item).toBeDefined();
    const [c, t, to, amount] = item!.event.data;
    expect(c!.toPrimitive()).toBe(collectionId);
    tokenId = Number(t!.toPrimitive());
    expect(tokenId).toBe(1);
    expect(to!.toJSON()).toEqual({ substrate: bob.address });
    expect(amount!.toPrimitive()).toBe(1);
  });

  it('setTokenProperties sets the score with common.TokenPropertySet', async () => {
    const { events } = await finalized(
      tx('setTokenProperties', collectionId, tokenId, [{ key: 'score', value: '42' }]),
      alice,
    );
    const set = named(events, 'common', 'TokenPropertySet');
    expect(set.map((e) => e.event.data.map((d) => d.toHuman()))).toEqual([
      [String(collectionId), String(tokenId), 'score'],
    ]);
  });

  it('api.query, api.rpc.unique, the REST API and the indexer all show the same collection and token', async () => {
    // api.query: Opal's storage.
    const c = (await query('common', 'collectionById', collectionId)).unwrap();
    expect(c.owner!.toString()).toBe(alice.address);
    expect(c.mode!.toString()).toBe('NFT');
    expect(String.fromCharCode(...(c.name!.toJSON() as number[]))).toBe('Snake');
    expect(text(c.tokenPrefix!.toHex())).toBe('SNK');
    expect((await query('common', 'collectionProperties', collectionId)).toHuman()).toMatchObject({
      map: { theme: 'dark' },
    });
    expect((await query('common', 'collectionPropertyPermissions', collectionId)).toHuman()).toEqual({
      score: { mutable: true, collectionAdmin: true, tokenOwner: false },
    });
    const data = (await query('nonfungible', 'tokenData', collectionId, tokenId)).unwrap();
    expect(data.owner!.toJSON()).toEqual({ substrate: bob.address });
    const props = (await query('nonfungible', 'tokenProperties', collectionId, tokenId)).unwrap();
    expect(props.map!.toHuman()).toEqual({ score: '42' });
    expect((await query('nonfungible', 'tokensMinted', collectionId)).toPrimitive()).toBe(1);
    expect(
      (await query('nonfungible', 'accountBalance', collectionId, { Substrate: bob.address })).toPrimitive(),
    ).toBe(1);

    // api.rpc.unique: Opal's RPC.
    const rpcCollection = (await unique('collectionById', collectionId)).unwrap();
    expect(rpcCollection.owner!.toString()).toBe(alice.address);
    expect(text(rpcCollection.tokenPrefix!.toHex())).toBe('SNK');
    expect((await unique('lastTokenId', collectionId)).toPrimitive()).toBe(tokenId);
    expect((await unique('tokenOwner', collectionId, tokenId)).toJSON()).toEqual({ substrate: bob.address });
    const rpcProps = (await unique('tokenProperties', collectionId, tokenId)) as unknown as Json[];
    expect(rpcProps.map((p) => p.toHuman())).toEqual([{ key: 'score', value: '42' }]);

    // The REST API.
    const rest = (await fetch(`${devnet.url}/collection?collectionId=${collectionId}`).then((r) =>
      r.json(),
    )) as { owner: string; name: string; symbol: string; mode: string };
    expect(rest).toMatchObject({ owner: alice.address, name: 'Snake', symbol: 'SNK', mode: 'NFT' });
    const restToken = (await fetch(
      `${devnet.url}/token?collectionId=${collectionId}&tokenId=${tokenId}`,
    ).then((r) => r.json())) as { owner: string; properties: { key: string; value: string }[] };
    expect(restToken.owner).toBe(bob.address);
    expect(restToken.properties.map((p) => [p.key, p.value])).toEqual([['score', '42']]);

    // The indexer.
    const ix = UniqueIndexer({ baseUrl: `${devnet.url}/indexer` });
    const ixCollection = await ix.collection({ collectionId: String(collectionId) });
    expect(ixCollection.name).toBe('Snake');
    expect(ixCollection.owner).toBe(alice.address);
    const ixToken = await ix.nft({ collectionId: String(collectionId), tokenId });
    expect(ixToken.owner).toBe(bob.address);
    const created = await ix.events({ sectionIn: ['common'], methodIn: ['TokenPropertySet'] });
    expect(created.count).toBe(1);
  });
});
