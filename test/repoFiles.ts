// Paths of the repository the root tests read.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** The package.json of every npm workspace (`dir` or `dir/*` entries), relative to the repository root. */
export function workspaceManifests(): string[] {
  const root = JSON.parse(readFileSync(`${repoRoot}package.json`, 'utf8')) as { workspaces: string[] };
  const dirs = root.workspaces.flatMap((entry) =>
    entry.endsWith('/*')
      ? readdirSync(`${repoRoot}${entry.slice(0, -2)}`).map((name) => `${entry.slice(0, -2)}/${name}`)
      : [entry],
  );
  return dirs.map((dir) => `${dir}/package.json`).filter((file) => existsSync(`${repoRoot}${file}`));
}
