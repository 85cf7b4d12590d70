import type { Hex } from 'viem';
import type { AccessList } from './intrinsic.js';

/** An EVM log as recorded in `evm.Log` (`{address, topics, data}`, rest-api §4.6). */
export type EvmLog = { address: string; topics: Hex[]; data: Hex };

/** One message to a contract: who calls and whom (checksummed Ethereum addresses), what, with how much value. */
export type EvmMessage = {
  caller: string;
  to: string;
  data: Hex;
  value: bigint;
  /** STATICCALL: any write reverts. */
  isStatic: boolean;
  /** A transaction's EIP-2930 access list: these addresses and slots start warm. */
  accessList?: AccessList;
};

/** `gasUsed` is the execution's (intrinsic gas not included); `gasRefund` the EIP-3529 refund it earned, uncapped. */
export type EvmOutcome =
  | { ok: true; returnData: Hex; logs: EvmLog[]; gasUsed: bigint; gasRefund?: bigint }
  | { ok: false; returnData: Hex; reason: string; gasUsed: bigint; gasRefund?: bigint };
