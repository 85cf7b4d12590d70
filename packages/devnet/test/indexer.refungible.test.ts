import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nestingAddressFromIds } from '@nftkit/primitives';
import { UniqueChain, UniqueIndexer } from '@nftkit/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/database.js';
import { MANY_OWNERS_ADDRESS } from '../src/runtime/refungible/token.js';
import { startDevnet } from '../src/server.js';
import { alice, bob, charlie } from './helpers/accounts.js';
import { devnetForFile } from './helpers/devnet.js';
import { checkIndexerAgrees } from './helpers/indexerInvariants.js';

// Refungible tokens as the indexer's NFT rows (`/nfts`, `/nft`), their pieces in the token balances, and as
// nested children of an NFT (`token.get` withChildren, the parent's `isBundle`).
const devnet = devnetForFile();
let ix: ReturnType<typeof UniqueIndexer>;
let shares: number;
const as = (account: typeof alice) =>
  UniqueChain({ baseUrl: devnet.url, account, statusOptions: { retries: 50, timeout: 100 } });

beforeAll(async () => {
  ix = UniqueIndexer({ baseUrl: `${devnet.url}/indexer` });
  const s = await as(alice).collection.create({
    mode: 'ReFungible',
    name: 'Shares',
    description: 's',
    symbol: 'SHR',
    tokenPropertyPermissions: [
      { key: 'tokenData', permission: { mutable: true, collectionAdmin: true, tokenOwner: false } },
    ],
  });
  shares = s.result.collectionId;
});

type Row = { tokenId: number; owner: string; isBurned: boolean; properties: unknown };

describe('indexer: refungible tokens', () => {
  it('lists refungible tokens in /nfts with their owner, filtered and paged like NFTs', async () => {
    await as(alice).refungible.mint({
      collectionId: shares,
      owners: [{ address: bob.address, pieces: 10 }],
    });
    await as(alice).refungible.mint({
      collectionId: shares,
      owners: [
        { address: bob.address, pieces: 6 },
        { address: charlie.address, pieces: 4 },
      ],
    });
    const all = await ix.nfts({ collectionIdIn: [String(shares)] });
    expect(all.items.map((r) => [(r as Row).tokenId, (r as Row).owner])).toEqual([
      [1, bob.address],
      [2, MANY_OWNERS_ADDRESS],
    ]);
    expect((await ix.nft({ collectionId: shares, tokenId: 1 })).owner).toBe(bob.address);
    const bobs = await ix.nfts({ collectionIdIn: [String(shares)], ownerIn: [bob.address] });
    expect(bobs.items.map((r) => (r as Row).tokenId)).toEqual([1]);
    const paged = await ix.nfts({ collectionIdIn: [String(shares)], limit: 1, offset: 1 });
    expect(paged.items.map((r) => (r as Row).tokenId)).toEqual([2]);

    // The pieces are in the token balances, one row per holder.
    const balances = await ix.tokenBalances({ collectionIdIn: [String(shares)], tokenIdIn: ['2'] } as never);
    expect(
      balances.items
        .map((b) => [(b as { address: string }).address, (b as { amount: string }).amount])
        .sort(),
    ).toEqual(
      [
        [bob.address, '6'],
        [charlie.address, '4'],
      ].sort(),
    );
    checkIndexerAgrees(devnet.chain);
  });

  it('follows the pieces: a token gathered by one holder is theirs; burning every piece marks it burned', async () => {
    await as(charlie).refungible.transfer({
      collectionId: shares,
      tokenId: 2,
      to: bob.address,
      amount: 4,
    } as never);
    expect((await ix.nft({ collectionId: shares, tokenId: 2 })).owner).toBe(bob.address);
    await as(bob).refungible.burn({ collectionId: shares, tokenId: 1, amount: 10 } as never);
    const burnt = await ix.nft({ collectionId: shares, tokenId: 1 });
    expect(burnt.isBurned).toBe(true);
    expect(
      (await ix.nfts({ collectionIdIn: [String(shares)], isBurned: false })).items.map(
        (r) => (r as Row).tokenId,
      ),
    ).toEqual([2]);
    checkIndexerAgrees(devnet.chain);
  });

  it('a refungible token with pieces under an NFT is one of its children, and the NFT is a bundle', async () => {
    const parents = await as(alice).collection.create({
      mode: 'Nft',
      name: 'Boxes',
      description: 'b',
      symbol: 'BOX',
      permissions: { nesting: { tokenOwner: true, collectionAdmin: false } },
    });
    const boxes = parents.result.collectionId;
    await as(alice).token.mintNFTs({ collectionId: boxes, tokens: [{ owner: bob.address }] });
    const box = nestingAddressFromIds(boxes, 1);
    await as(bob).refungible.transfer({ collectionId: shares, tokenId: 2, to: box, amount: 3 } as never);

    const parent = await as(alice).token.get({ collectionId: boxes, tokenId: 1, withChildren: true });
    expect(
      parent.children?.map((c: { collectionId: number; tokenId: number }) => [c.collectionId, c.tokenId]),
    ).toEqual([[shares, 2]]);
    expect((await ix.nft({ collectionId: boxes, tokenId: 1 })).isBundle).toBe(true);
    expect((await ix.nft({ collectionId: shares, tokenId: 2 })).owner).toBe(MANY_OWNERS_ADDRESS);
    checkIndexerAgrees(devnet.chain);

    // The pieces come out (the topmost owner transfers from the box): no child left, no longer a bundle.
    await as(bob).refungible.transfer({
      collectionId: shares,
      tokenId: 2,
      from: box,
      to: bob.address,
      amount: 3,
    } as never);
    const emptied = await as(alice).token.get({ collectionId: boxes, tokenId: 1, withChildren: true });
    expect(emptied.children).toEqual([]);
    expect((await ix.nft({ collectionId: boxes, tokenId: 1 })).isBundle).toBe(false);
    expect((await ix.nft({ collectionId: shares, tokenId: 2 })).owner).toBe(bob.address);
    checkIndexerAgrees(devnet.chain);
  });
});

describe('indexer: refungible rows of an older database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'nftkit-indexer-rft-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a database indexed before refungible tokens had rows gets them once at startup', async () => {
    const dbPath = join(dir, 'chain.sqlite');
    const first = await startDevnet({ port: 0, dbPath, instant: true, logLevel: 'silent' });
    let collectionId: number;
    try {
      const sdk = UniqueChain({
        baseUrl: first.url,
        account: alice,
        statusOptions: { retries: 50, timeout: 100 },
      });
      const c = await sdk.collection.create({
        mode: 'ReFungible',
        name: 'Old',
        description: 'o',
        symbol: 'OLD',
      });
      collectionId = c.result.collectionId;
      await sdk.refungible.mint({ collectionId, owners: [{ address: bob.address, pieces: 5 }] });
    } finally {
      await first.stop();
    }
    // What an older devnet left: no refungible rows, no mark that they were made.
    const db = openDb({ path: dbPath });
    db.prepare('DELETE FROM ix_nfts WHERE collection_id = ?').run(collectionId);
    db.prepare("DELETE FROM meta WHERE key = 'indexer_rft_rows'").run();
    db.close();

    const second = await startDevnet({ port: 0, dbPath, instant: true, logLevel: 'silent' });
    try {
      const old = UniqueIndexer({ baseUrl: `${second.url}/indexer` });
      const rows = await old.nfts({ collectionIdIn: [String(collectionId)] });
      expect(rows.items.map((r) => [(r as Row).tokenId, (r as Row).owner])).toEqual([[1, bob.address]]);
      checkIndexerAgrees(second.chain);
    } finally {
      await second.stop();
    }
  });
});
