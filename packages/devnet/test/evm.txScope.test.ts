import { encodeFunctionData, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ETH_DEV_ACCOUNTS } from '../src/chain/ethDevAccounts.js';
import { devnetForFile } from './helpers/devnet.js';
import { viemClients } from './helpers/ethRpc.js';
import { contract } from './helpers/evm.js';

// Each EVM run is a transaction of its own: what one run accessed (EIP-2929) or kept in transient storage
// (EIP-1153) is gone at the next, as on any Ethereum chain.
const devnet = devnetForFile();
let rpc: string;
const [sender, holder] = ETH_DEV_ACCOUNTS.map(([, key]) => privateKeyToAccount(key as Hex));
const t20 = contract('Token20');

// Runtime: returns transient slot 0 as it was, then sets it to 1 (TLOAD, MSTORE, TSTORE, RETURN).
const TRANSIENT_RUNTIME = '60005c60005260016000' + '5d60206000f3';
// Init: copies the 16-byte runtime (at offset 12) to memory and returns it.
const TRANSIENT_INIT = `0x6010600c60003960106000f3${TRANSIENT_RUNTIME}` as Hex;

beforeAll(async () => {
  rpc = new URL(devnet.url).origin;
});

const clients = () => viemClients(rpc, sender!);

describe('an EVM run is one transaction', () => {
  it('a transfer costs the same gas each time: slots read by earlier transactions are cold again', async () => {
    const { pub, wallet } = clients();
    const deployed = await pub.waitForTransactionReceipt({
      hash: await wallet.deployContract({ abi: t20.abi, bytecode: t20.bytecode, args: ['T', 10n ** 24n] }),
    });
    const token = deployed.contractAddress!;
    const transfer = { address: token, abi: t20.abi, functionName: 'transfer', args: [holder!.address, 5n] };
    const used: bigint[] = [];
    for (let i = 0; i < 3; i++) {
      const hash = await wallet.writeContract(transfer as never);
      used.push((await pub.waitForTransactionReceipt({ hash })).gasUsed);
      // Reads in between warm nothing for the next transaction either.
      await pub.readContract({
        address: token,
        abi: t20.abi,
        functionName: 'balanceOf',
        args: [sender!.address],
      });
    }
    // The first pays for the holder's new balance slot (zero to non-zero: 20 000 instead of 2 900).
    expect(used[0]! - used[1]!).toBe(17_100n);
    expect(used[2]).toBe(used[1]);
    // Two cold slot reads (EIP-2929: 2 100 each) are in every transfer: an ERC-20 transfer is above 30 000 gas.
    expect(used[1]).toBeGreaterThan(21_000n + 2n * 2_100n + 2n * 2_900n);
    const estimate = await pub.estimateGas({
      account: sender!,
      to: token,
      data: encodeFunctionData({ abi: t20.abi, functionName: 'transfer', args: [holder!.address, 5n] }),
    });
    expect(estimate).toBeGreaterThanOrEqual(used[1]!);
  });

  it('transient storage starts empty in every call and transaction', async () => {
    const { pub, wallet } = clients();
    const hash = await wallet.sendTransaction({ data: TRANSIENT_INIT, gas: 200_000n });
    const address = (await pub.waitForTransactionReceipt({ hash })).contractAddress!;
    expect(await pub.getCode({ address })).toBe(`0x${TRANSIENT_RUNTIME}`);
    for (let i = 0; i < 2; i++) expect((await pub.call({ to: address })).data).toBe(`0x${'0'.repeat(64)}`);
    const sent = await wallet.sendTransaction({ to: address, gas: 100_000n });
    expect((await pub.waitForTransactionReceipt({ hash: sent })).status).toBe('success');
    expect((await pub.call({ to: address })).data).toBe(`0x${'0'.repeat(64)}`);
  });
});
