import { hexToBytes } from '@nftkit/primitives';
import { parseTransaction } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import type { EthTxEntry } from '../src/ethRpc/history.js';
import { receiptView, signedTransactionView } from '../src/ethRpc/views.js';
import { devKey } from './helpers/ethRpc.js';

// A receipt reads its transaction's type and recipient off the stored RLP instead of decoding it again: they must be
// what the decoded transaction says, for every type, with a recipient and without (a creation).
const account = privateKeyToAccount(devKey(1));
const recipient = privateKeyToAccount(devKey(2)).address;
const common = { chainId: 8884, nonce: 3, gas: 100_000n, value: 5n, data: '0x6001' as `0x${string}` };

const signed = {
  legacy: (to?: `0x${string}`, data = common.data) =>
    account.signTransaction({ ...common, data, type: 'legacy', gasPrice: 10n ** 12n, to }),
  eip2930: (to?: `0x${string}`, data = common.data) =>
    account.signTransaction({
      ...common,
      data,
      type: 'eip2930',
      gasPrice: 10n ** 12n,
      to,
      accessList: [{ address: recipient, storageKeys: [`0x${'00'.repeat(31)}01`] }],
    }),
  eip1559: (to?: `0x${string}`, data = common.data) =>
    account.signTransaction({
      ...common,
      data,
      type: 'eip1559',
      maxFeePerGas: 10n ** 13n,
      maxPriorityFeePerGas: 1n,
      to,
    }),
};

const entry = (raw: string): EthTxEntry => ({
  blockNumber: 1,
  hash: `0x${'11'.repeat(32)}`,
  index: 0,
  from: account.address,
  raw: hexToBytes(raw),
  status: true,
  gasUsed: 21_000n,
  cumulativeGasUsed: 21_000n,
  contractAddress: null,
  logs: [],
});

describe('a transaction', () => {
  it('gives r and s as quantities, without the leading zeros of a 32-byte word (as geth and Hardhat)', async () => {
    const short = { r: 0, s: 0 };
    for (let nonce = 0; (short.r === 0 || short.s === 0) && nonce < 2000; nonce++) {
      const raw = await account.signTransaction({
        type: 'eip1559',
        chainId: 8884,
        nonce,
        gas: 21_000n,
        maxFeePerGas: 2n,
        maxPriorityFeePerGas: 1n,
        to: recipient,
      });
      const tx = signedTransactionView(hexToBytes(raw), `0x${'11'.repeat(32)}`, account.address, null);
      const parsed = parseTransaction(raw);
      for (const [key, word] of [
        ['r', parsed.r],
        ['s', parsed.s],
      ] as const) {
        expect(BigInt(tx[key] as string)).toBe(BigInt(word!));
        expect(tx[key]).toMatch(/^0x[1-9a-f][0-9a-f]*$/);
        if (BigInt(word!) < 2n ** 252n) short[key] += 1;
      }
    }
    // Both were met with a leading zero among the signatures tried.
    expect(short.r * short.s).toBeGreaterThan(0);
  });
});

describe('a receipt', () => {
  for (const [type, sign] of Object.entries(signed))
    for (const to of [recipient.toLowerCase() as `0x${string}`, undefined])
      it(`gives the type and recipient of a ${type} transaction ${to ? 'to an address' : 'creating a contract'}`, async () => {
        const e = entry(await sign(to));
        const receipt = receiptView(e, `0x${'22'.repeat(32)}`);
        const tx = signedTransactionView(e.raw, e.hash, e.from, null);
        expect({ type: receipt.type, to: receipt.to }).toEqual({ type: tx.type, to: tx.to });
        // Lower case, as geth, Hardhat and Frontier answer.
        expect(receipt.to).toBe(to ? recipient.toLowerCase() : null);
      });

  // Past 55 and 255 bytes of fields, the RLP list's length takes one and two bytes of its own.
  for (const [type, sign] of Object.entries(signed))
    for (const size of [60, 300])
      it(`gives the recipient of a ${type} transaction with ${size} bytes of input`, async () => {
        const e = entry(await sign(recipient, `0x${'ab'.repeat(size)}`));
        expect(receiptView(e, `0x${'22'.repeat(32)}`).to).toBe(recipient.toLowerCase());
      });
});
