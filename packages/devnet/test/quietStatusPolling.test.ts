// A write's status polling against the devnet answers nothing but the final 200: the submit answer announces the
// long poll, so the first status request already waits for the block. A pending extrinsic used to answer 404 first,
// which a browser logs as a red error on every mint.
import { UniqueChain } from '@nftkit/sdk';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Devnet, startDevnet } from '../src/index.js';
import { alice } from './helpers/accounts.js';

let devnet: Devnet;
beforeAll(async () => {
  // Blocks on a timer (not --instant): every extrinsic is still pending when its first status request arrives.
  devnet = await startDevnet({ port: 0, dbPath: ':memory:', blockTimeMs: 300, logLevel: 'silent' });
});
afterAll(() => devnet?.stop());

it('a pending extrinsic is waited for, never answered 404', async () => {
  const statusAnswers: { search: string; status: number }[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.includes('/status/'))
      statusAnswers.push({ search: url.search, status: response.status });
    return response;
  };
  const sdk = UniqueChain({ baseUrl: devnet.url, account: alice, fetch: recordingFetch });
  const { result } = await sdk.collection.create({
    mode: 'Nft',
    name: 'Quiet',
    description: 'no 404s',
    symbol: 'Q',
    info: {},
  });
  await sdk.token.mintNFTs({ collectionId: result.collectionId, tokens: [{ data: { name: 'one' } }] });
  expect(statusAnswers.map((a) => a.status)).toEqual([200, 200]);
  for (const answer of statusAnswers) expect(answer.search).toMatch(/waitMs=\d+/);
});
