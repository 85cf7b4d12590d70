import { named } from '../events.js';

/**
 * `ethereum.Executed` (pallet-ethereum): ends every included Ethereum transaction. `to` is the created contract for
 * a deploy; `exitReason` is `Succeed` or `Revert: <reason>`; `gasUsed` (intrinsic gas included) is what the
 * receipt reports — a devnet addition, the chain's receipts read it from the transaction's execution info.
 */
export const EthereumEvent = {
  Executed: (e: {
    from: string;
    to: string;
    transactionHash: string;
    exitReason: string;
    gasUsed: bigint;
    contractAddress: string | null;
  }) =>
    named('ethereum', 'Executed', {
      from: e.from,
      to: e.to,
      transactionHash: e.transactionHash,
      exitReason: e.exitReason,
      gasUsed: e.gasUsed.toString(),
      ...(e.contractAddress === null ? {} : { contractAddress: e.contractAddress }),
    }),
};
