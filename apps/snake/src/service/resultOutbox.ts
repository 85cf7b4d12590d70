// Finished games on their way to the game service: saved in this browser before they are sent (`pendingResults.ts`),
// sent one at a time, oldest first, and kept until the service confirms them; after an outage they are sent again
// with a growing delay.
import type { GameResultRequest } from '@nftkit/snake-protocol';
import { failureNotice } from '../token/failureNotice';
import { tokenText } from '../token/strings';
import { getTokenState, setTokenState as set } from '../token/tokenState';
import type { WalletSession } from '../wallet/session';
import type { PendingResult } from './pendingResults';
import { type ServiceCalls, type ServiceEnv, serviceUrlOf } from './serviceEnv';
import { describeFailure, signInNotice } from './serviceNotices';
import type { ServiceSession } from './serviceSession';
import { showTotals } from './shownTotals';
import { serviceText } from './strings';

const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 30_000;

export class ResultOutbox {
  // Results of the current wallet saved but not confirmed: leaving the page asks first while there are any.
  #unsent = 0;
  #flushing = false;
  #flushAgain = false;
  #cancelRetry: (() => void) | null = null;
  #retryDelay = 0;

  /** `isCurrent(w)`: whether `w` is still the wallet the path works for (only its notices and totals are shown). */
  constructor(
    private readonly env: ServiceEnv,
    private readonly session: ServiceSession,
    private readonly loadCalls: () => Promise<ServiceCalls>,
    private readonly isCurrent: (w: WalletSession) => boolean,
  ) {}

  /** Whether a finished game of the connected wallet still waits for the service's confirmation. */
  get hasUnsent(): boolean {
    return this.#unsent > 0;
  }

  /** The wallet changed: its count and retry timer go (its saved results stay for its return). */
  reset(): void {
    this.#unsent = 0;
    this.#retryDelay = 0;
    this.#stopRetry();
  }

  /** Game over: saves the result (before anything is sent), then sends it. Returns at once. */
  add(c: ServiceCalls, w: WalletSession, entry: PendingResult): void {
    const storage = this.env.storage();
    try {
      if (storage) c.savePending(storage, entry);
    } catch (error) {
      console.error('Failed to keep the snake result in this browser:', error);
    }
    this.#unsent += 1;
    set({ updating: true });
    if (!storage) {
      // No storage (privacy mode): send it from memory, once.
      void this.#sendUnsaved(c, w, entry.result);
      return;
    }
    void this.flush(w);
  }

  /**
   * Sends the wallet's saved results, oldest first, one at a time. Applied or already recorded: removed, totals shown.
   * Unreachable or a server failure: kept, sent again later. Refused (a replay that differs, a forged or expired id):
   * removed, and the notice says why. The wallet refusing to sign in again: kept until the next sign-in.
   */
  async flush(w: WalletSession): Promise<void> {
    if (this.#flushing) {
      this.#flushAgain = true;
      return;
    }
    this.#flushing = true;
    try {
      const c = await this.loadCalls();
      const storage = this.env.storage();
      do {
        this.#flushAgain = false;
        const url = serviceUrlOf(this.env);
        const mine = () =>
          storage ? c.readPending(storage).filter((p) => p.service === url && p.address === w.address) : [];
        let queue = mine();
        this.#unsent = queue.length;
        while (queue.length > 0 && this.isCurrent(w)) {
          const pending = queue[0]!;
          set({ updating: true, notice: { kind: 'info', text: serviceText.sending } });
          try {
            const answer = await this.session.call(c, w, (session) =>
              c.serviceClient(url).sendResult(session, pending.result),
            );
            if (storage) c.removePending(storage, pending.result.gameId);
            this.#retryDelay = 0;
            if (this.isCurrent(w)) {
              showTotals(answer.token);
              const shown = getTokenState().token ?? answer.token;
              set({
                notice: { kind: 'success', text: tokenText.updated(shown.totalScore, shown.gamesPlayed) },
              });
            }
          } catch (error) {
            const info = c.classify(error);
            if (info.alreadyRecorded) {
              // An earlier send got through: confirmed.
              if (storage) c.removePending(storage, pending.result.gameId);
              if (this.isCurrent(w)) {
                showTotals(
                  info.token ?? (await c.serviceClient(url).me(await this.session.signedIn(c, w))).token,
                );
                const shown = getTokenState().token;
                if (shown)
                  set({
                    notice: { kind: 'success', text: tokenText.updated(shown.totalScore, shown.gamesPlayed) },
                  });
              }
            } else if (error instanceof c.SignInError || info.retryable) {
              if (this.isCurrent(w)) {
                const notice =
                  error instanceof c.SignInError
                    ? signInNotice(c, error)
                    : failureNotice(describeFailure(c, error), serviceText.willRetry);
                set({ notice });
                if (!(error instanceof c.SignInError)) this.#scheduleRetry(w);
              }
              return;
            } else {
              if (storage) c.removePending(storage, pending.result.gameId);
              if (this.isCurrent(w)) {
                console.error('Failed to update Snake NFT:', error);
                set({ notice: failureNotice(describeFailure(c, error), serviceText.refused) });
              }
            }
          }
          queue = mine();
          this.#unsent = queue.length;
        }
      } while (this.#flushAgain && this.isCurrent(w));
    } catch (error) {
      // Storage or loading failed: nothing to resend from here; keep what is stored.
      console.error('Failed to send the snake results:', error);
    } finally {
      this.#flushing = false;
      if (this.isCurrent(w)) set({ updating: false });
    }
  }

  #stopRetry(): void {
    this.#cancelRetry?.();
    this.#cancelRetry = null;
  }

  #scheduleRetry(w: WalletSession): void {
    this.#stopRetry();
    this.#retryDelay = Math.min(RETRY_MAX_MS, this.#retryDelay === 0 ? RETRY_MIN_MS : this.#retryDelay * 2);
    this.#cancelRetry = this.env.later(() => {
      this.#cancelRetry = null;
      if (this.isCurrent(w)) void this.flush(w);
    }, this.#retryDelay);
  }

  async #sendUnsaved(c: ServiceCalls, w: WalletSession, result: GameResultRequest): Promise<void> {
    try {
      const answer = await this.session.call(c, w, (session) =>
        c.serviceClient(serviceUrlOf(this.env)).sendResult(session, result),
      );
      if (this.isCurrent(w)) {
        showTotals(answer.token);
        set({
          notice: {
            kind: 'success',
            text: tokenText.updated(answer.token.totalScore, answer.token.gamesPlayed),
          },
        });
      }
    } catch (error) {
      if (this.isCurrent(w))
        set({ notice: failureNotice(describeFailure(c, error), tokenText.updateFailed) });
    } finally {
      this.#unsent = Math.max(0, this.#unsent - 1);
      if (this.isCurrent(w)) set({ updating: false });
    }
  }
}
