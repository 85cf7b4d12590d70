import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UniqueChain as ReferenceChain } from '@unique-nft/sdk';
import { UniqueChain } from '../src/index.js';

const BALANCE = JSON.stringify({
  available: '1000',
  locked: '0',
  free: '1000000000000000000000',
  total: '1000000000000000000000',
  reserved: '0',
  staked: '0',
  unstaked: '0',
  canstake: '0',
  decimals: 18,
  tokenSymbol: 'UNQ',
});
const ADDRESS = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Per-query time of: a raw `fetch` of the URL, our `balance.get`, and `@unique-nft/sdk`'s, against a local server
 * that answers at once; rounds interleave the three so machine noise hits them alike. Medians of per-round means.
 */
export async function measureQueryOverhead(options = { rounds: 31, perRound: 200, warmup: 1000 }) {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(BALANCE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/bench`;
  const url = `${baseUrl}/balances/get?address=${ADDRESS}`;

  const ours = UniqueChain({ baseUrl });
  const reference = ReferenceChain({ baseUrl });
  const candidates: Record<'raw' | 'ours' | 'reference', () => Promise<unknown>> = {
    raw: async () => (await fetch(url)).json(),
    ours: () => ours.balance.get({ address: ADDRESS }),
    reference: () => reference.balance.get({ address: ADDRESS }),
  };
  for (const run of Object.values(candidates)) for (let i = 0; i < options.warmup; i++) await run();

  const samples: Record<keyof typeof candidates, number[]> = { raw: [], ours: [], reference: [] };
  for (let round = 0; round < options.rounds; round++) {
    for (const [name, run] of Object.entries(candidates) as [
      keyof typeof candidates,
      () => Promise<unknown>,
    ][]) {
      const started = performance.now();
      for (let i = 0; i < options.perRound; i++) await run();
      samples[name].push(((performance.now() - started) * 1000) / options.perRound);
    }
  }
  server.closeAllConnections();
  server.close();
  return { raw: median(samples.raw), ours: median(samples.ours), reference: median(samples.reference) };
}
