// `npm run bench`: runs every workspace's `bench` script; each writes a flat JSON object
// (metric name -> number) to bench/parts/<workspace>.json, merged here into bench/results.json.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, run } from './run.mjs';

const parts = join(root, 'bench', 'parts');
rmSync(parts, { recursive: true, force: true });
mkdirSync(parts, { recursive: true });

// A type error elsewhere must not cost every package its figures.
await run('npx', ['tsc', '-b'], { allowFail: true });
const only = process.argv.slice(2);
for (const group of ['packages', 'apps']) {
  for (const name of readdirSync(join(root, group))) {
    if (only.length && !only.includes(name)) continue;
    const manifest = JSON.parse(readFileSync(join(root, group, name, 'package.json'), 'utf8'));
    if (!manifest.scripts?.bench) continue;
    console.log(`\n[bench] ${name}`);
    const status = await run('npm', ['run', 'bench', '--workspace', manifest.name], {
      allowFail: true,
      env: { BENCH_OUT: join(parts, `${name}.json`) },
    });
    if (status !== 0) console.error(`[bench] ${name} exited with ${status}; its figures are missing`);
  }
}

const results = {};
for (const file of readdirSync(parts).sort())
  Object.assign(results, JSON.parse(readFileSync(join(parts, file), 'utf8')));
writeFileSync(join(root, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('\n[bench] bench/results.json');
for (const [k, v] of Object.entries(results)) console.log(`  ${k}: ${v}`);
