import type { RouteParsedInput, routes } from '@nftkit/api';
import { formatCoins, normalizeAddress, parseCoins } from '@nftkit/primitives';
import { CHAIN } from '../../runtime/identity.js';
import { badRequest } from '../errors.js';
import { firstEvent, toAccountId } from './helpers.js';
import type { ExtrinsicHandler } from './types.js';

export const balanceTransfer: ExtrinsicHandler<RouteParsedInput<typeof routes.balance.transfer>> = {
  toCall(a) {
    let value: bigint;
    try {
      value = a.isAmountInCoins ? parseCoins(String(a.amount), CHAIN.decimals) : BigInt(a.amount);
    } catch (e) {
      throw badRequest(`Validation Error: amount: ${(e as Error).message}`);
    }
    if (value < 0n) throw badRequest('Validation Error: amount: must not be negative');
    return {
      section: 'balances',
      method: 'transferKeepAlive',
      args: { dest: toAccountId(a.to), value: String(value) },
    };
  },
  result(rec) {
    const e = firstEvent(rec, 'balances', 'Transfer');
    const amount = e.data.amount ?? '0';
    return {
      from: normalizeAddress(e.data.from ?? ''),
      to: normalizeAddress(e.data.to ?? ''),
      amountInCoin: formatCoins(BigInt(amount), CHAIN.decimals),
      amount,
    };
  },
};
