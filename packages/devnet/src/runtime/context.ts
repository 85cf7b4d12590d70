import type { EventRecord } from './events.js';
import type { RuntimeStorage } from './storage.js';

/** What a call sees while it is dispatched: the storage, who signed, the block being built, and its event sink. */
export type DispatchContext = {
  readonly storage: RuntimeStorage;
  /** The signer, an SS58 (prefix 42) address: the `Substrate` origin. */
  readonly origin: string;
  readonly blockNumber: number;
  readonly events: EventRecord[];
};

export function deposit(ctx: DispatchContext, event: EventRecord): void {
  ctx.events.push(event);
}
