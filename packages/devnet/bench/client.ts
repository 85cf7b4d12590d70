import { Sr25519Account } from '@nftkit/sdk';

export type Account = ReturnType<typeof Sr25519Account.fromUri>;
export const account = (uri: string): Account => Sr25519Account.fromUri(uri);

export async function postJson(
  url: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
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
  const { signature } = await who.signer.sign(b as never);
  const sub = await postJson(`${url}/extrinsics/submit`, {
    signerPayloadJSON: b.signerPayloadJSON,
    signature,
  });
  if (sub.status !== 200) throw new Error(`submit: ${JSON.stringify(sub.body)}`);
  const res = await fetch(`${url}${route}/status/${(sub.body as { hash: string }).hash}?waitMs=10000`);
  if (res.status !== 200) throw new Error(`status ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
}
