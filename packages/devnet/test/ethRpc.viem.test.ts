import { getContractAddress, parseEther, parseEventLogs } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ETH_DEV_ACCOUNTS } from '../src/chain/ethDevAccounts.js';
import { devnetForFile } from './helpers/devnet.js';
import { viemClients } from './helpers/ethRpc.js';
import { contract } from './helpers/evm.js';

const devnet = devnetForFile();
let rpc: string;
const [deployerKey, otherKey] = [ETH_DEV_ACCOUNTS[0]![1], ETH_DEV_ACCOUNTS[1]![1]] as `0x${string}`[];
const deployer = privateKeyToAccount(deployerKey!);
const other = privateKeyToAccount(otherKey!);

beforeAll(async () => {
  rpc = new URL(devnet.url).origin;
});

const clients = () => viemClients(rpc, deployer);

describe('JSON-RPC with viem', () => {
  it('answers the chain id, the head and the dev accounts’ balances', async () => {
    const { pub } = clients();
    expect(await pub.getChainId()).toBe(8884);
    expect(await pub.getBlockNumber()).toBe(BigInt(devnet.chain.headNumber));
    expect(await pub.getBalance({ address: deployer.address })).toBe(1_000_000n * 10n ** 18n);
    const block = await pub.getBlock({ blockTag: 'latest' });
    expect(block.number).toBe(BigInt(devnet.chain.headNumber));
    expect(block.hash).toBe(devnet.chain.headHash);
  });

  it('sends value (EIP-1559 and legacy), with receipts and nonces', async () => {
    const { pub, wallet } = clients();
    const before = await pub.getBalance({ address: other.address });
    const hash = await wallet.sendTransaction({ to: other.address, value: parseEther('1.5') });
    const receipt = await pub.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(deployer.address.toLowerCase());
    expect(await pub.getBalance({ address: other.address })).toBe(before + parseEther('1.5'));
    const legacy = await wallet.sendTransaction({ to: other.address, value: 1n, type: 'legacy' });
    const r2 = await pub.waitForTransactionReceipt({ hash: legacy, pollingInterval: 50 });
    expect(r2.type).toBe('legacy');
    expect(r2.gasUsed).toBe(21_000n);
    expect(await pub.getTransactionCount({ address: deployer.address })).toBe(2);
    const tx = await pub.getTransaction({ hash });
    expect(tx.value).toBe(parseEther('1.5'));
    expect(tx.nonce).toBe(0);
  });

  it('deploys a compiled contract, calls and sends to it, with logs', async () => {
    const { pub, wallet } = clients();
    const t20 = contract('Token20');
    const nonce = await pub.getTransactionCount({ address: deployer.address });
    const hash = await wallet.deployContract({ abi: t20.abi, bytecode: t20.bytecode, args: ['Viem', 1000n] });
    const receipt = await pub.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(receipt.status).toBe('success');
    const address = receipt.contractAddress!;
    expect(address.toLowerCase()).toBe(
      getContractAddress({ from: deployer.address, nonce: BigInt(nonce) }).toLowerCase(),
    );
    expect(await pub.getCode({ address })).toMatch(/^0x[0-9a-f]{100,}$/);
    expect(await pub.readContract({ address, abi: t20.abi, functionName: 'name' })).toBe('Viem');
    const gas = await pub.estimateContractGas({
      address,
      abi: t20.abi,
      functionName: 'transfer',
      args: [other.address, 10n],
      account: deployer,
    });
    expect(gas).toBeGreaterThan(21_000n);
    const sent = await wallet.writeContract({
      address,
      abi: t20.abi,
      functionName: 'transfer',
      args: [other.address, 10n],
      gas,
    });
    const r = await pub.waitForTransactionReceipt({ hash: sent, pollingInterval: 50 });
    expect(r.status).toBe('success');
    const [log] = parseEventLogs({ abi: t20.abi, logs: r.logs });
    expect(log).toMatchObject({ eventName: 'Transfer', args: { value: 10n } });
    expect(
      await pub.readContract({ address, abi: t20.abi, functionName: 'balanceOf', args: [other.address] }),
    ).toBe(10n);
    const logs = await pub.getLogs({ address, fromBlock: 0n });
    expect(logs.map((l) => l.transactionHash)).toEqual([hash, sent]);
  });
});
