import { encodeSubstrateAddress } from '@nftkit/primitives';
import { DEV_PHRASE, parseSecretUri } from '@nftkit/sdk';
import {
  bip39ToMiniSecret,
  sr25519DeriveKeypairHard,
  sr25519DeriveKeypairSoft,
  sr25519KeypairFromSeed,
  sr25519Sign,
  waitReady,
} from '@polkadot/wasm-crypto';
import { httpRequest } from './http.js';

/**
 * The load generator's accounts sign with schnorrkel in wasm (~0.25 ms a signature) rather than the sdk's pure-JS signer
 * (~2 ms): on a 2-core machine the clients share the CPU with the devnet, and the figures are the devnet's, not the signer's.
 * The devnet verifies the signatures the same way whichever signer made them.
 */
export type Account = {
  address: string;
  signer: { sign(payload: { signerPayloadHex: string }): Promise<{ signature: string }> };
};

await waitReady();

export const account = (uri: string): Account => {
  const { phrase, junctions, password } = parseSecretUri(uri);
  if (phrase !== DEV_PHRASE) throw new Error('bench accounts derive from the dev phrase');
  let pair = sr25519KeypairFromSeed(bip39ToMiniSecret(phrase, password));
  for (const j of junctions)
    pair = j.hard ? sr25519DeriveKeypairHard(pair, j.chainCode) : sr25519DeriveKeypairSoft(pair, j.chainCode);
  const secret = pair.slice(0, 64);
  const publicKey = pair.slice(64);
  return {
    address: encodeSubstrateAddress(publicKey),
    signer: {
      async sign({ signerPayloadHex }) {
        const signature = sr25519Sign(publicKey, secret, Buffer.from(signerPayloadHex.slice(2), 'hex'));
        return { signature: `0x01${Buffer.from(signature).toString('hex')}` };
      },
    },
  };
};

export async function postJson(
  url: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await httpRequest(url, 'POST', JSON.stringify(body));
  return { status: res.status, body: JSON.parse(res.text) as Record<string, unknown> };
}

/** build → sign → submit → status, as a wallet-backed client does; throws unless the status is 200. */
export async function write(
  url: string,
  who: Account,
  route: string,
  args: unknown,
  nonce?: number,
): Promise<void> {
  const built = await postJson(`${url}${route}/build`, {
    args,
    options: { signerAddress: who.address, ...(nonce === undefined ? {} : { nonce }) },
  });
  if (built.status !== 200) throw new Error(`build: ${JSON.stringify(built.body)}`);
  const b = built.body as { signerPayloadJSON: unknown; signerPayloadHex: string };
  const { signature } = await who.signer.sign(b);
  const sub = await postJson(`${url}/extrinsics/submit`, {
    signerPayloadJSON: b.signerPayloadJSON,
    signature,
  });
  if (sub.status !== 200) throw new Error(`submit: ${JSON.stringify(sub.body)}`);
  const res = await httpRequest(`${url}${route}/status/${(sub.body as { hash: string }).hash}?waitMs=10000`);
  if (res.status !== 200) throw new Error(`status ${res.status}: ${res.text}`);
}
