import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * Where a worker thread's module is, for `new Worker(entry, { eval })`. `name` is the worker module's file name without
 * extension, in the directory of `moduleUrl` (the module that starts it). Built or bundled (every worker is an entry of
 * the CLI bundle, beside `cli.js`), that is `./name.js`. From the TypeScript sources (tests, `tsx`) it is a .ts file, and a
 * small bootstrap registers tsx's loader in the worker first (Node 20 does not apply `--import` hooks to a worker's entry).
 */
export function workerEntry(moduleUrl: string, name: string): { entry: string | URL; eval: boolean } {
  if (!moduleUrl.endsWith('.ts')) return { entry: new URL(`./${name}.js`, moduleUrl), eval: false };
  // tsx's ESM API (its `exports` entry "./esm/api" → import), found from this package.
  const tsxPackage = createRequire(moduleUrl).resolve('tsx/package.json');
  const tsxApi = new URL('./dist/esm/api/index.mjs', pathToFileURL(tsxPackage)).href;
  const worker = new URL(`./${name}.ts`, moduleUrl).href;
  const code = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(worker)}); });`;
  return { entry: code, eval: true };
}
