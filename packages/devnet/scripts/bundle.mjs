// Bundles the CLI (and the worker threads it starts: the EVM, sr25519 checks) into dist/bundle/: one file loads in a fraction of the time Node takes to
// resolve and compile the ~600 modules of the unbundled build, which is most of the devnet's startup time.
// Usage: node scripts/bundle.mjs [outdir]   (default dist/bundle)
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Writes `cli.js` and `worker.js` (the EVM worker, found by the runner next to the entry) to `outdir`. */
export async function bundleCli(outdir = join(pkg, 'dist', 'bundle')) {
  await build({
    entryPoints: {
      cli: join(pkg, 'src', 'cli.ts'),
      worker: join(pkg, 'src', 'runtime', 'evm', 'vm', 'worker.ts'),
      sr25519Worker: join(pkg, 'src', 'chain', 'sr25519Worker.ts'),
      bodyWorker: join(pkg, 'src', 'http', 'bodyWorker.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Workspace packages from their sources, as the tests run them.
    conditions: ['source'],
    // Native addon; a package that serves its own static files; wasm loaded lazily in the background.
    external: ['better-sqlite3', '@fastify/swagger-ui', '@polkadot/wasm-crypto'],
    // CommonJS dependencies inside an ES module bundle still call require().
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return outdir;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = await bundleCli(process.argv[2] ? resolve(process.argv[2]) : undefined);
  console.log(`bundled the devnet CLI into ${out}`);
}
