// The game service path's code that needs the protocol package (zod schemas, the typed client): loaded on demand by
// `serviceTokenPath.ts`, so the initial bundle stays React plus the game.
import { createSnakeServiceClient, type SnakeServiceClient, SnakeServiceError } from '@nftkit/snake-protocol';

export { type PendingResult, readPending, removePending, savePending } from './pendingResults';
export { SignInError, signIn } from './signIn';

const clients = new Map<string, SnakeServiceClient>();

/** One typed client per service URL. */
export function serviceClient(url: string): SnakeServiceClient {
  let client = clients.get(url);
  if (!client) {
    client = createSnakeServiceClient(url);
    clients.set(url, client);
  }
  return client;
}

/** How the page treats a failed call: the service's refusal code and status, and whether to try again later. */
export function classify(error: unknown): {
  status: number;
  /** The service's error code (`SnakeServiceUnreachable` without an answer), or '' for anything else. */
  code: string;
  alreadyRecorded: boolean;
  retryable: boolean;
  unauthorised: boolean;
  token: SnakeServiceError['token'];
  message: string;
} {
  if (error instanceof SnakeServiceError) {
    return {
      status: error.status,
      code: error.code,
      alreadyRecorded: error.alreadyRecorded,
      retryable: error.retryable,
      unauthorised: error.code === 'SnakeUnauthorized',
      token: error.token,
      message: error.message,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    status: 0,
    code: '',
    alreadyRecorded: false,
    retryable: true,
    unauthorised: false,
    token: undefined,
    message,
  };
}
