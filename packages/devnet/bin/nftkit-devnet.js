#!/usr/bin/env node
// The `nftkit-devnet` command. npm links a package's bins when it installs it, before anything is built, and skips a
// bin whose file is missing: so the command is this committed file, which runs the CLI bundle (dist/bundle/cli.js, the
// fast start), and in a checkout first writes that bundle when it is missing or older than the sources it is built from.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = join(pkg, 'dist', 'bundle', 'cli.js');

/** Newest modification time of the files under `dir` (0 when absent). */
function newest(dir) {
  if (!existsSync(dir)) return 0;
  let max = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) max = Math.max(max, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return max;
}

/** The devnet's sources and, in this repository's layout, those of the workspace packages the bundle inlines. */
function sourceDirs() {
  const manifest = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
  const siblings = Object.keys(manifest.dependencies ?? {})
    .filter((name) => name.startsWith('@nftkit/'))
    .map((name) => join(pkg, '..', name.slice('@nftkit/'.length), 'src'));
  return [join(pkg, 'src'), ...siblings];
}

function isStale() {
  if (!existsSync(bundle)) return true;
  const builtAt = statSync(bundle).mtimeMs;
  return sourceDirs().some((dir) => newest(dir) > builtAt);
}

if (isStale()) {
  let bundleCli;
  try {
    // esbuild is a development dependency: present in a checkout, absent from an installed package.
    ({ bundleCli } = await import(pathToFileURL(join(pkg, 'scripts', 'bundle.mjs')).href));
  } catch (error) {
    if (!existsSync(bundle)) {
      process.stderr.write(
        `nftkit-devnet: ${bundle} is missing and cannot be built here (${error.message}); run "npm run build".\n`,
      );
      process.exit(1);
    }
  }
  if (bundleCli) {
    process.stderr.write('nftkit-devnet: bundling the CLI (first run, or the sources changed)…\n');
    await bundleCli();
  }
}

await import(pathToFileURL(bundle).href);
