// `npm run test:stress`: the whole of `npm test` (every Vitest project and Playwright suite) while a CPU burner
// keeps each core busy, as on a loaded CI box. A test that passes only on an idle machine fails here.
//
//   npm run test:stress                         one stressed `npm test`
//   npm run test:stress -- --runs 5             five in a row; stops at the first failing run unless --keep-going
//   npm run test:stress -- --burners 4          burners (default: one per core)
//   npm run test:stress -- --runs 50 -- npx vitest run --project sdk packages/sdk/test/readmeExample.test.ts
//
// Each run prints `[stress] run i/N: passed|FAILED (exit code) in S s`; the last line sums them.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { root } from './run.mjs';

const argv = process.argv.slice(2);
const dashes = argv.indexOf('--');
const flags = dashes === -1 ? argv : argv.slice(0, dashes);
const command = dashes === -1 ? ['node', 'scripts/test.mjs'] : argv.slice(dashes + 1);

function intFlag(name, fallback) {
  const at = flags.indexOf(name);
  if (at === -1) return fallback;
  const value = Number(flags[at + 1]);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`[stress] ${name} needs a whole number, got ${flags[at + 1] ?? 'nothing'}`);
    process.exit(2);
  }
  return value;
}
const runs = Math.max(1, intFlag('--runs', 1));
const burnerCount = intFlag('--burners', availableParallelism());
const keepGoing = flags.includes('--keep-going');
if (command.length === 0) {
  console.error('[stress] nothing to run after --');
  process.exit(2);
}

// A burner is a busy loop in its own process (not a thread of this one, so it competes with the tests on equal terms).
const burners = Array.from({ length: burnerCount }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
let child;
const stopAll = () => {
  for (const burner of burners) burner.kill('SIGKILL');
};
process.on('exit', stopAll);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    // The command runs in its own process group (npx → vitest → workers): end all of it, not just npx.
    if (child?.pid) process.kill(-child.pid, signal);
    stopAll();
    process.exit(130);
  });
}
console.log(`[stress] ${burnerCount} CPU burner(s) running; command: ${command.join(' ')}`);

function runOnce() {
  return new Promise((resolve) => {
    child = spawn(command[0], command.slice(1), { cwd: root, stdio: 'inherit', detached: true });
    child.on('error', (error) => {
      console.error(`[stress] could not start ${command[0]}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const results = [];
for (let i = 1; i <= runs; i++) {
  const started = Date.now();
  const code = await runOnce();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push(code);
  console.log(
    `[stress] run ${i}/${runs}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s`,
  );
  if (code !== 0 && !keepGoing) break;
}
stopAll();
const failed = results.filter((code) => code !== 0).length;
console.log(
  `[stress] ${results.length - failed} of ${results.length} run(s) passed under ${burnerCount} burner(s)`,
);
process.exit(failed === 0 ? 0 : 1);
