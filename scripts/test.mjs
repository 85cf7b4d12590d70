// `npm test`: typecheck and build, lint (Biome, and the import rules of .dependency-cruiser.cjs), every Vitest
// project, every Playwright suite; ends with one plain line `N passed, N failed` summed over all runners.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { root, run } from './run.mjs';

// What `git status` shows before the run: whatever the run adds to it is an output .gitignore misses.
const gitStatus = () => {
  try {
    return new Set(
      execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).split('\n'),
    );
  } catch {
    return undefined; // not a git checkout (an unpacked tarball): nothing to compare
  }
};
const statusBefore = gitStatus();

const out = join(root, 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

let passed = 0;
let failed = 0;
const stepFailed = (name) => {
  console.error(`[test] step failed: ${name}`);
  failed += 1;
};

if ((await run('npx', ['tsc', '-b'], { allowFail: true })) !== 0) stepFailed('build (tsc -b)');
if ((await run('npx', ['tsc', '-p', 'tsconfig.check.json'], { allowFail: true })) !== 0)
  stepFailed('typecheck');
if ((await run('npx', ['tsc', '-p', 'apps/snake/tsconfig.json', '--noEmit'], { allowFail: true })) !== 0)
  stepFailed('typecheck snake');
if ((await run('npx', ['biome', 'check', '.'], { allowFail: true })) !== 0) stepFailed('lint (biome)');
if (
  (await run('npx', ['depcruise', 'packages', 'apps', '--config', '.dependency-cruiser.cjs'], {
    allowFail: true,
  })) !== 0
)
  stepFailed('lint (import rules, dependency-cruiser)');

const vitestJson = join(out, 'vitest.json');
await run(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  {
    allowFail: true,
  },
);
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += report.numPassedTests ?? 0;
  const failedTests = report.numFailedTests ?? 0;
  // A file that fails to load counts once, since its tests never ran.
  failed += failedTests > 0 ? failedTests : (report.numFailedTestSuites ?? 0);
} else stepFailed('vitest (no report)');

for (const group of ['apps', 'packages']) {
  for (const name of readdirSync(join(root, group))) {
    const config = join(root, group, name, 'playwright.config.ts');
    if (!existsSync(config)) continue;
    const json = join(out, `playwright-${name}.json`);
    await run('npx', ['playwright', 'test', '-c', config, '--reporter=list,json'], {
      allowFail: true,
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: json },
    });
    if (!existsSync(json)) {
      stepFailed(`playwright ${name} (no report)`);
      continue;
    }
    const { stats, errors } = JSON.parse(readFileSync(json, 'utf8'));
    passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
    failed += (stats?.unexpected ?? 0) + (errors?.length ? 1 : 0);
  }
}

const statusAfter = gitStatus();
const leftBehind =
  statusBefore && statusAfter ? [...statusAfter].filter((line) => line && !statusBefore.has(line)) : [];
if (leftBehind.length > 0) {
  console.error(
    `[test] files the run wrote that git does not ignore (add them to .gitignore):\n${leftBehind.join('\n')}`,
  );
  stepFailed('git status clean after the run');
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
