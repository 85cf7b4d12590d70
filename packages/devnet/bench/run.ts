import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAttackBench } from './attack.js';
import { account, postJson, write } from './client.js';
import { runCommitBench } from './commit.js';
import { runEthRpcBenchInChild } from './ethRpc.js';
import { runEvmBench } from './evm.js';
import { httpRequest } from './http.js';
import { runIndexerBench } from './indexer.js';
import { runSdkWritesBench } from './sdkWrites.js';
import { runSnapshotBench } from './snapshot.js';
import { runSubstrateRpcBench, runSubstrateTransferBench } from './substrateRpc.js';

// `npm run bench -w @nftkit/devnet`: the devnet's figures, written as one flat JSON object to $BENCH_OUT.
const pkg = fileURLToPath(new URL('..', import.meta.url));
const root = join(pkg, '..', '..');
const out = process.env.BENCH_OUT ?? join(root, 'bench', 'parts', 'devnet.json');
// A real database file, as users run it (the default is a file, not memory).
const tmp = mkdtempSync(join(tmpdir(), 'nftkit-devnet-bench-'));
const dbFile = (name: string) => join(tmp, `${name}.sqlite`);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

/** The bundled CLI, what `npx nftkit-devnet` and `npm start` run (bundled afresh so it matches the sources). */
async function cliCommand(): Promise<string[]> {
  const { bundleCli } = (await import(join(pkg, 'scripts', 'bundle.mjs'))) as {
    bundleCli(outdir?: string): Promise<string>;
  };
  // Under dist/ (ignored by git), where the bundle's external packages resolve from node_modules.
  mkdirSync(join(pkg, 'dist'), { recursive: true });
  const dir = mkdtempSync(join(pkg, 'dist', '.bundle-bench-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return [join(await bundleCli(dir), 'cli.js')];
}
const cli = await cliCommand();

async function spawnDevnet(
  args: string[],
): Promise<{ child: ChildProcess; url: string; started: number; listening: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [...cli, ...args], {
    cwd: pkg,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (d: Buffer) => {
      text += d.toString();
      const m = /listening on (\S+)/.exec(text);
      if (m) resolve({ child, url: m[1]!, started, listening: performance.now() });
    });
    child.on('exit', (code) => reject(new Error(`devnet exited with ${code}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function startupMs(): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const d = await spawnDevnet(['--port', '0', '--db', dbFile(`startup${i}`), '--reset', '--instant']);
    for (;;) {
      try {
        const res = await fetch(
          `${d.url}/balances/get?address=5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY`,
        );
        if (res.ok) break;
      } catch {
        // not listening yet
      }
    }
    times.push(performance.now() - d.started);
    d.child.removeAllListeners('exit');
    await stop(d.child);
  }
  return median(times);
}

async function main(): Promise<void> {
  const results: Record<string, number> = {};
  results['devnet.startup_ms'] = round(await startupMs(), 1);

  const d = await spawnDevnet(['--port', '0', '--db', dbFile('main'), '--reset', '--instant']);
  d.child.removeAllListeners('exit');
  try {
    const url = d.url;
    const alice = account('//Alice');
    const bob = account('//Bob');

    // Write latency: one client, sequential transfers.
    const lat: number[] = [];
    for (let i = 0; i < 400; i++) {
      const t0 = performance.now();
      await write(url, alice, '/balances/transfer', { to: bob.address, amount: '1' });
      if (i >= 100) lat.push(performance.now() - t0);
    }
    results['devnet.write_latency_ms.median'] = round(median(lat));
    results['devnet.write_latency_ms.p99'] = round(pct(lat, 99));

    // Mints: 8 concurrent clients, one token per transaction, each into its own collection.
    const minters = Array.from({ length: 8 }, (_, i) => account(`//BenchMinter${i}`));
    for (const m of minters) {
      await postJson(`${url}/devnet/faucet`, { address: m.address, amount: '100000' });
      await write(url, m, '/collection/create', {
        mode: 'Nft',
        name: 'Bench',
        description: 'bench',
        symbol: 'B',
      });
    }
    const firstMinterCollection = 1;
    const nonces = minters.map(() => 1);
    const mintFor = async (ms: number): Promise<number> => {
      let count = 0;
      const deadline = performance.now() + ms;
      const t0 = performance.now();
      await Promise.all(
        minters.map(async (m, i) => {
          while (performance.now() < deadline) {
            await write(
              url,
              m,
              '/token/nfts/mint',
              { collectionId: firstMinterCollection + i, tokens: [{}] },
              nonces[i]!++,
            );
            count++;
          }
        }),
      );
      return count / ((performance.now() - t0) / 1000);
    };
    // Warm-up (JIT, sockets, the WAL reaching its checkpoint size), then the median of three rounds.
    await mintFor(3000);
    const mintRounds = [await mintFor(4000), await mintFor(4000), await mintFor(4000)];
    results['devnet.mint_tx_per_s'] = round(median(mintRounds), 1);
    await write(url, alice, '/collection/create', {
      mode: 'Nft',
      name: 'Reads',
      description: 'r',
      symbol: 'R',
      info: {},
    });
    const collectionId = minters.length + 1;

    // Token reads with decoded metadata, 8 connections.
    await write(url, alice, '/token/nfts/mint', {
      collectionId,
      tokens: [
        {
          owner: alice.address,
          data: {
            name: 'Read',
            image: 'https://example/r.png',
            attributes: [{ trait_type: 'score', value: 1 }],
          },
        },
      ],
    });
    const readUrl = `${url}/token?collectionId=${collectionId}&tokenId=1`;
    const readFor = async (ms: number): Promise<number> => {
      let reads = 0;
      const deadline = performance.now() + ms;
      const r0 = performance.now();
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (performance.now() < deadline) {
            const res = await httpRequest(readUrl);
            if (res.status !== 200) throw new Error(`read ${res.status}`);
            reads++;
          }
        }),
      );
      return reads / ((performance.now() - r0) / 1000);
    };
    // Warm-up (JIT, sockets), then the median of three rounds.
    await readFor(1000);
    const rounds = [await readFor(2000), await readFor(2000), await readFor(2000)];
    results['devnet.token_read_req_per_s'] = round(median(rounds), 0);

    // `ownerOf` through the native collection contract, 8 connections.
    Object.assign(results, await runEvmBench(url));
    // 50 concurrent writes from one sdk account.
    Object.assign(results, await runSdkWritesBench(url));
  } finally {
    await stop(d.child);
  }

  // Ethereum JSON-RPC beside Hardhat's node, on a devnet of its own.
  const eth = await spawnDevnet(['--port', '0', '--db', dbFile('eth'), '--reset', '--instant']);
  eth.child.removeAllListeners('exit');
  try {
    Object.assign(results, await runEthRpcBenchInChild(eth.url, eth.child.pid));
  } finally {
    await stop(eth.child);
  }

  // Substrate JSON-RPC (System.Account reads, @polkadot/api connecting), on a devnet of its own.
  const substrate = await spawnDevnet(['--port', '0', '--db', dbFile('substrate'), '--reset', '--instant']);
  substrate.child.removeAllListeners('exit');
  try {
    Object.assign(results, await runSubstrateRpcBench(new URL(substrate.url).origin));
    Object.assign(results, await runSubstrateTransferBench(substrate.url));
  } finally {
    await stop(substrate.child);
  }

  // Memory with 100 000 tokens: minted in 120-token transactions, then the devnet's resident set.
  const big = await spawnDevnet(['--port', '0', '--db', dbFile('big'), '--reset', '--instant']);
  big.child.removeAllListeners('exit');
  try {
    const alice = account('//Alice');
    await write(big.url, alice, '/collection/create', {
      mode: 'Nft',
      name: 'Big',
      description: 'b',
      symbol: 'B',
      info: {},
    });
    const tokens = Array.from({ length: 120 }, () => ({ data: { image: 'https://example/t.png' } }));
    let nonce = 1;
    let total = 0;
    const inflight: Promise<void>[] = [];
    while (total < 100_000) {
      const n = Math.min(120, 100_000 - total);
      inflight.push(
        write(big.url, alice, '/token/nfts/mint', { collectionId: 1, tokens: tokens.slice(0, n) }, nonce++),
      );
      total += n;
      if (inflight.length >= 8) await Promise.all(inflight.splice(0));
    }
    await Promise.all(inflight);
    const status = readFileSync(`/proc/${big.child.pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    results['devnet.rss_mb_100k_tokens'] = round(rssKb / 1024, 1);
  } finally {
    await stop(big.child);
  }

  Object.assign(results, await runIndexerBench());
  // What loadFixture pays before each test (evm_revert + evm_snapshot) on a chain of 100 000 tokens.
  Object.assign(results, await runSnapshotBench((line) => console.log(`[snapshot] ${line}`)));

  // /health while one client holds thousands of idle connections and sends megabyte addresses, on a devnet
  // of its own; then what synchronous=FULL would cost a block commit.
  const attacked = await spawnDevnet(['--port', '0', '--db', dbFile('attack'), '--reset', '--instant']);
  attacked.child.removeAllListeners('exit');
  try {
    Object.assign(results, await runAttackBench(new URL(attacked.url).origin));
  } finally {
    await stop(attacked.child);
  }
  Object.assign(results, await runCommitBench());

  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(results);
}

await main();
