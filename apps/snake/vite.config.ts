import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { workspaceAlias } from '../../vitest.config.ts';
import { repositoryPage } from './src/config/links.ts';

// The footer's source link and author credit default to what the root package.json declares; the VITE_ env wins.
const rootManifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  repository?: unknown;
  author?: unknown;
};
const authorName = (field: unknown): string | undefined =>
  typeof field === 'string'
    ? field.replace(/\s*[<(].*$/, '')
    : (field as { name?: string } | undefined)?.name;
// (Only set when known: an empty string in process.env would hide a value from a .env file.)
const declaredRepository = repositoryPage(rootManifest.repository);
const declaredAuthor = authorName(rootManifest.author);
if (declaredRepository && !process.env.VITE_REPOSITORY_URL)
  process.env.VITE_REPOSITORY_URL = declaredRepository;
if (declaredAuthor && !process.env.VITE_AUTHOR) process.env.VITE_AUTHOR = declaredAuthor;

export default defineConfig({
  plugins: [react()],
  resolve: { alias: workspaceAlias },
  build: {
    // The initial chunk is React plus the game; the markdown renderer (and later the wallet) load on demand.
    chunkSizeWarningLimit: 300,
  },
});
