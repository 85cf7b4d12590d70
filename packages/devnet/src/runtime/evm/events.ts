import { named } from '../events.js';
import type { EvmLog } from './types.js';

/** `evm` events: `Log.log` is the JSON `{address, topics, data}` the REST logs handler parses (rest-api §4.6). */
export const EvmEvent = {
  Log: (log: EvmLog) => named('evm', 'Log', { log: JSON.stringify(log) }),
  Created: (address: string) => named('evm', 'Created', { address }),
  CreatedFailed: (address: string) => named('evm', 'CreatedFailed', { address }),
  Executed: (address: string) => named('evm', 'Executed', { address }),
  ExecutedFailed: (address: string) => named('evm', 'ExecutedFailed', { address }),
};
