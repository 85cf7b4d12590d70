import { TxRefusedError } from '../chain/errors.js';
import { serverError } from '../jsonRpc/errors.js';
import { EthTransactionError } from '../runtime/ethereum/transaction.js';

/** A transaction the chain refused, as geth answers it (-32000 with its text); anything else is rethrown. */
export function transactionRefusal(e: unknown): never {
  if (e instanceof EthTransactionError) throw serverError(e.message);
  if (e instanceof TxRefusedError) throw serverError(e.code === 'PoolFull' ? 'txpool is full' : e.message);
  throw e;
}
