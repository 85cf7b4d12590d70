// The lockfile must install on every platform a developer or CI uses: npm records the optional
// native packages of every platform only when it resolves them all, and a lockfile written on one
// platform after a partial install lists that platform's alone, which `npm ci` rejects elsewhere.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { findMissingOptionals, type Lockfile, platformsOf } from './lockfileCheck.js';
import { repoRoot, workspaceManifests } from './repoFiles.js';

const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as Lockfile;

describe('package-lock.json', () => {
  it('lists every optional platform package of every native dependency', () => {
    const missing = findMissingOptionals(lock);
    expect(
      missing,
      'add them with `npm install --package-lock-only --no-audit --no-fund` (README: "Updating the lockfile")',
    ).toEqual([]);
  });

  it('covers Linux, macOS and Windows for each native tool', () => {
    for (const parent of ['node_modules/@biomejs/biome', 'node_modules/esbuild']) {
      expect(lock.packages[parent], parent).toBeDefined();
      const platforms = platformsOf(lock, parent);
      expect(platforms, parent).toEqual(expect.arrayContaining(['linux', 'darwin', 'win32']));
    }
  });

  // npm prints EBADENGINE for each of these on install; the README promises the root `engines` range.
  it('holds only packages that support the oldest Node.js the root package.json accepts', () => {
    const range = lock.packages['']?.engines?.node;
    expect(range, 'root engines.node').toBeDefined();
    const oldest = semver.minVersion(range ?? '')?.version ?? '';
    const unsupported = Object.entries(lock.packages)
      .filter(([, entry]) => entry.engines?.node && !semver.satisfies(oldest, entry.engines.node))
      .map(([key, entry]) => `${key}@${entry.version} wants node ${entry.engines?.node}`);
    expect(unsupported, `Node.js ${oldest}: override these (docs/decisions.md, "Node 20")`).toEqual([]);
  });

  it('flags a platform package dropped from the lockfile', () => {
    const broken: Lockfile = structuredClone(lock);
    delete broken.packages['node_modules/@biomejs/cli-win32-x64'];
    expect(findMissingOptionals(broken)).toContainEqual({
      parent: 'node_modules/@biomejs/biome',
      name: '@biomejs/cli-win32-x64',
    });
  });

  // What `npm ci` itself checks first (manifests and lockfile in sync), offline on copies of
  // the manifests so the checkout's node_modules is never touched.
  it('is accepted by `npm ci` (dry run, offline)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nftkit-lock-'));
    try {
      for (const file of ['package.json', 'package-lock.json', ...workspaceManifests()]) {
        mkdirSync(dirname(join(dir, file)), { recursive: true });
        cpSync(join(repoRoot, file), join(dir, file));
      }
      const run = promisify(execFile);
      const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
      const { stdout } = await run(
        npm,
        ['ci', '--dry-run', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'],
        { cwd: dir, shell: process.platform === 'win32' },
      );
      expect(stdout).toMatch(/added \d+ packages/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
