import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { devnetForFile } from './helpers/devnet.js';
import { rpcOrigin } from './helpers/ethRpc.js';

// A Hardhat 2 project as its developers write one (test/hardhat-project: the ethers plugin, the chai matchers, the
// network helpers' loadFixture, time, mine, impersonateAccount and setBalance, events and custom errors), run with
// `hardhat test` as they run it: once on Hardhat's in-process network, once with `--network devnet`. Nothing in the
// project knows which node it runs on; both runs must pass the same tests. Its contract is compiled with the solc
// npm package (the project's config says so), so nothing is downloaded.

const pkg = fileURLToPath(new URL('..', import.meta.url));
const project = fileURLToPath(new URL('./hardhat-project', import.meta.url));

type MochaTest = { fullTitle: string; err: { message?: string } };
type MochaReport = {
  stats: { tests: number; passes: number; failures: number; pending: number };
  passes: MochaTest[];
  failures: MochaTest[];
};

const devnet = devnetForFile();
let out: string;

beforeAll(async () => {
  // Artifacts, cache and the reports under dist/ (ignored by git), not in the project's folder.
  mkdirSync(join(pkg, 'dist'), { recursive: true });
  out = mkdtempSync(join(pkg, 'dist', '.hardhat-project-'));
});
afterAll(async () => {
  rmSync(out, { recursive: true, force: true });
});

/** `hardhat test [--network <network>]` in the project; its mocha report. */
async function hardhatTest(network: 'hardhat' | 'devnet'): Promise<{ report: MochaReport; log: string }> {
  const cli = createRequire(import.meta.url).resolve('hardhat/internal/cli/cli.js');
  const json = join(out, `${network}.json`);
  const child = spawn(process.execPath, [cli, 'test', '--network', network], {
    cwd: project,
    env: {
      ...process.env,
      HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
      HARDHAT_OUT: out,
      MOCHA_JSON: json,
      DEVNET_RPC: rpcOrigin(devnet.url),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (d: Buffer) => {
    log += d.toString();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  let report: MochaReport;
  try {
    report = JSON.parse(readFileSync(json, 'utf8')) as MochaReport;
  } catch {
    throw new Error(`hardhat test --network ${network} wrote no report (exit ${code}):\n${log}`);
  }
  return { report, log };
}

const titles = (tests: MochaTest[]) => tests.map((t) => t.fullTitle).sort();
const failures = (r: MochaReport) => r.failures.map((t) => `${t.fullTitle}: ${t.err.message}`);

it("runs the same tests with the same results on Hardhat's network and on the devnet", async () => {
  // One after the other: the first run compiles (into `out`), the second finds the artifacts up to date.
  const hardhat = await hardhatTest('hardhat');
  const onDevnet = await hardhatTest('devnet');
  expect(failures(hardhat.report), hardhat.log).toEqual([]);
  expect(hardhat.report.stats.passes).toBe(9);
  expect(failures(onDevnet.report), onDevnet.log).toEqual([]);
  expect(onDevnet.report.stats).toMatchObject({
    tests: hardhat.report.stats.tests,
    passes: hardhat.report.stats.passes,
    pending: 0,
  });
  expect(titles(onDevnet.report.passes)).toEqual(titles(hardhat.report.passes));
  // The devnet did the work: the project's transactions are on its chain.
  expect(devnet.chain.headNumber).toBeGreaterThan(0);
}, 600_000);
