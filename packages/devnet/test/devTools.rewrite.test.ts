import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UniqueChain } from '@nftkit/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { type Devnet, startDevnet } from '../src/server.js';
import { alice, bob } from './helpers/accounts.js';
import { rpc, rpcOrigin } from './helpers/ethRpc.js';

// What a rewrite of the chain (a revert, a reset) leaves behind it: a database that opens again, and no face that
// answers from blocks that are gone.

/** `System.Events`' key: twox128("System") ‖ twox128("Events"). */
const SYSTEM_EVENTS = '0x26aa394eea5630e07c48ae0c9558cef780d41e5e16056765bc8461851072c9d7';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('after a rewrite of the chain', () => {
  it('a database reset with hardhat_reset opens again, with the same genesis', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'devnet-reset-'));
    dirs.push(dir);
    const dbPath = join(dir, 'chain.sqlite');
    let devnet: Devnet = await startDevnet({ port: 0, dbPath, instant: true, logLevel: 'silent' });
    const genesis = await rpc(rpcOrigin(devnet.url), 'chain_getBlockHash', [0]);
    await UniqueChain({ baseUrl: devnet.url, account: alice }).balance.transfer({
      to: bob.address,
      amount: '1',
      isAmountInCoins: true,
    });
    expect(await rpc(rpcOrigin(devnet.url), 'hardhat_reset', [])).toBe(true);
    await devnet.stop();
    // What says how the file's calls and block hashes are made survived the reset: it is not refused as an older
    // devnet's.
    devnet = await startDevnet({ port: 0, dbPath, instant: true, logLevel: 'silent' });
    try {
      expect(await rpc(rpcOrigin(devnet.url), 'chain_getBlockHash', [0])).toBe(genesis);
      expect(await rpc(rpcOrigin(devnet.url), 'eth_blockNumber', [])).toBe('0x0');
    } finally {
      await devnet.stop();
    }
  });

  it('System.Events answers the block that now has the number, not the one a revert took away', async () => {
    const devnet = await startDevnet({ port: 0, dbPath: ':memory:', instant: true, logLevel: 'silent' });
    const origin = rpcOrigin(devnet.url);
    try {
      const snapshot = await rpc(origin, 'evm_snapshot', []);
      await UniqueChain({ baseUrl: devnet.url, account: alice }).balance.transfer({
        to: bob.address,
        amount: '1',
        isAmountInCoins: true,
      });
      const withTransfer = await rpc(origin, 'chain_getBlockHash', []);
      const header = (hash: unknown) =>
        rpc(origin, 'chain_getHeader', [hash]) as Promise<{ number: string } | null>;
      const number = (await header(withTransfer))!.number;
      expect(await rpc(origin, 'state_getStorage', [SYSTEM_EVENTS, withTransfer])).not.toBeNull();
      expect(await rpc(origin, 'evm_revert', [snapshot])).toBe(true);
      expect(await header(withTransfer)).toBeNull();
      // The same number again, now an empty block: it has no events.
      await rpc(origin, 'evm_mine', []);
      const empty = await rpc(origin, 'chain_getBlockHash', []);
      expect((await header(empty))!.number).toBe(number);
      expect(await rpc(origin, 'state_getStorage', [SYSTEM_EVENTS, empty])).toBeNull();
    } finally {
      await devnet.stop();
    }
  });
});
