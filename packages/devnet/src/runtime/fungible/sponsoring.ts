import { effectiveLimits } from '../common/limits.js';
import type { Collection } from '../common/types.js';
import type { RuntimeStorage } from '../storage.js';

export type HolderBasket = { kind: 'transfer' | 'approve' | 'mint' | 'data'; key: string; timeout: number };

const utf8 = new TextEncoder();

/**
 * The sponsoring basket of a call on a fungible or refungible collection (`uc:runtime/common/sponsoring.rs`):
 * a mint per signer; a transfer (or transferFrom, for `from`) only by an account holding some of the token, rate
 * limited per holder (fungible) or per token and holder (refungible); an approve per holder likewise; a small
 * `setTokenProperties` by a holder of pieces of a refungible token, when the collection allows sponsored data.
 */
export function holderBasket(
  storage: RuntimeStorage,
  c: Collection,
  call: string,
  args: Record<string, unknown>,
  signer: string,
): HolderBasket | undefined {
  const limits = effectiveLimits(c.limits);
  if (call === 'createItem') return { kind: 'mint', key: signer, timeout: limits.sponsorTransferTimeout };
  if (call === 'setTokenProperties') {
    const rate = limits.sponsoredDataRateLimit;
    const props = args.properties as { key: string; value: string }[];
    const size = props.reduce((n, p) => n + utf8.encode(p.key).length + (p.value.length - 2) / 2, 0);
    const t = args.tokenId;
    if (c.mode !== 'ReFungible' || typeof t !== 'number' || typeof rate !== 'number') return undefined;
    if (size > limits.sponsoredDataSize || storage.refungible.balance(c.id, t, signer) === 0n)
      return undefined;
    return { kind: 'data', key: String(t), timeout: rate };
  }
  const who = call === 'transferFrom' ? args.from : signer;
  const item = args.itemId;
  if (typeof who !== 'string' || typeof item !== 'number') return undefined;
  const key = c.mode === 'Fungible' ? who : `${item}/${who}`;
  if (call === 'approve') return { kind: 'approve', key, timeout: limits.sponsorApproveTimeout };
  if (call !== 'transfer' && call !== 'transferFrom') return undefined;
  const holds =
    c.mode === 'Fungible'
      ? item === 0 && storage.fungible.balance(c.id, who) > 0n
      : storage.refungible.balance(c.id, item, who) > 0n;
  return holds ? { kind: 'transfer', key, timeout: limits.sponsorTransferTimeout } : undefined;
}
