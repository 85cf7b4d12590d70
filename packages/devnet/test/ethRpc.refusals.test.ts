import { secp256k1 } from '@noble/curves/secp256k1.js';
import { parseTransaction, serializeTransaction, type TransactionSerializable } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { GAS_PRICE } from '../src/runtime/evm/gas.js';
import { devnetForFile } from './helpers/devnet.js';
import { devKey, rpc, rpcOrigin } from './helpers/ethRpc.js';
import { chainSnapshot } from './helpers/snapshot.js';

const devnet = devnetForFile();
let origin: string;
const sender = privateKeyToAccount(devKey(4));

beforeAll(async () => {
  origin = rpcOrigin(devnet.url);
});

const transfer = (over: Partial<TransactionSerializable> = {}): TransactionSerializable =>
  ({
    type: 'eip1559',
    chainId: 8884,
    nonce: 0,
    to: '0x000000000000000000000000000000000000dEaD',
    value: 1n,
    gas: 21_000n,
    maxFeePerGas: GAS_PRICE,
    maxPriorityFeePerGas: 0n,
    ...over,
  }) as TransactionSerializable;

/** Sends `raw` and expects a -32000 refusal whose message has `text`, with the chain's state untouched. */
async function refused(raw: string, text: string | RegExp): Promise<void> {
  await devnet.chain.whenCommitted();
  const before = chainSnapshot(devnet.chain);
  const error = await rpc(origin, 'eth_sendRawTransaction', [raw]).then(
    () => undefined,
    (e: { code: number; message: string }) => e,
  );
  expect(error?.code).toBe(-32000);
  expect(error?.message).toMatch(text);
  await devnet.chain.whenCommitted();
  expect(devnet.chain.headNumber).toBe(before.head.number);
  expect(devnet.chain.pool.size).toBe(0);
  // Every table (state, blocks, extrinsics, events, the indexer's), the head and the pool as they were.
  expect(chainSnapshot(devnet.chain)).toEqual(before);
}

describe('JSON-RPC refusals: nothing is applied', () => {
  it('nonce too low, and the same transaction twice', async () => {
    const raw = await sender.signTransaction(transfer());
    const hash = await rpc(origin, 'eth_sendRawTransaction', [raw]);
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    await refused(raw, /^already known$|^nonce too low/);
    await refused(
      await sender.signTransaction(transfer({ value: 2n })),
      /^nonce too low: address 0x.* tx: 0 state: 1$/,
    );
    expect(await rpc(origin, 'eth_getTransactionCount', [sender.address, 'latest'])).toBe('0x1');
  });

  it('insufficient funds for gas * price + value', async () => {
    const poor = privateKeyToAccount(generatePrivateKey());
    await refused(await poor.signTransaction(transfer()), /^insufficient funds for gas \* price \+ value/);
    const rich = await sender.signTransaction(transfer({ nonce: 1, value: 10n ** 30n }));
    await refused(rich, /^insufficient funds for gas \* price \+ value/);
  });

  it('a call or an estimate whose value the sender cannot pay: geth’s -32000, not a revert', async () => {
    const poor = privateKeyToAccount(generatePrivateKey()).address;
    const call = { from: poor, to: sender.address, value: '0x3e8' };
    for (const method of ['eth_call', 'eth_estimateGas'])
      await expect(rpc(origin, method, [call])).rejects.toMatchObject({
        code: -32000,
        message: `insufficient funds for gas * price + value: address ${poor} have 0 want 1000`,
      });
    // A state override that funds the sender lets the same call run.
    const funded = { [poor]: { balance: '0x3e8' } };
    expect(await rpc(origin, 'eth_call', [call, 'latest', funded])).toBe('0x');
    expect(await rpc(origin, 'eth_estimateGas', [call, 'latest', funded])).toBe('0x5209');
  });

  it('a wrong chain id, no chain id (pre-EIP-155), an underpriced or underfunded gas', async () => {
    await refused(
      await sender.signTransaction(transfer({ nonce: 1, chainId: 1 })),
      /^invalid chain id for signer: have 1 want 8884$/,
    );
    await refused(
      await sender.signTransaction({
        type: 'legacy',
        nonce: 1,
        to: sender.address,
        gas: 21_000n,
        gasPrice: GAS_PRICE,
      } as never),
      /only replay-protected \(EIP-155\)/,
    );
    await refused(
      await sender.signTransaction(transfer({ nonce: 1, maxFeePerGas: 1n })),
      /max fee per gas less than block base fee/,
    );
    await refused(
      await sender.signTransaction({
        type: 'legacy',
        chainId: 8884,
        nonce: 1,
        to: sender.address,
        gas: 21_000n,
        gasPrice: 1n,
      }),
      /^transaction underpriced/,
    );
    await refused(
      await sender.signTransaction(transfer({ nonce: 1, gas: 20_000n })),
      /^intrinsic gas too low/,
    );
    await refused(
      await sender.signTransaction(transfer({ nonce: 1, gas: 40_000_000n })),
      /^exceeds block gas limit$/,
    );
  });

  it('bad signatures: a high s, a zero r, a signature of other fields', async () => {
    const signed = parseTransaction(await sender.signTransaction(transfer({ nonce: 1 })));
    const n = secp256k1.Point.CURVE().n;
    const highS = `0x${(n - BigInt(signed.s!)).toString(16).padStart(64, '0')}` as const;
    const flipped = { ...signed, s: highS, yParity: 1 - signed.yParity! } as TransactionSerializable;
    await refused(serializeTransaction(flipped), /^invalid transaction v, r, s values$/);
    await refused(
      serializeTransaction({ ...signed, r: '0x0' } as TransactionSerializable),
      /^invalid transaction v, r, s values$/,
    );
    // Other fields under the same signature: the recovered sender is some unfunded key.
    const tampered = { ...signed, value: 5n } as TransactionSerializable;
    await refused(
      serializeTransaction(tampered),
      /^insufficient funds for gas \* price \+ value: address 0x/,
    );
  });

  it('malformed raw transactions are refused with what is wrong', async () => {
    await refused('0x1234', /^rlp: |transaction type not supported/);
    await refused('0x04c0', /^transaction type not supported$/);
    const error = await rpc(origin, 'eth_sendRawTransaction', ['nothex']).catch((e) => e);
    expect(error).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^invalid argument 0 \(transaction\)/),
    });
  });
});
