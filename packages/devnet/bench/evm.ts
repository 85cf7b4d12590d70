import { collectionIdToAddress } from '@nftkit/primitives';
import { account, postJson, write } from './client.js';
import { backToBack, httpRequest } from './http.js';

// `devnet.evm_call_req_per_s`: `ownerOf` through `/evm/unique-nft/call` (the native collection
// contract, eth_call semantics) over 8 keep-alive connections, against a running devnet at `url`.

const CONNECTIONS = 8;
const ROUND_MS = 3000;
const ROUNDS = 3;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function round(url: string, body: string, ms: number): Promise<number> {
  return backToBack(CONNECTIONS, ms, async () => {
    const res = await httpRequest(url, 'POST', body);
    if (res.status !== 200) throw new Error(`ownerOf answered ${res.status}`);
  });
}

export async function runEvmBench(url: string): Promise<Record<string, number>> {
  const alice = account('//Alice');
  await write(url, alice, '/collection/create', {
    mode: 'Nft',
    name: 'Evm bench',
    description: 'b',
    symbol: 'EVB',
  });
  const stats = await fetch(`${url}/allCollectionsStats`);
  const { created } = (await stats.json()) as { created: number };
  await write(url, alice, '/token/nfts/mint', { collectionId: created, tokens: [{ owner: alice.address }] });
  const callUrl = `${url}/evm/unique-nft/call`;
  const body = JSON.stringify({
    functionName: 'ownerOf',
    functionArgs: ['1'],
    contract: { address: collectionIdToAddress(created) },
  });
  const check = await postJson(callUrl, JSON.parse(body));
  if (check.status !== 200) throw new Error(`ownerOf: ${JSON.stringify(check.body)}`);
  await round(callUrl, body, 1000); // warm-up
  const rates: number[] = [];
  for (let i = 0; i < ROUNDS; i++) rates.push(await round(callUrl, body, ROUND_MS));
  return { 'devnet.evm_call_req_per_s': Math.round(median(rates)) };
}
