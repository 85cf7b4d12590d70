import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Chain } from '../src/chain/chain.js';
import { openDb } from '../src/database.js';
import { indexChain } from '../src/indexer/writer.js';
import { encodeCall } from '../src/runtime/runtime.js';
import { account } from './client.js';

// What `synchronous = FULL` costs a block commit against NORMAL. One transfer per block, each
// block committed on its own (the worst case: no group commit), on a real file in the temp directory.

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function commitMs(synchronous: 'NORMAL' | 'FULL', blocks: number): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'nftkit-commit-bench-'));
  const db = openDb({ path: join(dir, 'chain.sqlite') });
  db.pragma(`synchronous = ${synchronous}`);
  const chain = new Chain({ index: indexChain, db, instant: false });
  const alice = account('//Alice');
  const bob = account('//Bob');
  const times: number[] = [];
  try {
    for (let i = 0; i < blocks; i++) {
      const call = encodeCall('balances', 'transferKeepAlive', { dest: bob.address, value: '1' });
      const built = chain.build(call, { signerAddress: alice.address, nonce: i });
      const { signature } = await alice.signer.sign({ signerPayloadHex: built.signerPayloadHex });
      chain.submit(built.signerPayloadJSON, signature);
      chain.produceBlock();
      const t0 = performance.now();
      chain.commit();
      if (i >= 20) times.push(performance.now() - t0);
    }
  } finally {
    chain.stop();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return median(times);
}

/** The median commit of a one-transfer block under each setting, alternated so both see the same machine. */
export async function runCommitBench(): Promise<Record<string, number>> {
  const normal: number[] = [];
  const full: number[] = [];
  for (let round = 0; round < 3; round++) {
    normal.push(await commitMs('NORMAL', 220));
    full.push(await commitMs('FULL', 220));
  }
  const round3 = (n: number) => Math.round(n * 1000) / 1000;
  return {
    'devnet.block_commit_ms.synchronous_normal': round3(median(normal)),
    'devnet.block_commit_ms.synchronous_full': round3(median(full)),
  };
}

if (process.argv[1]?.endsWith('commit.ts')) console.log(await runCommitBench());
