import { decodeSubstrateAddress } from '@nftkit/primitives';
import { ApiPromise, Keyring, WsProvider } from '@polkadot/api';
import type { SubmittableExtrinsic } from '@polkadot/api/types';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { accountKey } from '../src/substrateRpc/storage.js';
import { backToBack, httpRequest } from './http.js';

// The Substrate JSON-RPC face: pre-signed balances.transferKeepAlive extrinsics through author_submitExtrinsic over 8
// keep-alive connections (one signer per connection, its nonces in order), raw System.Account reads (`state_getStorage`, what @polkadot/api's derives send) over
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
  const readFor = (ms: number) =>
    backToBack(CONNECTIONS, ms, async () => {
      const res = await httpRequest(`${origin}/`, 'POST', body);
      if (res.status !== 200 || !res.text.includes('"result":"0x')) throw new Error(res.text);
    });
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

/** Transfers each connection's signer submits per round, after a warm-up round of the same size. */
const TRANSFERS_PER_CONNECTION = 250;
const ROUNDS = 3;

/**
 * Transfers through `author_submitExtrinsic`: 8 funded signers (the faucet's), each with its extrinsics signed
 * beforehand by @polkadot/api (immortal, consecutive nonces: a mortal era would end in an instant devnet's thousands
 * of blocks), submitted one after another on its own connection. A round's rate counts its transfers over the time
 * from the first submit until every signer's next index shows them all included.
 */
export async function runSubstrateTransferBench(baseUrl: string): Promise<Record<string, number>> {
  const origin = new URL(baseUrl).origin;
  await cryptoWaitReady();
  const api = await ApiPromise.create({
    provider: new WsProvider(origin.replace(/^http/, 'ws')),
    noInitWarn: true,
    throwOnConnect: true,
  });
  try {
    const keyring = new Keyring({ type: 'sr25519' });
    const signers = Array.from({ length: CONNECTIONS }, (_, i) => keyring.addFromUri(`//SubstrateBench${i}`));
    const total = (ROUNDS + 1) * TRANSFERS_PER_CONNECTION;
    const signed: string[][] = [];
    for (const s of signers) {
      const list: string[] = [];
      for (let nonce = 0; nonce < total; nonce++) {
        const tx = api.tx.balances!.transferKeepAlive!(ALICE, 1) as SubmittableExtrinsic<'promise'>;
        list.push((await tx.signAsync(s, { nonce, era: 0 })).toHex());
      }
      signed.push(list);
    }
    // Funded after the signing, which takes seconds: a keep-alive connection idle that long is closed by the server.
    for (const s of signers) {
      const body = JSON.stringify({ address: s.address, amount: '1000' });
      const url = `${baseUrl}/devnet/faucet`;
      const res = await httpRequest(url, 'POST', body);
      if (res.status !== 200) throw new Error(`faucet: ${res.text}`);
    }
    const nextIndex = async (address: string) => {
      const res = await httpRequest(
        `${origin}/`,
        'POST',
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'system_accountNextIndex', params: [address] }),
      );
      return (JSON.parse(res.text) as { result: number }).result;
    };
    const round = async (r: number) => {
      const t0 = performance.now();
      await Promise.all(
        signers.map(async (s, i) => {
          for (const xt of signed[i]!.slice(
            r * TRANSFERS_PER_CONNECTION,
            (r + 1) * TRANSFERS_PER_CONNECTION,
          )) {
            const body = JSON.stringify({
              jsonrpc: '2.0',
              id: 1,
              method: 'author_submitExtrinsic',
              params: [xt],
            });
            // httpRequest sends again on a reused socket the server had closed; an extrinsic that did arrive then is
            // `Transaction Already Imported` (1013).
            const res = await httpRequest(`${origin}/`, 'POST', body);
            if (
              res.status !== 200 ||
              !(res.text.includes('"result":"0x') || res.text.includes('"code":1013'))
            )
              throw new Error(res.text);
          }
          // Included: the account's nonce (the pool's count aside) has moved past the round's last transfer.
          const want = (r + 1) * TRANSFERS_PER_CONNECTION;
          const account = api.query.system!.account!;
          for (;;) {
            const info = (await account(s.address)) as unknown as { nonce: { toNumber(): number } };
            if (info.nonce.toNumber() >= want && (await nextIndex(s.address)) >= want) break;
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
        }),
      );
      return (CONNECTIONS * TRANSFERS_PER_CONNECTION) / ((performance.now() - t0) / 1000);
    };
    await round(0);
    const rates: number[] = [];
    for (let r = 1; r <= ROUNDS; r++) rates.push(await round(r));
    return { 'devnet.substrate_transfer_tx_per_s': Math.round(median(rates)) };
  } finally {
    await api.disconnect();
  }
}
