import { ContractFactory, JsonRpcProvider, parseEther, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetForFile } from './helpers/devnet.js';
import { devKey, rpcOrigin } from './helpers/ethRpc.js';
import { contract } from './helpers/evm.js';

const devnet = devnetForFile();
let provider: JsonRpcProvider;

beforeAll(async () => {
  // No request cache: ethers answers a repeated request (a balance read before and after a send) from its cache
  // for 250 ms, which a fast devnet answers within.
  provider = new JsonRpcProvider(rpcOrigin(devnet.url), undefined, { pollingInterval: 50, cacheTimeout: -1 });
});
afterAll(async () => {
  provider.destroy();
});

describe('JSON-RPC with ethers', () => {
  it('detects the network and reads balances and fee data', async () => {
    expect((await provider.getNetwork()).chainId).toBe(8884n);
    const wallet = new Wallet(devKey(2), provider);
    expect(await provider.getBalance(wallet.address)).toBe(1_000_000n * 10n ** 18n);
    const fees = await provider.getFeeData();
    expect(fees.gasPrice).toBe(1_862_382_359_514n);
    expect(fees.maxFeePerGas).toBeGreaterThanOrEqual(1_862_382_359_514n);
  });

  it('sends value and pays exactly gasUsed × effectiveGasPrice', async () => {
    const wallet = new Wallet(devKey(2), provider);
    const to = Wallet.createRandom().address;
    const before = await provider.getBalance(wallet.address);
    const tx = await wallet.sendTransaction({ to, value: parseEther('2') });
    const receipt = await tx.wait();
    expect(receipt?.status).toBe(1);
    expect(await provider.getBalance(to)).toBe(parseEther('2'));
    const paid = receipt!.gasUsed * receipt!.gasPrice;
    expect(await provider.getBalance(wallet.address)).toBe(before - parseEther('2') - paid);
  });

  it('deploys a contract, calls it, sends to it and filters its logs', async () => {
    const wallet = new Wallet(devKey(3), provider);
    const t20 = contract('Token20');
    const factory = new ContractFactory(t20.abi as never, t20.bytecode, wallet);
    const token = await factory.deploy('Ethers', 777n);
    await token.waitForDeployment();
    const address = await token.getAddress();
    expect(await provider.getCode(address)).not.toBe('0x');
    const read = token.connect(provider) as unknown as {
      name(): Promise<string>;
      balanceOf(a: string): Promise<bigint>;
    };
    expect(await read.name()).toBe('Ethers');
    const to = Wallet.createRandom().address;
    const send = token as unknown as {
      transfer(to: string, v: bigint): Promise<{ wait(): Promise<unknown> }>;
    };
    await (await send.transfer(to, 77n)).wait();
    expect(await read.balanceOf(to)).toBe(77n);
    expect(await read.balanceOf(wallet.address)).toBe(700n);
    const transfers = await (
      token as unknown as { queryFilter(f: unknown, from: number): Promise<{ args: unknown[] }[]> }
    ).queryFilter((token.filters as Record<string, (...a: unknown[]) => unknown>).Transfer!(null, to), 0);
    expect(transfers.map((e) => e.args[2])).toEqual([77n]);
  });
});
