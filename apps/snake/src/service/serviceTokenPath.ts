// The game service's token path: the player signs in by signing a challenge (no fee), Start Play gets a game id and
// seed from the service (which finds or mints the player's token), and game over hands the recorded game to the
// outbox, which saves it and sends it for the service to replay and record. The protocol code loads on demand.
import type { PlayedGame } from '../hooks/recording';
import { failureNotice } from '../token/failureNotice';
import { tokenText } from '../token/strings';
import { type StartTicket, setTokenState as set, type TokenPath } from '../token/tokenState';
import type { WalletSession } from '../wallet/session';
import { getWalletState, subscribeWallet } from '../wallet/store';
import { ResultOutbox } from './resultOutbox';
import { browserServiceEnv, type ServiceCalls, type ServiceEnv, serviceUrlOf } from './serviceEnv';
import { describeFailure, signInNotice } from './serviceNotices';
import { ServiceSession } from './serviceSession';
import { showTotals } from './shownTotals';
import { dropStoredSession } from './storedSession';
import { serviceReasons, serviceText } from './strings';

export class ServiceTokenPath implements TokenPath {
  readonly #env: ServiceEnv;
  // The loaded protocol code, kept so game over can save its result synchronously (before anything can interrupt).
  #calls: ServiceCalls | null = null;
  // The wallet this path works for; every async step checks it is still the one before writing state.
  #wallet: WalletSession | null = null;
  // The game Start Play got from the service, sent at its game over.
  #current: { gameId: string; address: string } | null = null;
  #starting = false;
  #unfollow: (() => void) | null = null;
  readonly #session: ServiceSession;
  readonly #outbox: ResultOutbox;

  constructor(env: Partial<ServiceEnv> = {}) {
    this.#env = { ...browserServiceEnv, ...env };
    const isCurrent = (w: WalletSession) => this.#wallet === w;
    this.#session = new ServiceSession(this.#env, isCurrent);
    this.#outbox = new ResultOutbox(this.#env, this.#session, () => this.#loadCalls(), isCurrent);
  }

  /** Whether a finished game of the connected wallet still waits for the service's confirmation. */
  hasUnsentResults(): boolean {
    return this.#outbox.hasUnsent;
  }

  /** Follows the wallet store (connect, switch, disconnect) and the page (leaving, coming back online); once. */
  follow(): void {
    if (this.#unfollow) return;
    const unsubscribe = subscribeWallet(() => this.#switchTo(getWalletState().session));
    this.#switchTo(getWalletState().session);
    if (typeof window === 'undefined') {
      this.#unfollow = unsubscribe;
      return;
    }
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!this.hasUnsentResults()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    const onOnline = () => {
      if (this.#wallet) void this.#outbox.flush(this.#wallet);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('online', onOnline);
    this.#unfollow = () => {
      unsubscribe();
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('online', onOnline);
    };
  }

  /** Stops following the wallet and the page (a path that is no longer used). */
  unfollow(): void {
    this.#unfollow?.();
    this.#unfollow = null;
  }

  /**
   * Start Play (spec §4 step 5 with a service): a guest (no wallet) plays at once with the page's seed; a wallet
   * signs in if needed, sends what results it still keeps (so a new game never ends one the service has not seen),
   * then gets the game's id and seed. The service mints nothing here (the token comes with the first verified game)
   * and answers even with the chain down: the game plays, its result waits here until the chain is back. `null`
   * when Start fails: the game does not start, the notice says why.
   */
  async prepareStart(): Promise<StartTicket | null> {
    const w = getWalletState().session;
    if (!w) return { seed: null, counts: false };
    if (this.#starting) return null;
    if (w !== this.#wallet) this.#switchTo(w);
    this.#starting = true;
    set({ notice: null });
    let c: ServiceCalls | null = null;
    try {
      c = await this.#loadCalls();
      const loaded = c;
      // A starting game ends the player's open one at the service: results kept from before go first.
      if (this.#outbox.hasUnsent) await this.#outbox.flush(w);
      const game = await this.#session.call(loaded, w, (session) =>
        loaded.serviceClient(serviceUrlOf(this.#env)).startGame(session),
      );
      if (this.#wallet !== w) return null;
      this.#current = { gameId: game.gameId, address: w.address };
      showTotals(game.token);
      if (game.mintsPaused)
        set({ notice: { kind: 'info', text: serviceText.mintsPaused, detail: game.mintsPaused } });
      // Signed in again: results kept from before (an outage, a refused signature) go now.
      void this.#outbox.flush(w);
      return { seed: game.seed, counts: true };
    } catch (error) {
      console.error('Failed to start a game with the game service:', error);
      if (this.#wallet === w) {
        const failure = c
          ? describeFailure(c, error)
          : { reason: serviceReasons.unreachable, detail: String(error) };
        const notice =
          c && error instanceof c.SignInError
            ? signInNotice(c, error)
            : failureNotice(failure, serviceText.startFailed);
        set({ notice });
      }
      return null;
    } finally {
      this.#starting = false;
    }
  }

  /** Sends the kept results now (the chain answers again): no need to wait for the next retry. */
  retryNow(): void {
    if (this.#wallet) void this.#outbox.flush(this.#wallet);
  }

  /** Game over: the outbox saves the result (before anything is sent), then sends it. Returns at once. */
  recordGame(score: number, played: PlayedGame): void {
    const game = this.#current;
    this.#current = null;
    const w = this.#wallet;
    if (!game || !w || w.address !== game.address || !this.#calls) return;
    this.#outbox.add(this.#calls, w, {
      service: serviceUrlOf(this.#env),
      address: w.address,
      score,
      savedAt: Date.now(),
      result: {
        gameId: game.gameId,
        inputs: played.inputs.map((t) => ({ tick: t.tick, direction: t.direction })),
        ticks: played.ticks,
        durationMs: played.durationMs,
      },
    });
  }

  async #loadCalls(): Promise<ServiceCalls> {
    this.#calls ??= await this.#env.load();
    return this.#calls;
  }

  /** Switches to another wallet (or none): signs in (stored session or a new signature), reads the token, resends. */
  #switchTo(next: WalletSession | null): void {
    if (next === this.#wallet) return;
    const previous = this.#wallet;
    this.#wallet = next;
    this.#session.forget();
    this.#current = null;
    this.#outbox.reset();
    set({ token: null, minting: false, updating: false, notice: null });
    if (!next) {
      // Disconnect: the session goes too (a shared browser), the unsent results stay for that wallet's return.
      const storage = this.#env.storage();
      if (previous && storage) dropStoredSession(storage);
      return;
    }
    void (async () => {
      let c: ServiceCalls;
      try {
        c = await this.#loadCalls();
      } catch (error) {
        console.error('Failed to load the game service client:', error);
        return;
      }
      try {
        if (this.#wallet !== next) return;
        const session = await this.#session.signedIn(c, next);
        if (this.#wallet !== next) return;
        const me = await c.serviceClient(serviceUrlOf(this.#env)).me(session);
        if (this.#wallet === next) showTotals(me.token);
      } catch (error) {
        console.error('Failed to read Snake NFT:', error);
        if (this.#wallet === next) {
          const notice =
            error instanceof c.SignInError
              ? signInNotice(c, error)
              : failureNotice(describeFailure(c, error), tokenText.readFailed);
          set({ notice });
        }
        return;
      }
      await this.#outbox.flush(next);
    })();
  }
}
