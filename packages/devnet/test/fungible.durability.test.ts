import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Chain } from '../src/chain/chain.js';
import { openDb } from '../src/database.js';
import { indexChain } from '../src/indexer/writer.js';
import { alice, bob, charlie } from './helpers/accounts.js';
import { getJson, submitOverHttp } from './helpers/fetchClient.js';
import { checkInvariants } from './helpers/invariants.js';
import { spawnDevnet, stopChild } from './helpers/process.js';

const dir = mkdtempSync(join(tmpdir(), 'nftkit-devnet-ft-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = async (url: string, who: typeof alice, route: string, args: unknown, nonce?: number) => {
  const hash = await submitOverHttp(url, who, route, args, nonce === undefined ? {} : { nonce });
  const st = await getJson(`${url}${route}/status/${hash}?waitMs=10000`);
  return { hash, status: st.status, body: st.body };
};

describe('durability of fungible and refungible state', () => {
  it('kill -9 during transfers of pieces and fungible tokens: every confirmed write kept, amounts add up', async () => {
    const db = join(dir, 'chain.sqlite');
    const first = await spawnDevnet(['--port', '0', '--db', db, '--reset', '--block-time', '20']);
    const ft = (
      await write(first.url, alice, '/collection/create', {
        mode: 'Fungible',
        name: 'F',
        description: 'f',
        symbol: 'F',
      })
    ).body.result as { collectionId: number };
    const rft = (
      await write(first.url, alice, '/collection/create', {
        mode: 'ReFungible',
        name: 'R',
        description: 'r',
        symbol: 'R',
      })
    ).body.result as { collectionId: number };
    await write(first.url, alice, '/fungible/mint', {
      collectionId: ft.collectionId,
      amount: '100000',
      recipient: bob.address,
    });
    await write(first.url, alice, '/refungible/mint', {
      collectionId: rft.collectionId,
      owners: [{ address: charlie.address, pieces: 100000 }],
    });
    const confirmed: string[] = [];
    let stop = false;
    const errors: unknown[] = [];
    let done = 0;
    const burst = async (who: typeof alice, route: string, args: (i: number) => unknown) => {
      const start = (await getJson(`${first.url}/accounts/next_index?address=${who.address}`)).body
        .nextIndex as number;
      for (let i = 0; i < 200 && !stop; i++) {
        try {
          const r = await write(first.url, who, route, args(i), start + i);
          if (r.status === 200) confirmed.push(r.hash);
        } catch (e) {
          if (!stop) errors.push(e);
          return;
        }
      }
    };
    const writers = [
      burst(bob, '/fungible/transfer-from', (i) => ({
        collectionId: ft.collectionId,
        to: alice.address,
        amount: String(i + 1),
      })),
      burst(charlie, '/token/transfer-from', (i) => ({
        collectionId: rft.collectionId,
        tokenId: 1,
        to: alice.address,
        amount: i + 1,
      })),
    ].map((p) => p.finally(() => done++));
    while (confirmed.length < 20 && done < writers.length) await new Promise((r) => setTimeout(r, 20));
    expect(errors).toEqual([]);
    stop = true;
    await stopChild(first.child, 'SIGKILL');
    await Promise.all(writers);

    const chain = new Chain({ index: indexChain, db: openDb({ path: db }) });
    try {
      const inBlock = chain.storage.db
        .prepare('SELECT hash, section, method, args FROM extrinsics WHERE success = 1')
        .all() as { hash: string; section: string; method: string; args: string }[];
      const kept = new Set(inBlock.map((e) => e.hash));
      for (const hash of confirmed) expect(kept.has(hash)).toBe(true);
      // Replaying the transfers that are in blocks gives exactly the stored holdings.
      let ftMoved = 0n;
      let piecesMoved = 0n;
      for (const e of inBlock) {
        if (e.section !== 'unique' || e.method !== 'transfer') continue;
        const a = JSON.parse(e.args) as { collectionId: number; value: string };
        if (a.collectionId === ft.collectionId) ftMoved += BigInt(a.value);
        else piecesMoved += BigInt(a.value);
      }
      expect(chain.storage.fungible.balance(ft.collectionId, alice.address)).toBe(ftMoved);
      expect(chain.storage.fungible.balance(ft.collectionId, bob.address)).toBe(100000n - ftMoved);
      expect(chain.storage.refungible.balance(rft.collectionId, 1, alice.address)).toBe(piecesMoved);
      expect(chain.storage.refungible.balance(rft.collectionId, 1, charlie.address)).toBe(
        100000n - piecesMoved,
      );
      checkInvariants(chain);
    } finally {
      chain.storage.db.close();
    }

    // A clean restart serves the same answers.
    const second = await spawnDevnet(['--port', '0', '--db', db, '--instant']);
    try {
      const bal = await getJson(
        `${second.url}/fungible/balance?collectionId=${ft.collectionId}&address=${alice.address}`,
      );
      expect(bal.status).toBe(200);
      const token = await getJson(`${second.url}/refungible?collectionId=${rft.collectionId}&tokenId=1`);
      expect(token.body).toMatchObject({ pieces: 100000 });
      expect((token.body.owners as string[]).sort()).toEqual(
        (bal.body.balance === '0' ? [charlie.address] : [alice.address, charlie.address]).sort(),
      );
    } finally {
      await stopChild(second.child);
    }
  }, 180_000);
});
