// What the game service path needs from the page: the service URL, the browser's storage, the protocol code (loaded
// on demand) and a timer. Tests give their own.
import { loadChunk } from '../ui/loadChunk';
import { browserStorage, type KeyValueStorage } from '../wallet/storage';
import { gameServiceUrl } from './config';

/** The protocol code of the service path (`serviceCalls.ts`): zod schemas and the typed client, loaded on demand. */
export type ServiceCalls = typeof import('./serviceCalls');

export type ServiceEnv = {
  url: () => string | null;
  storage: () => KeyValueStorage | null;
  load: () => Promise<ServiceCalls>;
  /** Schedules a resend; answers a cancel function. */
  later: (run: () => void, ms: number) => () => void;
};

export const browserServiceEnv: ServiceEnv = {
  url: gameServiceUrl,
  storage: browserStorage,
  load: () => loadChunk(() => import('./serviceCalls')),
  later: (run, ms) => {
    const id = setTimeout(run, ms);
    return () => clearTimeout(id);
  },
};

/** The service URL of this env; a path without one is a build error, not something to carry on with. */
export function serviceUrlOf(env: ServiceEnv): string {
  const url = env.url();
  if (!url) throw new Error('VITE_GAME_SERVICE_URL is not set');
  return url;
}
