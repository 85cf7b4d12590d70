import type { Hex } from 'viem';

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
};

export type EvmOutcome =
  | { ok: true; returnData: Hex; logs: EvmLog[]; gasUsed: bigint }
  | { ok: false; returnData: Hex; reason: string; gasUsed: bigint };
