import { signHex, type TestAccount } from './accounts.js';

async function json(res: Response): Promise<{ status: number; body: Record<string, unknown> }> {
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export const postJson = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(json);
export const getJson = (url: string) => fetch(url).then(json);

/** build → sign → submit over plain HTTP; returns the hash (throws on a refusal). */
export async function submitOverHttp(
  url: string,
  who: TestAccount,
  route: string,
  args: unknown,
  options: Record<string, unknown> = {},
): Promise<string> {
  const built = await postJson(`${url}${route}/build`, {
    args,
    options: { signerAddress: who.address, ...options },
  });
  if (built.status !== 200) throw new Error(`build ${built.status}: ${JSON.stringify(built.body)}`);
  const b = built.body as { signerPayloadJSON: unknown; signerPayloadHex: string };
  const sub = await postJson(`${url}/extrinsics/submit`, {
    signerPayloadJSON: b.signerPayloadJSON,
    signature: await signHex(who, b.signerPayloadHex),
  });
  if (sub.status !== 200) throw new Error(`submit ${sub.status}: ${JSON.stringify(sub.body)}`);
  return (sub.body as { hash: string }).hash;
}
