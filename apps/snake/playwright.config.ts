import { defineConfig } from '@playwright/test';

/** Browser tests run against a test-mode production build (test hooks on, React in production mode). */
// E2E_PORT lets several checkouts on one machine run their browser tests at once.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4317);
const isCI = Boolean(process.env.CI);
/** Debian's Chromium, headless and without background traffic: as the browser tests and the bench launch it. */
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  retries: 0,
  fullyParallel: false,
  forbidOnly: isCI,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    viewport: { width: 1000, height: 900 },
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: {
    command: `npx vite build --mode test --outDir dist-test --emptyOutDir && npx vite preview --outDir dist-test --host 127.0.0.1 --port ${E2E_PORT} --strictPort`,
    cwd: import.meta.dirname,
    url: `http://127.0.0.1:${E2E_PORT}/`,
    reuseExistingServer: !isCI,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
