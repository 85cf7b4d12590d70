// Starts the game service: settings from the environment (README), then listen. All logic is in the plugin.

import { ConfigError, loadConfig } from './config.js';
import { buildServiceApp } from './http/app.js';
import { startSnakeService } from './service.js';

const log = (message: string) => console.log(`[snake-service] ${message}`);

try {
  const config = loadConfig();
  const service = await startSnakeService(config, { log });
  const app = await buildServiceApp(service, { logger: { level: 'warn' } });
  const address = await app.listen({ host: config.host, port: config.port });
  log(
    `${config.network} collection ${service.collectionId}, operator ${service.operator}, listening on ${address}`,
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void app.close().then(() => process.exit(0)));
} catch (error) {
  console.error(
    `[snake-service] cannot start: ${error instanceof ConfigError ? error.message : String(error)}`,
  );
  process.exit(1);
}
