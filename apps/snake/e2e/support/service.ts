// The game service for the browser tests: started in this process from its package sources (like the devnet), on a
// free port, against the test devnet, allowing the test build's origin.
import { loadConfig } from '../../../snake-service/src/config.js';
import { buildServiceApp } from '../../../snake-service/src/http/app.js';
import { startSnakeService } from '../../../snake-service/src/service.js';

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
