// Installs what a fresh clone is missing before `npm start`, `npm test` and `npm run bench`:
// the npm dependencies (when node_modules is absent or older than a manifest) and, for tests,
// Debian's Chromium (the browser tests never download a browser of their own).
// A fresh clone installs with `npm ci`, which installs the lockfile as committed and never
// rewrites it; `npm install` is kept for a checkout whose manifests changed since its last
// install (a pulled dependency, or one being added), where updating the lockfile is the point.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const marker = join(root, 'node_modules', '.package-lock.json');

function manifests() {
  const files = [join(root, 'package.json'), join(root, 'package-lock.json')];
  for (const group of ['packages', 'apps']) {
    const dir = join(root, group);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) files.push(join(dir, name, 'package.json'));
  }
  return files.filter((f) => existsSync(f));
}

function needsInstall() {
  if (!existsSync(marker)) return true;
  const installedAt = statSync(marker).mtimeMs;
  return manifests().some((f) => statSync(f).mtimeMs > installedAt);
}

if (needsInstall()) {
  const fresh = !existsSync(marker) && existsSync(join(root, 'package-lock.json'));
  const command = fresh ? 'npm ci --no-audit --no-fund' : 'npm install --no-audit --no-fund';
  console.log(`[setup] installing npm dependencies (${command})…`);
  execSync(command, { cwd: root, stdio: 'inherit' });
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (process.env.npm_lifecycle_event === 'pretest' && !existsSync(chromium)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('[setup] installing Debian chromium for the browser tests…');
    execSync(
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk',
      {
        stdio: 'inherit',
      },
    );
  } else {
    console.error(
      `[setup] browser tests need Chromium at ${chromium}: run "sudo apt-get install chromium" (or set CHROMIUM_PATH).`,
    );
    process.exit(1);
  }
}
