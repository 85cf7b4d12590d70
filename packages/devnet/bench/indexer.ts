import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../src/app.js';
import { Chain } from '../src/chain/chain.js';
import { openDb } from '../src/database.js';
import { indexChain } from '../src/indexer/writer.js';
import { SEED_OWNERS, seedTokens } from './bigChain.js';
import { httpRequest } from './http.js';

// `devnet.indexer_query_ms.median`: the 10 newest NFTs of a collection holding 100 000 tokens, filtered
// by owner, through the indexer's HTTP route, on a chain seeded as bigChain.ts does.

const TOKENS = 100_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

export async function runIndexerBench(
  log: (line: string) => void = () => {},
): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'nftkit-indexer-bench-'));
  const db = openDb({ path: join(dir, 'chain.sqlite') });
  const chain = new Chain({ index: indexChain, db, instant: false });
  const owners = SEED_OWNERS;
  try {
    const seed0 = performance.now();
    await seedTokens(chain, TOKENS);
    log(`seeded ${TOKENS} tokens in ${round((performance.now() - seed0) / 1000, 1)} s`);

    const app = await buildApp({ chain, logLevel: 'silent' });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const url = `http://127.0.0.1:${port}/v2/devnet/indexer/nfts?collectionIdIn=1&ownerIn=${owners[2]}&orderByTokenId=desc&limit=10`;
    try {
      const times: number[] = [];
      for (let i = 0; i < 250; i++) {
        const t0 = performance.now();
        const res = await httpRequest(url);
        const body = JSON.parse(res.text) as { items: { tokenId: number }[]; count: number };
        const dt = performance.now() - t0;
        if (res.status !== 200 || body.items.length !== 10 || body.count !== TOKENS / owners.length)
          throw new Error(`unexpected answer ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
        if (i >= 50) times.push(dt);
      }
      return { 'devnet.indexer_query_ms.median': round(median(times)) };
    } finally {
      await app.close();
    }
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = process.env.BENCH_OUT;
  const results = await runIndexerBench((line) => console.error(line));
  console.log(JSON.stringify(results));
  if (out) writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
}
