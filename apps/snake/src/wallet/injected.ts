// The shapes a Polkadot-family extension injects into `window.injectedWeb3` (the extension-dapp contract), reduced to
// what the game reads. Structurally the same as the sdk's types of those names, so its signer accepts them.

export type InjectedAccount = { address: string; name?: string; type?: string; genesisHash?: string | null };

export type InjectedSigner = {
  signPayload?(payload: never): Promise<{ id?: number; signature: string }>;
  signRaw?(raw: {
    address: string;
    data: string;
    type: 'bytes' | 'payload';
  }): Promise<{ id?: number; signature: string }>;
};

export type InjectedExtension = {
  accounts: { get(anyType?: boolean): Promise<InjectedAccount[]> };
  signer: InjectedSigner;
};

export type InjectedWallet = { version?: string; enable(appName: string): Promise<InjectedExtension> };

export type InjectedWeb3 = Record<string, InjectedWallet | undefined>;
