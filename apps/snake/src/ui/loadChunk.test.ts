import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { isChunkLoadError, loadChunk } from './loadChunk';

const dir = mkdtempSync(join(tmpdir(), 'snake-chunk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A module file, and the error Chromium gives for an import() of it that failed to fetch. */
function chunk(name: string, source = 'export const loadedAt = Symbol("instance");') {
  const path = join(dir, name);
  writeFileSync(path, source);
  const url = pathToFileURL(path).href;
  return { url, failed: new TypeError(`Failed to fetch dynamically imported module: ${url}`) };
}

describe('loadChunk', () => {
  it('asks again for a chunk that failed, under a fresh query, and keeps the one instance it got', async () => {
    const { url, failed } = chunk('a.js');
    let calls = 0;
    const load = async (): Promise<{ loadedAt: symbol }> => {
      calls += 1;
      throw failed;
    };
    const first = await loadChunk(load);
    const second = await loadChunk(load);
    expect(typeof first.loadedAt).toBe('symbol');
    expect(second).toBe(first);
    expect(calls).toBe(2);
    // The retried module is the file under another URL, not the failed one.
    expect(await import(/* @vite-ignore */ url)).not.toBe(first);
  });

  it('a failure that is not a chunk that failed to load is thrown as it is, with no retry', async () => {
    const bug = new TypeError('x is not a function');
    await expect(loadChunk(() => Promise.reject(bug))).rejects.toBe(bug);
  });

  it('a retry that fails too throws the first error; the next load asks the network again', async () => {
    const { url, failed } = chunk('b.js');
    rmSync(new URL(url));
    await expect(loadChunk(() => Promise.reject(failed))).rejects.toBe(failed);
    chunk('b.js', 'export default "back";');
    await expect(loadChunk(() => Promise.reject(failed))).resolves.toMatchObject({ default: 'back' });
  });

  it('tells a chunk that did not load from code that failed, in each browser’s words', () => {
    const url = 'https://game.example/assets/Markdown-abc.js';
    expect(isChunkLoadError(new TypeError(`Failed to fetch dynamically imported module: ${url}`))).toBe(true);
    expect(isChunkLoadError(new TypeError(`error loading dynamically imported module: ${url}`))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/leaderboard.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch')).toBe(false);
  });
});
