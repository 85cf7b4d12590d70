/** An EIP-1193 provider, reduced to `request` (events are not needed by the game). */
export type Eip1193Provider = {
  request: (args: { method: string; params?: unknown[] | Record<string, unknown> }) => Promise<unknown>;
  isMetaMask?: boolean;
  on?: (event: string, listener: (...args: unknown[]) => void) => void;
  removeListener?: (event: string, listener: (...args: unknown[]) => void) => void;
};

/** EIP-6963 `detail` of an `eip6963:announceProvider` event. */
export type Eip6963ProviderDetail = {
  info: { uuid: string; name: string; icon: string; rdns: string };
  provider: Eip1193Provider;
};

/** The code of an EIP-1193 error (4001 = user rejected), when it has one. */
export function providerErrorCode(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const { code } = error as { code: unknown };
  return typeof code === 'number' ? code : undefined;
}

export const USER_REJECTED = 4001;
export const UNRECOGNIZED_CHAIN = 4902;
