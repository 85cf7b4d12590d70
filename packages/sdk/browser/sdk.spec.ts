import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { build } from 'esbuild';
import { createFakeChain } from '../test/helpers/fakeChain.js';
import { startServer, type TestServer } from '../test/helpers/httpServer.js';

const here = dirname(fileURLToPath(import.meta.url));
let server: TestServer;

test.beforeAll(async () => {
  const bundle = await build({
    entryPoints: [join(here, 'page.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: ['source'],
    write: false,
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]!.text;
  const chain = createFakeChain({ prefix: '/v2/devnet', longPoll: true });
  server = await startServer((request) => {
    if (request.path === '/') {
      return {
        raw: '<!doctype html><script type="module" src="/page.js"></script>',
        headers: { 'content-type': 'text/html' },
      };
    }
    if (request.path === '/page.js') return { raw: script, headers: { 'content-type': 'text/javascript' } };
    return chain.handle(request);
  });
});
test.afterAll(() => server?.close());

test.beforeEach(async ({ page }) => {
  await page.goto(`${server.url}/`);
  await page.waitForFunction(() => typeof (globalThis as { sdkReadme?: unknown }).sdkReadme === 'function');
});

test('derives the dev accounts in the browser', async ({ page }) => {
  const addresses = await page.evaluate(() =>
    (globalThis as unknown as { sdkDerive: () => string[] }).sdkDerive(),
  );
  expect(addresses[0]).toBe('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY');
  expect(addresses[1]).toBe('5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty');
});

test('runs the write flow (build, sr25519 signature checked by the server, submit, long poll) from the browser', async ({
  page,
}) => {
  const properties = await page.evaluate(
    (baseUrl) => (globalThis as unknown as { sdkReadme: (u: string) => Promise<unknown> }).sdkReadme(baseUrl),
    `${server.url}/v2/devnet`,
  );
  expect(properties).toContainEqual({ key: 'score', value: '120', valueHex: '0x313230' });
});

test('reports an error answer as an ApiError in the browser', async ({ page }) => {
  const result = await page.evaluate(
    (baseUrl) =>
      (globalThis as unknown as { sdkApiError: (u: string) => Promise<unknown> }).sdkApiError(baseUrl),
    `${server.url}/v2/devnet`,
  );
  expect(result).toEqual({
    isApiError: true,
    status: 404,
    message: 'Server responded with Error 404 - Not Found: {"error":"Token not found"}',
  });
});
