// `npm run bench -w @nftkit/metadata`: writes a flat JSON object of metrics to $BENCH_OUT
// (default bench/parts/metadata.json at the repo root). Never fails the build.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeSubstrateAddress } from '@nftkit/primitives';
import { SchemaTools } from '@unique-nft/schemas';
import { decodeTokenFromProperties, encodeTokenToProperties, type TokenDataInput } from '../src/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const out = process.env.BENCH_OUT ?? join(here, '..', '..', '..', 'bench', 'parts', 'metadata.json');

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

// The token the issue names: name, description, image, 10 attributes and 2 royalties.
const token: TokenDataInput = {
  name: 'Snake #42',
  description: 'A snake that ate 120 snacks before hitting the wall.',
  image: 'https://ipfs.unique.network/ipfs/QmcAcH4F9HYQtpqKHxBFwGvkfKb8qckXj2YWUrcc8yd24G/image1.png',
  attributes: Array.from({ length: 10 }, (_, i) => ({
    trait_type: `trait ${i}`,
    value: i % 2 ? i * 10 : `value ${i}`,
  })),
  royalties: [
    { address: '5Gus5r7HSZv9ScdaTNVbFMBEsxMtc4cZBPTLfJJbLXQK8m9d', percent: 0.5 },
    { address: '0xD47b259722F314BD4EC2f26524E34B8A0172E49A', percent: 2, isPrimaryOnly: true },
  ],
};

// The same shape with 4096 distinct royalty accounts, cycled: more than the royalty address memo holds,
// so this variant measures cold address checks (SS58 hashing, EIP-55 checksums) on every call.
let seed = 0x2545f491;
const nextByte = () => {
  seed = (seed * 1103515245 + 12345) >>> 0;
  return seed >>> 24;
};
const freshTokens = Array.from({ length: 4096 }, () => ({
  ...token,
  royalties: [
    { address: encodeSubstrateAddress(Uint8Array.from({ length: 32 }, nextByte)), percent: 0.5 },
    {
      address: `0x${Array.from({ length: 20 }, () => nextByte().toString(16).padStart(2, '0')).join('')}`,
      percent: 2,
      isPrimaryOnly: true,
    },
  ],
}));
let cursor = 0;
const nextFresh = () => freshTokens[cursor++ % freshTokens.length]!;

const ours = async () => decodeTokenFromProperties(encodeTokenToProperties(token));
const reference = async () => {
  const { tokenProperties } = SchemaTools.encode.token(token as never);
  return SchemaTools.decode.token(tokenProperties);
};

const oursFresh = async () => decodeTokenFromProperties(encodeTokenToProperties(nextFresh()));
const referenceFresh = async () => {
  const { tokenProperties } = SchemaTools.encode.token(nextFresh() as never);
  return SchemaTools.decode.token(tokenProperties);
};

// Both must give the same token before their speed means anything. before their speed means anything.
const a = JSON.stringify(await ours());
const b = JSON.stringify(await reference());
if (a !== b) throw new Error(`implementations disagree:\n${a}\n${b}`);

/** Round-trips per second over a ~200 ms slice. */
const sample = async (fn: () => Promise<unknown>): Promise<number> => {
  let n = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    for (let i = 0; i < 50; i++) await fn();
    n += 50;
    elapsed = performance.now() - start;
  } while (elapsed < 200);
  return (n / elapsed) * 1000;
};

// Warm up both (JIT), then alternate slices so machine noise hits both alike.
for (let i = 0; i < 5; i++) {
  await sample(ours);
  await sample(reference);
}
const oursRuns: number[] = [];
const referenceRuns: number[] = [];
const ratios: number[] = [];
for (let i = 0; i < 15; i++) {
  const o = await sample(ours);
  const r = await sample(reference);
  oursRuns.push(o);
  referenceRuns.push(r);
  ratios.push(o / r);
}

const freshRatios: number[] = [];
const freshRuns: number[] = [];
for (let i = 0; i < 9; i++) {
  const o = await sample(oursFresh);
  const r = await sample(referenceFresh);
  freshRuns.push(o);
  freshRatios.push(o / r);
}

const results = {
  'metadata.token_roundtrip.ops_per_s': Math.round(median(oursRuns)),
  'metadata.token_roundtrip.reference_ops_per_s': Math.round(median(referenceRuns)),
  'metadata.token_roundtrip.ratio_vs_reference': Math.round(median(ratios) * 100) / 100,
  'metadata.token_roundtrip_cold_addresses.ops_per_s': Math.round(median(freshRuns)),
  'metadata.token_roundtrip_cold_addresses.ratio_vs_reference': Math.round(median(freshRatios) * 100) / 100,
};
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
console.log(results);
