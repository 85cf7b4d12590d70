import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { workspaceAlias } from '../../vitest.config';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: workspaceAlias },
});
