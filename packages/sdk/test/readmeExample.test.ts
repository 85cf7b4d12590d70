import { afterAll, beforeAll, expect, it } from 'vitest';
import { readmeExample } from '../scripts/readme-example.js';
import { createFakeChain } from './helpers/fakeChain.js';
import { startServer, type TestServer } from './helpers/httpServer.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(createFakeChain({ prefix: '/v2/devnet', longPoll: true }).handle);
});
afterAll(() => server.close());

it('the README example runs end to end and reads back the property it set', async () => {
  const token = await readmeExample(process.env.NFTKIT_SDK_BASE_URL ?? `${server.url}/v2/devnet`);
  expect(token.properties).toContainEqual({ key: 'score', value: '120', valueHex: '0x313230' });
});
