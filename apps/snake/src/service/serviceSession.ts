// The connected wallet's bearer session with the game service: one sign-in shared by every call (a stored session or
// a new signature), replaced once when the service no longer accepts it.
import type { WalletSession } from '../wallet/session';
import { type ServiceCalls, type ServiceEnv, serviceUrlOf } from './serviceEnv';
import { dropStoredSession } from './storedSession';

export class ServiceSession {
  #bearer: string | null = null;
  // One signature at a time per wallet: a Start and a resend that both need a session share the wallet's prompt.
  #signing: { for: WalletSession; promise: Promise<string> } | null = null;

  /** `isCurrent(w)`: whether `w` is still the wallet the path works for (a session for another is not kept). */
  constructor(
    private readonly env: ServiceEnv,
    private readonly isCurrent: (w: WalletSession) => boolean,
  ) {}

  /** The wallet changed: the next call signs in again (from the stored session when it is that wallet's). */
  forget(): void {
    this.#bearer = null;
  }

  async signedIn(c: ServiceCalls, w: WalletSession): Promise<string> {
    if (this.#bearer && this.isCurrent(w)) return this.#bearer;
    if (this.#signing?.for !== w) {
      const url = serviceUrlOf(this.env);
      const promise = c.signIn(
        { client: c.serviceClient(url), service: url, storage: this.env.storage() },
        w,
      );
      this.#signing = { for: w, promise };
      promise.then(
        (session) => {
          if (this.isCurrent(w)) this.#bearer = session;
          if (this.#signing?.promise === promise) this.#signing = null;
        },
        () => {
          if (this.#signing?.promise === promise) this.#signing = null;
        },
      );
    }
    return this.#signing.promise;
  }

  /** Runs a call with the wallet's session; a session the service no longer accepts (401) is replaced once. */
  async call<T>(c: ServiceCalls, w: WalletSession, call: (session: string) => Promise<T>): Promise<T> {
    const session = await this.signedIn(c, w);
    try {
      return await call(session);
    } catch (error) {
      if (!c.classify(error).unauthorised) throw error;
      const storage = this.env.storage();
      if (storage) dropStoredSession(storage);
      if (this.#bearer === session) this.#bearer = null;
      return call(await this.signedIn(c, w));
    }
  }
}
