import { UniqueChain } from '@nftkit/sdk';
import { account } from './client.js';

// 50 writes started at once from one sdk account, every one succeeding (the sdk assigns the
// nonces). Measured against the devnet at `url` (instant mode); the median of three rounds after a warm-up.
export async function runSdkWritesBench(url: string): Promise<Record<string, number>> {
  const sender = account('//BenchSdkWriter');
  await fetch(`${url}/devnet/faucet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address: sender.address, amount: '100000' }),
  });
  const sdk = UniqueChain({ baseUrl: url, account: sender, statusOptions: { retries: 300, timeout: 100 } });
  const to = account('//BenchSdkSink').address;
  const round = async (): Promise<number> => {
    const t0 = performance.now();
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => sdk.balance.transfer({ to, amount: '1' })),
    );
    const failed = results.filter((r) => r.status === 'rejected').length;
    if (failed > 0) throw new Error(`${failed} of 50 concurrent sdk writes failed`);
    return 50 / ((performance.now() - t0) / 1000);
  };
  await round();
  const rounds = [await round(), await round(), await round()].sort((a, b) => a - b);
  return { 'sdk.concurrent_writes_per_s': Math.round(rounds[1]! * 10) / 10 };
}
