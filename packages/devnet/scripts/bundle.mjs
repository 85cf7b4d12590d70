// Bundles the CLI (the worker threads it starts: sr25519 checks, large bodies; and the EVM core's script) into dist/bundle/: one file loads in a fraction of the time Node takes to
// resolve and compile the ~600 modules of the unbundled build, which is most of the devnet's startup time.
// Usage: node scripts/bundle.mjs [outdir]   (default dist/bundle)
//        node scripts/bundle.mjs --evm-core <outfile>   (the EVM core's script alone)
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Writes `cli.js`, its workers and `evmCore.js` (the EVM's own context, found by engine/library/context.ts beside it) to `outdir`. */
export async function bundleCli(outdir = join(pkg, 'dist', 'bundle')) {
  await build({
    entryPoints: {
      cli: join(pkg, 'src', 'cli.ts'),
      signatureWorker: join(pkg, 'src', 'chain', 'signatureWorker.ts'),
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
    external: ['better-sqlite3', '@fastify/swagger-ui', '@polkadot/wasm-crypto', 'secp256k1'],
    // CommonJS dependencies inside an ES module bundle still call require().
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  await buildEvmCore(join(outdir, 'evmCore.js'));
  return outdir;
}

/**
 * The EVM core as one script with no imports, evaluated in a V8 context of its own (src/runtime/evm/engine/library/context.ts,
 * which runs `node scripts/bundle.mjs --evm-core <file>` when it runs from the TypeScript sources).
 */
export async function buildEvmCore(outfile) {
  await build({
    entryPoints: [join(pkg, 'src', 'runtime', 'evm', 'engine', 'library', 'coreEntry.ts')],
    outfile,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    conditions: ['source'],
    logLevel: 'warning',
  });
}

if (
  process.argv[1] &&
  resolve(process.argv[1]) === fileURLToPath(import.meta.url) &&
  process.argv[2] === '--evm-core'
) {
  if (!process.argv[3]) throw new Error('usage: node scripts/bundle.mjs --evm-core <outfile>');
  await buildEvmCore(resolve(process.argv[3]));
} else if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = await bundleCli(process.argv[2] ? resolve(process.argv[2]) : undefined);
  // Beside the tsc build's engine/library/context.js too, for users of the package's dist/ modules.
  if (!process.argv[2])
    await buildEvmCore(join(pkg, 'dist', 'runtime', 'evm', 'engine', 'library', 'evmCore.js'));
  console.log(`bundled the devnet CLI into ${out}`);
}
