import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Chain } from '../src/chain/chain.js';
import { openDb } from '../src/database.js';
import { indexChain } from '../src/indexer/writer.js';
import { alice, bob, charlie, dave } from './helpers/accounts.js';
import { getJson, submitOverHttp } from './helpers/fetchClient.js';
import { checkInvariants } from './helpers/invariants.js';
import { killDuringWrites, runCli, spawnDevnet, stopChild } from './helpers/process.js';

const dir = mkdtempSync(join(tmpdir(), 'nftkit-devnet-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('durability: kill -9 during a burst of writes, restart', () => {
  it('keeps every transaction whose status said in-block, never half a block, and balances add up', async () => {
    const db = join(dir, 'chain.sqlite');
    const first = await spawnDevnet(['--port', '0', '--db', db, '--reset', '--block-time', '20']);
    const senders = [alice, bob, charlie];
    const confirmed = await killDuringWrites(
      first.child,
      { senders: senders.length, perSender: 200, minConfirmed: 30 },
      async (sender, i) => {
        const hash = await submitOverHttp(
          first.url,
          senders[sender]!,
          '/balances/transfer',
          { to: dave.address, amount: String(1000 + i) },
          { nonce: i },
        );
        const st = await getJson(`${first.url}/balances/transfer/status/${hash}?waitMs=5000`);
        return st.status === 200 ? hash : undefined;
      },
    );

    const second = await spawnDevnet(['--port', '0', '--db', db, '--block-time', '20']);
    try {
      for (const hash of confirmed) {
        const st = await getJson(`${second.url}/balances/transfer/status/${hash}`);
        expect(st.status).toBe(200);
      }
    } finally {
      await stopChild(second.child);
    }
    // Reopened directly: every block holds exactly the extrinsics it counts, and the state is consistent.
    const chain = new Chain({ index: indexChain, db: openDb({ path: db }) });
    const blocks = chain.storage.db
      .prepare(
        'SELECT b.number, b.extrinsic_count AS n, (SELECT COUNT(*) FROM extrinsics e WHERE e.block_number = b.number) AS m FROM blocks b',
      )
      .all() as { number: number; n: number; m: number }[];
    for (const b of blocks) expect(b.m).toBe(b.n);
    expect(chain.storage.system.account(alice.address).nonce).toBe(
      (
        chain.storage.db
          .prepare('SELECT COUNT(*) AS c FROM extrinsics WHERE signer = ?')
          .get(alice.address) as { c: number }
      ).c,
    );
    checkInvariants(chain);
    chain.storage.db.close();
  }, 180_000);

  it('resumes exactly after a clean restart: head, balances, nonces, collections, tokens', async () => {
    const db = join(dir, 'resume.sqlite');
    const a = await spawnDevnet(['--port', '0', '--db', db, '--reset', '--instant']);
    await submitOverHttp(a.url, alice, '/collection/create', {
      mode: 'Nft',
      name: 'R',
      description: 'r',
      symbol: 'R',
    });
    await submitOverHttp(a.url, alice, '/token/nfts/mint', {
      collectionId: 1,
      tokens: [{ owner: bob.address }],
    });
    const before = {
      head: await getJson(`${a.url}/devnet/info`),
      balance: await getJson(`${a.url}/balances/get?address=${alice.address}`),
      nonce: await getJson(`${a.url}/accounts/next_index?address=${alice.address}`),
      token: await getJson(`${a.url}/token?collectionId=1&tokenId=1`),
    };
    await stopChild(a.child);
    const b = await spawnDevnet(['--port', '0', '--db', db, '--instant']);
    try {
      const info = await getJson(`${b.url}/devnet/info`);
      expect(info.body.head).toEqual(before.head.body.head);
      expect(info.body.genesisHash).toEqual(before.head.body.genesisHash);
      expect((await getJson(`${b.url}/balances/get?address=${alice.address}`)).body).toEqual(
        before.balance.body,
      );
      expect((await getJson(`${b.url}/accounts/next_index?address=${alice.address}`)).body).toEqual(
        before.nonce.body,
      );
      expect((await getJson(`${b.url}/token?collectionId=1&tokenId=1`)).body).toEqual(before.token.body);
    } finally {
      await stopChild(b.child);
    }
    const c = await spawnDevnet(['--port', '0', '--db', db, '--reset', '--instant']);
    try {
      expect((await getJson(`${c.url}/token?collectionId=1&tokenId=1`)).status).toBe(404);
    } finally {
      await stopChild(c.child);
    }
  }, 180_000);

  it('the CLI explains bad flags and exits with 2', async () => {
    const bad = await runCli(['--port', 'abc']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--port must be an integer');
    const unknown = await runCli(['--frobnicate']);
    expect(unknown.code).toBe(2);
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--block-time');
  }, 60_000);
});
