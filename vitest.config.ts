import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

// Workspace packages resolve to their TypeScript sources so tests never need a prior build.
export const workspaceAlias = [
  {
    find: /^@nftkit\/(primitives|metadata|api|sdk|devnet|snake-engine|snake-protocol)$/,
    replacement: `${root}packages/$1/src/index.ts`,
  },
];

const pkg = (name: string, dir: string) => ({
  extends: true as const,
  test: {
    name,
    root: `${root}${dir}`,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});

export default defineConfig({
  resolve: { alias: workspaceAlias },
  test: {
    passWithNoTests: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      pkg('snake-engine', 'packages/snake-engine'),
      pkg('snake-protocol', 'packages/snake-protocol'),
      pkg('primitives', 'packages/primitives'),
      pkg('metadata', 'packages/metadata'),
      pkg('api', 'packages/api'),
      pkg('sdk', 'packages/sdk'),
      pkg('devnet', 'packages/devnet'),
      // Whole-repository checks: the lockfile, installing from a fresh clone, README snippets.
      {
        extends: true,
        test: { name: 'repo', root, include: ['test/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'snake',
          root: `${root}apps/snake`,
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
        },
      },
      {
        extends: true,
        test: {
          name: 'snake-service',
          root: `${root}apps/snake-service`,
          include: ['test/**/*.test.ts'],
        },
      },
    ],
  },
});
