// The game service for the browser tests: started in this process from its package sources (like the devnet), on a
// free port, against the test devnet, allowing the test build's origin.
import { test } from '@playwright/test';
import { loadConfig } from '../../../snake-service/src/config.js';
import { buildServiceApp } from '../../../snake-service/src/http/app.js';
import { startSnakeService } from '../../../snake-service/src/service.js';
import { E2E_PORT } from '../../playwright.config';
import { startTestDevnet, type TestDevnet } from './wallets/devnet';

export type TestService = { url: string; stop(): Promise<void> };

export async function startTestService(chainBaseUrl: string, pageOrigin: string): Promise<TestService> {
  const config = loadConfig({
    HOST: '127.0.0.1',
    SERVICE_PORT: '0',
    SNAKE_NETWORK: 'devnet',
    SNAKE_CHAIN_BASE_URL: chainBaseUrl,
    SNAKE_ALLOWED_ORIGINS: pageOrigin,
  });
  const service = await startSnakeService(config);
  const app = await buildServiceApp(service);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: address.replace(/\/$/, ''), stop: () => app.close() };
}

/**
 * A devnet and a game service against it for one spec file: started before the file's tests, stopped after them.
 * The service allows the test build's origin (CORS and the sign-in message's domain). The URLs are there once the
 * file's tests run.
 */
export function devnetAndServiceForFile(): { readonly devnetUrl: string; readonly serviceUrl: string } {
  let devnet: TestDevnet | undefined;
  let service: TestService | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    devnet = await startTestDevnet();
    service = await startTestService(devnet.baseUrl, `http://127.0.0.1:${E2E_PORT}`);
  });
  test.afterAll(async () => {
    await service?.stop();
    await devnet?.stop();
  });
  return {
    get devnetUrl() {
      return devnet!.baseUrl;
    },
    get serviceUrl() {
      return service!.url;
    },
  };
}
