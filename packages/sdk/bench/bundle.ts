import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** gzip (level 9) size in KB of a minified browser ESM bundle of `source`. */
export async function gzipKb(source: string, resolveDir: string): Promise<number> {
  const result = await build({
    stdin: { contents: source, resolveDir, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    // Workspace packages from their TypeScript sources, as Vite and Vitest resolve them.
    conditions: ['source'],
    write: false,
    logLevel: 'silent',
  });
  const bytes = result.outputFiles[0]!.contents;
  return Math.round((gzipSync(bytes, { level: 9 }).length / 1024) * 100) / 100;
}

/** The same with Rolldown (what Vite 8 builds with), for comparison: `source` is an entry with absolute imports. */
export async function rolldownGzipKb(source: string): Promise<number> {
  const { rolldown } = await import('rolldown');
  const dir = mkdtempSync(join(tmpdir(), 'sdk-bundle-'));
  try {
    const input = join(dir, 'entry.ts');
    writeFileSync(input, source);
    const bundle = await rolldown({
      input,
      platform: 'browser',
      resolve: { conditionNames: ['source', 'import', 'browser', 'default'] },
      logLevel: 'silent',
    });
    const { output } = await bundle.generate({ format: 'esm', minify: true });
    return Math.round((gzipSync(Buffer.from(output[0].code), { level: 9 }).length / 1024) * 100) / 100;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
