import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { DEV_ENDOWMENT } from '../src/chain/config.js';
import { accountNonce } from '../src/chain/nonces.js';
import { EthTransactionError } from '../src/runtime/ethereum/transaction.js';
import { GAS_PRICE } from '../src/runtime/evm/gas.js';
import { evmStorage } from '../src/runtime/evm/storage.js';
import { balanceAccount, ethBalance } from '../src/runtime/evm/value.js';
import { expectNoop, makeChain } from './helpers/chain.js';
import { devKey } from './helpers/ethRpc.js';

const sender = privateKeyToAccount(devKey(8));
const to = '0x000000000000000000000000000000000000c0DE';
const transfer = (nonce: number, value: bigint) =>
  sender.signTransaction({
    type: 'eip1559',
    chainId: 8884,
    nonce,
    to,
    value,
    gas: 21_000n,
    maxFeePerGas: GAS_PRICE,
    maxPriorityFeePerGas: 0n,
  });

describe('Ethereum transactions in the pool and in blocks', () => {
  it('wait in the pool at their nonce; pending counts them; a block includes them in order', async () => {
    const chain = makeChain({ instant: false });
    const first = chain.submitEthereum(await transfer(0, 1n));
    const second = chain.submitEthereum(await transfer(1, 2n));
    expect(chain.pool.size).toBe(2);
    expect(chain.nextIndex(sender.address)).toBe(2);
    expect(accountNonce(chain.storage, sender.address)).toBe(0);
    chain.produceBlock();
    chain.commit();
    expect(chain.history.get(first)).toMatchObject({
      index: 0,
      section: 'ethereum',
      method: 'transact',
      success: true,
    });
    expect(chain.history.get(second)).toMatchObject({ index: 1, success: true });
    expect(evmStorage(chain.storage).account(sender.address).nonce).toBe(2n);
    expect(ethBalance(chain.storage, to)).toBe(3n);
  });

  it('a value spent between admission and the block: included as failed, nonce used, nothing charged', async () => {
    const chain = makeChain({ instant: false });
    const gas = 21_000n * GAS_PRICE;
    // Both are admitted against the same balance; together they cannot be paid.
    const big = DEV_ENDOWMENT - 2n * gas;
    const a = chain.submitEthereum(await transfer(0, big));
    const b = chain.submitEthereum(await transfer(1, big));
    chain.produceBlock();
    chain.commit();
    expect(chain.history.get(a)?.success).toBe(true);
    const failed = chain.history.get(b)!;
    expect(failed.success).toBe(false);
    expect(failed.error).toMatchObject({ section: 'evm', name: 'BalanceLow' });
    expect(failed.events.map((e) => `${e.section}.${e.method}`)).toEqual(['system.ExtrinsicFailed']);
    expect(evmStorage(chain.storage).account(sender.address).nonce).toBe(2n);
    expect(ethBalance(chain.storage, to)).toBe(big);
    expect(chain.storage.system.account(balanceAccount(sender.address)).free).toBe(DEV_ENDOWMENT - big - gas);
  });

  it('refuses in the pool as geth does, and the refusal changes nothing', async () => {
    const chain = makeChain({ instant: false });
    const raw = await transfer(0, 1n);
    chain.submitEthereum(raw);
    const refused = (message: string | RegExp) => ({ error: EthTransactionError, message });
    await expectNoop(chain, () => chain.submitEthereum(raw), refused('already known'));
    await expectNoop(
      chain,
      async () => chain.submitEthereum(await transfer(0, 2n)),
      refused('replacement transaction underpriced'),
    );
    await expectNoop(
      chain,
      async () => chain.submitEthereum(await transfer(257, 1n)),
      refused(`nonce too high: address ${sender.address}, tx: 257 state: 0`),
    );
    await expectNoop(
      chain,
      async () => chain.submitEthereum(await transfer(1, DEV_ENDOWMENT)),
      refused(/^insufficient funds for gas \* price \+ value: /),
    );
    chain.produceBlock();
    await expectNoop(
      chain,
      async () => chain.submitEthereum(await transfer(0, 3n)),
      refused(`nonce too low: address ${sender.address}, tx: 0 state: 1`),
    );
  });
});
