import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import { ETH_DEV_ACCOUNTS } from '../src/chain/ethDevAccounts.js';
import { GAS_PRICE } from '../src/runtime/evm/gas.js';
import { devKey, rpc, rpcOrigin } from './helpers/ethRpc.js';
import { killDuringWrites, spawnDevnet, stopChild } from './helpers/process.js';

const dir = mkdtempSync(join(tmpdir(), 'nftkit-devnet-eth-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Receipt = { blockHash: string; blockNumber: string; status: string; transactionHash: string };

describe('durability: kill -9 during a burst of Ethereum transactions', () => {
  it('keeps every transaction a receipt was given for; nonces and balances follow', async () => {
    const db = join(dir, 'chain.sqlite');
    const first = await spawnDevnet(['--port', '0', '--db', db, '--reset', '--block-time', '20']);
    // The CLI lists the funded Ethereum dev accounts at start.
    expect(first.output()).toContain(`#0: ${ETH_DEV_ACCOUNTS[0]![0]}`);
    expect(first.output()).toContain(ETH_DEV_ACCOUNTS[9]![1]);
    const origin = rpcOrigin(first.url);
    const recipient = '0x000000000000000000000000000000000000bEEF';
    const accounts = [0, 1, 2].map((sender) => privateKeyToAccount(devKey(sender)));
    const confirmed = await killDuringWrites(
      first.child,
      { senders: accounts.length, perSender: 300, minConfirmed: 30 },
      async (sender, i, stopped) => {
        const value = BigInt(1000 * (sender + 1) + i);
        const raw = await accounts[sender]!.signTransaction({
          type: 'eip1559',
          chainId: 8884,
          nonce: i,
          to: recipient,
          value,
          gas: 21_000n,
          maxFeePerGas: GAS_PRICE,
          maxPriorityFeePerGas: 0n,
        });
        const hash = (await rpc(origin, 'eth_sendRawTransaction', [raw])) as string;
        let receipt: Receipt | null = null;
        while (!receipt && !stopped()) {
          receipt = (await rpc(origin, 'eth_getTransactionReceipt', [hash])) as Receipt | null;
          if (!receipt) await new Promise((r) => setTimeout(r, 10));
        }
        return receipt ? { sender, value, receipt } : undefined;
      },
    );

    const second = await spawnDevnet(['--port', '0', '--db', db, '--block-time', '20']);
    try {
      const again = rpcOrigin(second.url);
      for (const { receipt } of confirmed) {
        const kept = (await rpc(again, 'eth_getTransactionReceipt', [receipt.transactionHash])) as Receipt;
        expect(kept).toMatchObject({
          blockHash: receipt.blockHash,
          blockNumber: receipt.blockNumber,
          status: '0x1',
        });
      }
      // What the chain kept is at least what was confirmed, and its nonces and balances agree with it.
      let received = 0n;
      for (const sender of [0, 1, 2]) {
        const address = ETH_DEV_ACCOUNTS[sender]![0];
        const nonce = Number(
          BigInt((await rpc(again, 'eth_getTransactionCount', [address, 'latest'])) as string),
        );
        const mine = confirmed.filter((c) => c.sender === sender).length;
        expect(nonce).toBeGreaterThanOrEqual(mine);
        for (let i = 0; i < nonce; i++) received += BigInt(1000 * (sender + 1) + i);
      }
      expect(BigInt((await rpc(again, 'eth_getBalance', [recipient, 'latest'])) as string)).toBe(received);
    } finally {
      await stopChild(second.child);
    }
  }, 180_000);
});
