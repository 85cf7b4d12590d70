import '@nftkit/sdk/mnemonic';
import { Sr25519Account, type UniqueChain } from '@nftkit/sdk';

type Chain = ReturnType<typeof UniqueChain>;

/** The operator's signer from its secret URI or mnemonic. The secret stays inside the account object. */
export function operatorAccount(secretUri: string): Sr25519Account {
  return Sr25519Account.fromUri(secretUri);
}

const COIN = 10n ** 18n;
/** Below this the devnet operator is topped up (a batch of 100 results costs about 10–20 coins in fees). */
const LOW_BALANCE = 100_000n * COIN;

/** Devnet only: tops the operator up from the faucet so it can create, mint and write without a human. */
export async function fundFromDevnetFaucet(options: {
  chain: Chain;
  chainBaseUrl: string;
  address: string;
  fetch?: typeof fetch;
}): Promise<boolean> {
  const { balance } = await getBalance(options.chain, options.address);
  if (balance >= LOW_BALANCE) return false;
  const response = await (options.fetch ?? fetch)(`${options.chainBaseUrl}/devnet/faucet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address: options.address, amount: '1000000' }),
  });
  if (!response.ok)
    throw new Error(`the devnet faucet answered ${response.status}: ${await response.text()}`);
  return true;
}

async function getBalance(chain: Chain, address: string): Promise<{ balance: bigint }> {
  // `free` is in wei.
  const answer = await chain.balance.get({ address });
  return { balance: /^\d+$/.test(answer.free) ? BigInt(answer.free) : 0n };
}
