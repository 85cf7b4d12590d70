import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { privateKeyToAccount } from 'viem/accounts';
import { buildApp } from '../src/app.js';
import { Chain } from '../src/chain/chain.js';
import { ETH_DEV_ACCOUNTS } from '../src/chain/ethDevAccounts.js';
import { openDb } from '../src/database.js';
import { indexChain } from '../src/indexer/writer.js';
import { GAS_PRICE } from '../src/runtime/evm/gas.js';
import { encodeCall } from '../src/runtime/runtime.js';
import { seedTokens } from './bigChain.js';
import { account, postJson } from './client.js';

// `devnet.snapshot_revert_ms.median`: what Hardhat's `loadFixture` pays before every test — `evm_revert` to the
// fixture's snapshot and `evm_snapshot` again, over JSON-RPC — on a chain holding 100 000 tokens, after a test's
// worth of writes (an Ethereum transfer and a one-token mint, each in its own block). The cost must follow what
// changed since the snapshot, not the chain's size. The devnet runs in this process, so its CPU time for the two
// calls is measured too (`…_cpu_ms`, the client's share included).

const TOKENS = 100_000;
const ROUNDS = 60;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

export async function runSnapshotBench(
  log: (line: string) => void = () => {},
): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'nftkit-snapshot-bench-'));
  const db = openDb({ path: join(dir, 'chain.sqlite') });
  const chain = new Chain({ index: indexChain, db, instant: false });
  try {
    const seed0 = performance.now();
    await seedTokens(chain, TOKENS);
    log(`seeded ${TOKENS} tokens in ${round((performance.now() - seed0) / 1000, 1)} s`);
    chain.setMiningMode({ automine: true });

    const app = await buildApp({ chain, logLevel: 'silent' });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const origin = `http://127.0.0.1:${port}`;
    const rpc = async (method: string, params: unknown[] = []) => {
      const { body } = await postJson(origin, { jsonrpc: '2.0', id: 1, method, params });
      if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
      return body.result;
    };
    const eth = privateKeyToAccount(ETH_DEV_ACCOUNTS[0]![1] as `0x${string}`);
    const alice = account('//Alice');
    try {
      let id = await rpc('evm_snapshot');
      const times: number[] = [];
      const cpu: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        // A test's writes: after every revert the nonces are those of the snapshot again.
        const raw = await eth.signTransaction({
          type: 'eip1559',
          chainId: 8884,
          nonce: 0,
          to: ETH_DEV_ACCOUNTS[1]![0] as `0x${string}`,
          value: 1n,
          gas: 21_000n,
          maxFeePerGas: GAS_PRICE,
          maxPriorityFeePerGas: 0n,
        });
        await rpc('eth_sendRawTransaction', [raw]);
        const built = chain.build(
          encodeCall('unique', 'createMultipleItemsEx', {
            collectionId: 1,
            items: [{ owner: alice.address }],
          }),
          { signerAddress: alice.address },
        );
        chain.submit(built.signerPayloadJSON, (await alice.signer.sign(built)).signature);
        await chain.whenCommitted();
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        if ((await rpc('evm_revert', [id])) !== true) throw new Error('evm_revert did not answer true');
        id = await rpc('evm_snapshot');
        const dt = performance.now() - t0;
        const c = process.cpuUsage(c0);
        if (i >= 10) {
          times.push(dt);
          cpu.push((c.user + c.system) / 1000);
        }
      }
      if (chain.headNumber !== Number(db.prepare('SELECT MAX(number) FROM blocks').pluck().get()))
        throw new Error('the head and the blocks disagree after the reverts');
      const load = loadavg()[0]!;
      log(
        `snapshot + revert: median ${round(median(times))} ms over ${times.length} rounds, load average ${load.toFixed(2)}`,
      );
      return { 'devnet.snapshot_revert_ms.median': round(median(times)) };
    } finally {
      await app.close();
    }
  } finally {
    chain.stop();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = process.env.BENCH_OUT;
  const results = await runSnapshotBench((line) => console.error(line));
  console.log(JSON.stringify(results));
  if (out) writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
}
