import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeStaleBundles } from './helpers/process.js';

const dist = mkdtempSync(join(tmpdir(), 'nftkit-dist-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('test bundles under dist/', () => {
  it('are removed once an hour old (a killed worker leaves its own), never while a run may use them', () => {
    const make = (name: string, ageMs: number) => {
      const dir = join(dist, name);
      mkdirSync(dir);
      writeFileSync(join(dir, 'cli.js'), '');
      const t = new Date(Date.now() - ageMs);
      utimesSync(dir, t, t);
      return dir;
    };
    const stale = make('.bundle-test-old', 2 * 60 * 60 * 1000);
    const fresh = make('.bundle-test-new', 60 * 1000);
    const other = make('bundle', 5 * 60 * 60 * 1000);
    removeStaleBundles(dist);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(other)).toBe(true);
  });
});
