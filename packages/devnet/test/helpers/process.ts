import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations
import { bundleCli } from '../../scripts/bundle.mjs';

const pkg = fileURLToPath(new URL('../..', import.meta.url));
let bundled: Promise<string> | undefined;

const BUNDLE_PREFIX = '.bundle-test-';
/** Longer than any test run: a bundle this old belongs to no running worker. */
const STALE_BUNDLE_MS = 60 * 60 * 1000;

/**
 * Removes the bundles of earlier runs left behind: a test worker that is killed (vitest ends its workers that way)
 * never runs its exit handler, and each left bundle is ~6 MB. Only bundles untouched for an hour go: a bundle being
 * written or used by a worker of this run is younger.
 */
export function removeStaleBundles(dist: string, now = Date.now()): void {
  for (const name of readdirSync(dist)) {
    if (!name.startsWith(BUNDLE_PREFIX)) continue;
    const path = join(dist, name);
    try {
      if (now - statSync(path).mtimeMs > STALE_BUNDLE_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed meanwhile by another worker's clean-up.
    }
  }
}

/**
 * The CLI as users run it (`npx nftkit-devnet`, `npm start`): bundled from the sources once per test worker. It starts
 * in a fraction of the time `tsx` needs to compile the sources, which kept the kill -9 tests near their timeouts on a
 * loaded machine. The bundle goes under dist/ (ignored by git) so that its external packages resolve from node_modules.
 */
export function bundledCli(): Promise<string> {
  bundled ??= (async () => {
    const dist = join(pkg, 'dist');
    mkdirSync(dist, { recursive: true });
    removeStaleBundles(dist);
    const dir = mkdtempSync(join(dist, BUNDLE_PREFIX));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    await (bundleCli as (outdir: string) => Promise<string>)(dir);
    return join(dir, 'cli.js');
  })();
  return bundled;
}

/** Runs the bundled CLI in a child process; resolves with its URL once it listens. */
export async function spawnDevnet(
  args: string[],
): Promise<{ child: ChildProcess; url: string; output(): string }> {
  const child = spawn(process.execPath, [await bundledCli(), ...args], {
    cwd: pkg,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`devnet did not start: ${out}${err}`)), 60_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]!, output: () => out });
      }
    });
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`devnet exited with ${code}: ${out}${err}`));
    });
  });
}

/** Runs the CLI to completion and returns its exit code and output (for flag errors and --help). */
export async function runCli(
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [await bundledCli(), ...args], {
    cwd: pkg,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

/** Sends `signal` and resolves once the child has exited (also when it already had). */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  return exited;
}

/**
 * kill -9 in the middle of writing: `write(sender, i, stopped)` runs for each of `senders` senders, i = 0, 1, … up
 * to `perSender`, each answering what it confirmed (or `undefined`). Once `minConfirmed` writes are confirmed (or
 * every sender has stopped) `child` is killed under them. Answers the confirmed writes; an error a writer met
 * before the kill, or fewer than `minConfirmed` confirmed, fails the test.
 */
export async function killDuringWrites<T>(
  child: ChildProcess,
  { senders, perSender, minConfirmed }: { senders: number; perSender: number; minConfirmed: number },
  write: (sender: number, i: number, stopped: () => boolean) => Promise<T | undefined>,
): Promise<T[]> {
  const confirmed: T[] = [];
  const errors: unknown[] = [];
  let stop = false;
  let done = 0;
  const burst = async (sender: number) => {
    for (let i = 0; i < perSender && !stop; i++) {
      try {
        const result = await write(sender, i, () => stop);
        if (result !== undefined) confirmed.push(result);
      } catch (e) {
        if (!stop) errors.push(e);
        return; // the process was killed under us
      }
    }
  };
  const writers = Array.from({ length: senders }, (_, sender) =>
    burst(sender).finally(() => {
      done++;
    }),
  );
  while (confirmed.length < minConfirmed && done < writers.length)
    await new Promise((r) => setTimeout(r, 20));
  expect(errors).toEqual([]);
  stop = true;
  await stopChild(child, 'SIGKILL');
  await Promise.all(writers);
  expect(confirmed.length).toBeGreaterThanOrEqual(minConfirmed);
  return confirmed;
}
