import { ContractFactory, JsonRpcProvider, Transaction, verifyMessage, verifyTypedData } from 'ethers';
import {
  createWalletClient,
  defineChain,
  type Hex,
  http,
  parseEther,
  parseTransaction,
  recoverTransactionAddress,
  verifyTypedData as viemVerifyTypedData,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ETH_DEV_ACCOUNTS } from '../src/chain/ethDevAccounts.js';
import { GAS_PRICE } from '../src/runtime/evm/gas.js';
import { devnetForFile } from './helpers/devnet.js';
import { devKey, expectRpcRefusal, rpc, rpcOrigin } from './helpers/ethRpc.js';
import { contract } from './helpers/evm.js';

const devnet = devnetForFile();
let origin: string;
let provider: JsonRpcProvider;

beforeAll(async () => {
  origin = rpcOrigin(devnet.url);
  provider = new JsonRpcProvider(origin, undefined, { pollingInterval: 50, cacheTimeout: -1 });
});
afterAll(async () => {
  provider.destroy();
});

const TYPED = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Mail: [
      { name: 'to', type: 'address' },
      { name: 'contents', type: 'string' },
      { name: 'amount', type: 'uint256' },
    ],
  },
  primaryType: 'Mail',
  domain: { name: 'Snake', chainId: 8884 },
  message: { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', contents: 'hi', amount: '7' },
} as const;

const refused = (fn: () => Promise<unknown>, error: { code: number; message: RegExp | string }) =>
  expectRpcRefusal(devnet, fn, error);

describe('unlocked dev accounts', () => {
  it('eth_accounts lists the 10 test-mnemonic accounts that genesis funds, in order', async () => {
    const accounts = (await rpc(origin, 'eth_accounts')) as string[];
    expect(accounts).toEqual(ETH_DEV_ACCOUNTS.map(([a]) => a.toLowerCase()));
    for (const a of accounts) expect(await provider.getBalance(a)).toBeGreaterThan(0n);
  });

  it("ethers' provider.getSigner() sends value and deploys a contract (the node signs)", async () => {
    const signer = await provider.getSigner(1);
    expect(signer.address).toBe(ETH_DEV_ACCOUNTS[1]![0]);
    const to = '0x00000000000000000000000000000000000A11CE';
    const tx = await signer.sendTransaction({ to, value: parseEther('1.5') });
    const receipt = await tx.wait();
    expect(receipt?.status).toBe(1);
    expect(receipt?.from).toBe(signer.address);
    expect(await provider.getBalance(to)).toBe(parseEther('1.5'));
    const t20 = contract('Token20');
    const token = await new ContractFactory(t20.abi as never, t20.bytecode, signer).deploy('Signed', 10n);
    await token.waitForDeployment();
    const read = token as unknown as { balanceOf(a: string): Promise<bigint> };
    expect(await read.balanceOf(signer.address)).toBe(10n);
  });

  it('fills what a request leaves out as Hardhat does: pending nonce, EIP-1559 at twice the base fee, gas estimated', async () => {
    const from = ETH_DEV_ACCOUNTS[2]![0];
    const nonce = Number(await rpc(origin, 'eth_getTransactionCount', [from, 'pending']));
    const hash = (await rpc(origin, 'eth_sendTransaction', [{ from, to: from, value: '0x1' }])) as string;
    const tx = (await rpc(origin, 'eth_getTransactionByHash', [hash])) as Record<string, string>;
    expect(tx).toMatchObject({
      from: from.toLowerCase(),
      type: '0x2',
      nonce: `0x${nonce.toString(16)}`,
      // The estimate, as Hardhat's eth_estimateGas answers a plain transfer: the intrinsic gas and one.
      gas: '0x5209',
      maxPriorityFeePerGas: '0x0',
      maxFeePerGas: `0x${(2n * GAS_PRICE).toString(16)}`,
      chainId: '0x22b4',
    });
    // A gas price makes it legacy (EIP-155), with an access list EIP-2930; `from` left out is the first account.
    const legacy = (await rpc(origin, 'eth_sendTransaction', [
      { to: from, gasPrice: `0x${GAS_PRICE.toString(16)}` },
    ])) as string;
    expect(await rpc(origin, 'eth_getTransactionByHash', [legacy])).toMatchObject({
      type: '0x0',
      from: ETH_DEV_ACCOUNTS[0]![0].toLowerCase(),
    });
    const typed1 = (await rpc(origin, 'eth_sendTransaction', [
      { from, to: from, gasPrice: `0x${GAS_PRICE.toString(16)}`, accessList: [] },
    ])) as string;
    expect(await rpc(origin, 'eth_getTransactionByHash', [typed1])).toMatchObject({ type: '0x1' });
  });

  it('concurrent eth_sendTransaction from one account take consecutive nonces', async () => {
    const from = ETH_DEV_ACCOUNTS[5]![0];
    const hashes = (await Promise.all(
      Array.from({ length: 8 }, () => rpc(origin, 'eth_sendTransaction', [{ from, to: from, value: '0x1' }])),
    )) as string[];
    const receipts = await Promise.all(hashes.map((h) => provider.waitForTransaction(h)));
    expect(receipts.every((r) => r?.status === 1)).toBe(true);
  });

  it('eth_sign, personal_sign and eth_signTypedData_v4 sign as the key itself would', async () => {
    const key = privateKeyToAccount(devKey(3));
    const message = '0x48656c6c6f2c20736e616b6521' as Hex;
    const sig = await rpc(origin, 'eth_sign', [key.address, message]);
    expect(sig).toBe(await key.signMessage({ message: { raw: message } }));
    expect(await rpc(origin, 'personal_sign', [message, key.address])).toBe(sig);
    expect(verifyMessage(new Uint8Array(Buffer.from(message.slice(2), 'hex')), sig as string)).toBe(
      key.address,
    );
    const typedSig = (await rpc(origin, 'eth_signTypedData_v4', [key.address, TYPED])) as Hex;
    // As MetaMask sends it: the typed data as a JSON string.
    expect(await rpc(origin, 'eth_signTypedData_v4', [key.address, JSON.stringify(TYPED)])).toBe(typedSig);
    const { EIP712Domain: _, ...types } = TYPED.types;
    expect(verifyTypedData(TYPED.domain, { Mail: [...types.Mail] }, TYPED.message, typedSig)).toBe(
      key.address,
    );
    expect(
      await viemVerifyTypedData({
        address: key.address,
        domain: TYPED.domain,
        types,
        primaryType: 'Mail',
        message: { ...TYPED.message, amount: 7n },
        signature: typedSig,
      }),
    ).toBe(true);
  });

  it('eth_signTransaction answers a raw transaction the pool then takes from eth_sendRawTransaction', async () => {
    const from = ETH_DEV_ACCOUNTS[6]![0];
    const raw = (await rpc(origin, 'eth_signTransaction', [{ from, to: from, value: '0x7' }])) as Hex;
    expect(await recoverTransactionAddress({ serializedTransaction: raw as never })).toBe(from);
    expect(parseTransaction(raw)).toMatchObject({ chainId: 8884, value: 7n, type: 'eip1559' });
    expect(Transaction.from(raw).from).toBe(from);
    const hash = await rpc(origin, 'eth_sendRawTransaction', [raw]);
    expect((await provider.waitForTransaction(hash as string))?.status).toBe(1);
  });

  it("viem's wallet client with a JSON-RPC account sends, signs messages and typed data through the node", async () => {
    const chain = defineChain({
      id: 8884,
      name: 'devnet',
      nativeCurrency: { name: 'DEV', symbol: 'DEV', decimals: 18 },
      rpcUrls: { default: { http: [origin] } },
    });
    const address = ETH_DEV_ACCOUNTS[7]![0] as Hex;
    const wallet = createWalletClient({ chain, transport: http(origin), account: address });
    const hash = await wallet.sendTransaction({ to: address, value: 3n });
    expect((await provider.waitForTransaction(hash))?.status).toBe(1);
    const sig = await wallet.signMessage({ message: 'snake' });
    expect(sig).toBe(await privateKeyToAccount(devKey(7)).signMessage({ message: 'snake' }));
  });

  it('an impersonated address sends without a key; it cannot sign messages', async () => {
    const whale = '0x000000000000000000000000000000000000dEaD';
    await refused(() => rpc(origin, 'eth_sendTransaction', [{ from: whale, to: whale }]), {
      code: -32000,
      message: `unknown account ${whale}`,
    });
    devnet.chain.impersonated.add(whale);
    try {
      await rpc(origin, 'eth_sendTransaction', [
        { from: ETH_DEV_ACCOUNTS[0]![0], to: whale, value: '0xde0b6b3a7640000' },
      ]);
      const hash = (await rpc(origin, 'eth_sendTransaction', [
        { from: whale, to: ETH_DEV_ACCOUNTS[0]![0], value: '0x1' },
      ])) as string;
      const receipt = await provider.waitForTransaction(hash);
      expect(receipt?.status).toBe(1);
      expect(receipt?.from).toBe(whale);
      expect(await rpc(origin, 'eth_getTransactionByHash', [hash])).toMatchObject({
        from: whale.toLowerCase(),
      });
      await refused(() => rpc(origin, 'eth_sign', [whale, '0x00']), {
        code: -32000,
        message: 'unknown account',
      });
      await refused(() => rpc(origin, 'eth_signTransaction', [{ from: whale, to: whale }]), {
        code: -32000,
        message: 'unknown account',
      });
    } finally {
      devnet.chain.impersonated.clear();
    }
  });

  it('bad input is a JSON-RPC error naming the parameter, and nothing changes', async () => {
    const from = ETH_DEV_ACCOUNTS[0]![0];
    await refused(() => rpc(origin, 'eth_sendTransaction', [{ from, to: '0x7099' }]), {
      code: -32602,
      message: 'invalid argument 0 (transaction): to: expected a 20-byte 0x hex address',
    });
    await refused(
      () => rpc(origin, 'eth_sendTransaction', [{ from, to: from, gasPrice: '0x1', maxFeePerGas: '0x1' }]),
      {
        code: -32602,
        message: /both gasPrice and \(maxFeePerGas or maxPriorityFeePerGas\) specified/,
      },
    );
    await refused(() => rpc(origin, 'eth_sendTransaction', [{ from, to: from, type: '0x3' }]), {
      code: -32602,
      message: /type: transaction type 3 not supported/,
    });
    await refused(() => rpc(origin, 'eth_sendTransaction', [{ from, to: from, nonce: '0x0' }]), {
      code: -32000,
      message: /^nonce too low/,
    });
    await refused(() => rpc(origin, 'eth_sendTransaction', [{ from, to: from, chainId: '0x1' }]), {
      code: -32000,
      message: "chainId does not match node's (have=1, want=8884)",
    });
    await refused(() => rpc(origin, 'personal_sign', ['hello', from]), {
      code: -32602,
      message: 'invalid argument 0 (message): expected 0x hex data',
    });
    await refused(() => rpc(origin, 'eth_sign', ['0x12', '0x00']), {
      code: -32602,
      message: 'invalid argument 0 (address): expected a 20-byte 0x hex address',
    });
    await refused(() => rpc(origin, 'eth_sign', [`0x${'12'.repeat(20)}`, '0x00']), {
      code: -32000,
      message: 'unknown account 0x1212121212121212121212121212121212121212',
    });
    await refused(() => rpc(origin, 'eth_signTypedData_v4', [from, { ...TYPED, primaryType: 'Nope' }]), {
      code: -32602,
      message: /^invalid argument 1 \(typedData\): /,
    });
    await refused(() => rpc(origin, 'eth_signTypedData_v4', [from, '{not json']), {
      code: -32602,
      message: 'invalid argument 1 (typedData): expected typed data as an object or its JSON',
    });
    await refused(() => rpc(origin, 'eth_signTypedData_v4', [from, { ...TYPED, message: 3 }]), {
      code: -32602,
      message: 'invalid argument 1 (typedData): message: expected an object',
    });
  });
});
