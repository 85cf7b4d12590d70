// `npm run bench -w @nftkit/primitives`: writes a flat JSON object of metrics to $BENCH_OUT
// (default bench/parts/primitives.json at the repo root). Never fails the build.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { Address } from '@unique-nft/utils';
import { build } from 'esbuild';
import { decodeSubstrateAddress, encodeSubstrateAddress } from '../src/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '..', '..', '..');
const out = process.env.BENCH_OUT ?? join(repoRoot, 'bench', 'parts', 'primitives.json');

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

// Deterministic keys (no Math.random: runs compare with each other).
const keys: Uint8Array[] = [];
let seed = 0x2545f491;
for (let i = 0; i < 64; i++) {
  const key = new Uint8Array(32);
  for (let j = 0; j < 32; j++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    key[j] = seed >>> 24;
  }
  keys.push(key);
}
const formats = [42, 255, 7391];
const addresses = keys.map((k, i) => encodeSubstrateAddress(k, formats[i % 3]!));

const ours = (address: string, format: number): string =>
  encodeSubstrateAddress(decodeSubstrateAddress(address), format);
const reference = (address: string, format: number): string =>
  Address.substrate.encode(Address.substrate.decode(address).u8a, format);

for (const [i, a] of addresses.entries()) {
  const f = formats[(i + 1) % 3]!;
  if (ours(a, f) !== reference(a, f)) throw new Error(`implementations disagree on ${a}`);
}

/** Operations per second of one round-trip, measured over a ~200 ms slice. */
const sample = (fn: (address: string, format: number) => string): number => {
  let n = 0;
  let sink = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    for (let i = 0; i < addresses.length; i++) sink += fn(addresses[i]!, formats[i % 3]!).length;
    n += addresses.length;
    elapsed = performance.now() - start;
  } while (elapsed < 200);
  if (sink === 0) throw new Error('unreachable');
  return (n / elapsed) * 1000;
};

const ss58 = (): { ops: number; ratio: number } => {
  for (let i = 0; i < 3; i++) {
    sample(ours);
    sample(reference);
  }
  const oursRuns: number[] = [];
  const refRuns: number[] = [];
  const ratios: number[] = [];
  // Interleaved so machine noise hits both alike.
  for (let i = 0; i < 9; i++) {
    const o = sample(ours);
    const r = sample(reference);
    oursRuns.push(o);
    refRuns.push(r);
    ratios.push(o / r);
  }
  console.log(
    `  ss58 round-trip: ours ${median(oursRuns).toFixed(0)}/s, reference ${median(refRuns).toFixed(0)}/s`,
  );
  return { ops: median(oursRuns), ratio: median(ratios) };
};

const bundleKb = async (): Promise<number> => {
  const result = await build({
    entryPoints: [join(here, 'addressEntry.ts')],
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  const gz = gzipSync(code, { level: 9 }).length;
  console.log(`  address bundle: ${code.length} bytes minified, ${gz} bytes gzip`);
  return gz / 1024;
};

const round = (x: number, digits: number): number => Number(x.toFixed(digits));

const metrics: Record<string, number> = {};
try {
  const { ops, ratio } = ss58();
  metrics['primitives.ss58_roundtrip.ops_per_s'] = round(ops, 0);
  metrics['primitives.ss58_roundtrip.ratio_vs_reference'] = round(ratio, 2);
} catch (error) {
  console.error('ss58 benchmark failed:', error);
}
try {
  metrics['primitives.bundle.address_gzip_kb'] = round(await bundleKb(), 2);
} catch (error) {
  console.error('bundle benchmark failed:', error);
}
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(metrics, null, 2)}\n`);
console.log(JSON.stringify(metrics));
