import { afterAll, beforeAll, describe } from 'vitest';
import { createFakeChain } from './helpers/fakeChain.js';
import { startServer, type TestServer } from './helpers/httpServer.js';
import { chainClientSuite } from './suites/chainClient.suite.js';

// The suite runs against any REST API; NFTKIT_SDK_BASE_URL points it at a devnet or a test network instead.
const external = process.env.NFTKIT_SDK_BASE_URL;

for (const longPoll of [false, true]) {
  describe(`UniqueChain against ${external ?? `the fake chain (${longPoll ? 'long polling' : 'plain polling'})`}`, () => {
    let server: TestServer | undefined;
    beforeAll(async () => {
      if (external) return;
      const chain = createFakeChain({ prefix: '/v2/fake', longPoll });
      server = await startServer(chain.handle);
    });
    afterAll(async () => server?.close());
    chainClientSuite(() => external ?? `${server!.url}/v2/fake`);
  });
  if (external) break;
}
