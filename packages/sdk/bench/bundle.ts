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
