// `npm run bench -w @nftkit/sdk`: writes the sdk figures to $BENCH_OUT (default bench/parts/sdk.json at the root).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipKb, rolldownGzipKb } from './bundle.js';
import { measureQueryOverhead } from './queryOverhead.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..');
const out = process.env.BENCH_OUT ?? join(root, 'bench', 'parts', 'sdk.json');

const times = await measureQueryOverhead();
const ours = Math.max(0, times.ours - times.raw);
const reference = Math.max(0, times.reference - times.raw);
const chainClientKb = await gzipKb(`export { UniqueChain, Sr25519Account } from '../src/index.ts';`, here);
const referenceKb = await gzipKb(
  `export { UniqueChain } from '@unique-nft/sdk'; export { Sr25519Account } from '@unique-nft/sr25519';`,
  here,
).catch(() => Number.NaN);

const rolldownKb = await rolldownGzipKb(
  `export { UniqueChain, Sr25519Account } from ${JSON.stringify(join(here, '..', 'src', 'index.ts'))};`,
).catch(() => Number.NaN);

const results = {
  'sdk.query_overhead_us.median': Math.round(ours * 10) / 10,
  'sdk.query_overhead.ratio_vs_reference':
    reference > 0 ? Math.round((ours / reference) * 1000) / 1000 : Number.NaN,
  'sdk.bundle.chain_client_gzip_kb': chainClientKb,
};
console.log(
  `per query: raw fetch ${times.raw.toFixed(1)} µs, @nftkit/sdk ${times.ours.toFixed(1)} µs, @unique-nft/sdk ${times.reference.toFixed(1)} µs`,
);
console.log(
  `bundle (UniqueChain + Sr25519Account, min+gzip): ours ${chainClientKb} KB (esbuild), ${rolldownKb} KB (rolldown); @unique-nft/sdk ${referenceKb} KB`,
);
console.log(results);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
