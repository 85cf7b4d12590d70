/**
 * Orders the writes one client makes for an account. Without it, writes started together were
 * all built with the nonce the chain knew, and all but one were refused (`Stale`, `PriorityTooLow`). Like a wallet's
 * queue: each account's writes go through build → sign → submit one after another, their statuses awaited side by
 * side. Each build then gets the right nonce from the chain (`system_accountNextIndex` counts the pool, and this
 * client's earlier submits are in it), also when the account wrote elsewhere, where a nonce cached here would have
 * gone stale (an EVM call of the same account did, in `test/evm.sdk.test.ts`). A failed step uses no nonce, so a
 * refusal or a rejected signature costs one write, never the ones after it. The manager remembers the last nonce each
 * account used (`lastNonce`), for callers that sign elsewhere.
 */
export class NonceManager {
  readonly #accounts = new Map<string, { last: number | undefined; tail: Promise<unknown> }>();

  /** Runs `step` once the account's earlier steps are done; `step` answers the nonce it used and its value. */
  run<T>(address: string, step: () => Promise<{ nonce: number; value: T }>): Promise<T> {
    let account = this.#accounts.get(address);
    if (!account) {
      account = { last: undefined, tail: Promise.resolve() };
      this.#accounts.set(address, account);
    }
    const state = account;
    const result = state.tail.then(async () => {
      const { nonce, value } = await step();
      state.last = nonce;
      return value;
    });
    state.tail = result.catch(() => undefined);
    return result;
  }

  /** The nonce of the account's last write through this manager that the chain accepted. */
  lastNonce(address: string): number | undefined {
    return this.#accounts.get(address)?.last;
  }
}
