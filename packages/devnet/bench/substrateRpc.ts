import { decodeSubstrateAddress } from '@nftkit/primitives';
import { ApiPromise, WsProvider } from '@polkadot/api';
import { accountKey } from '../src/substrateRpc/storage.js';
import { httpRequest } from './http.js';

// The Substrate JSON-RPC face: raw System.Account reads (`state_getStorage`, what @polkadot/api's derives send) over
// 8 keep-alive connections, and how long `ApiPromise.create` takes to be ready over a WebSocket (rpc_methods,
// genesis hash, runtime version, chain, properties, metadata, and the metadata's decoration in the client).

const CONNECTIONS = 8;
const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function runSubstrateRpcBench(origin: string): Promise<Record<string, number>> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'state_getStorage',
    params: [accountKey(decodeSubstrateAddress(ALICE))],
  });
  const readFor = async (ms: number) => {
    let reads = 0;
    const deadline = performance.now() + ms;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < deadline) {
          const res = await httpRequest(`${origin}/`, 'POST', body);
          if (res.status !== 200 || !res.text.includes('"result":"0x')) throw new Error(res.text);
          reads++;
        }
      }),
    );
    return reads / ((performance.now() - t0) / 1000);
  };
  await readFor(1000);
  const rates = [await readFor(2000), await readFor(2000), await readFor(2000)];

  const connects: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const api = await ApiPromise.create({
      provider: new WsProvider(origin.replace(/^http/, 'ws')),
      noInitWarn: true,
      throwOnConnect: true,
    });
    connects.push(performance.now() - t0);
    await api.disconnect();
  }
  return {
    'devnet.state_get_storage_req_per_s': Math.round(median(rates)),
    'devnet.polkadot_api_connect_ms.median': Math.round(median(connects) * 10) / 10,
  };
}
