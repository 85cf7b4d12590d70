import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { workspaceAlias } from '../../vitest.config.ts';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: workspaceAlias },
  build: {
    // The initial chunk is React plus the game; the markdown renderer (and later the wallet) load on demand.
    chunkSizeWarningLimit: 300,
  },
});
