/**
 * Assigns the nonces of the writes one client makes for an account (issue 14, finding 7). Without it, writes started
 * together were all built with the nonce the chain knew, and all but one were refused (`Stale`, `PriorityTooLow`).
 * Like ethers' NonceManager, and like a wallet's queue: each account's writes go through build → sign → submit one
 * after another, each with the nonce after the last one accepted; their statuses are awaited side by side. When the
 * manager knows no nonce (the account's first write, or the one after a failure), the write leaves the nonce to the
 * chain's build (`system_accountNextIndex`, which counts the pool) and the manager learns it from the payload. A
 * failed step leaves its nonce unused and makes the next write ask the chain again, so a refusal, a rejected
 * signature or a write made elsewhere costs one write, never the ones after it.
 */
export class NonceManager {
  readonly #accounts = new Map<string, { next: number | undefined; tail: Promise<unknown> }>();

  /**
   * Runs `step` once the account's earlier steps are done, with the nonce it should use (`undefined`: let the chain
   * choose); `step` answers the nonce it used and its value.
   */
  run<T>(
    address: string,
    step: (nonce: number | undefined) => Promise<{ nonce: number; value: T }>,
  ): Promise<T> {
    let account = this.#accounts.get(address);
    if (!account) {
      account = { next: undefined, tail: Promise.resolve() };
      this.#accounts.set(address, account);
    }
    const state = account;
    const result = state.tail.then(async () => {
      try {
        const { nonce, value } = await step(state.next);
        state.next = nonce + 1;
        return value;
      } catch (error) {
        state.next = undefined;
        throw error;
      }
    });
    state.tail = result.catch(() => undefined);
    return result;
  }

  /** Forgets the account's next nonce: its next write lets the chain choose. */
  resync(address: string): void {
    const account = this.#accounts.get(address);
    if (account) account.next = undefined;
  }
}
