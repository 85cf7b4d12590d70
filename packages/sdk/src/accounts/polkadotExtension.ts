import type { SignerPayloadJSON } from '@nftkit/api';
import { InvalidBuildAnswerError } from '../errors/signer.js';
import {
  NoAccountsError,
  NoExtensionError,
  NoInjectedWeb3Error,
  WalletMethodMissingError,
  WalletNotFoundError,
} from '../errors/wallet.js';
import type { InjectedMetadata } from './polkadotMetadata.js';
import type { Account, SignResult, UnsignedPayload } from './types.js';

/** The parts of the Polkadot extension API (`@polkadot/extension-inject`) this module uses. */
export type InjectedAccount = { address: string; name?: string; type?: string; genesisHash?: string | null };
export type InjectedSigner = {
  signPayload?(payload: SignerPayloadJSON): Promise<{ id?: number; signature: string }>;
  signRaw?(raw: {
    address: string;
    data: string;
    type: 'bytes' | 'payload';
  }): Promise<{ id?: number; signature: string }>;
};
export type InjectedExtension = {
  accounts: { get(anyType?: boolean): Promise<InjectedAccount[]> };
  signer: InjectedSigner;
  /** Present where the extension takes a chain's metadata from the dApp (`offerMetadata`). */
  metadata?: InjectedMetadata;
};
export type InjectedWallet = { version?: string; enable(appName: string): Promise<InjectedExtension> };
export type InjectedWeb3 = Record<string, InjectedWallet>;

/** An account of a browser wallet; its signer asks the wallet to sign. */
export type PolkadotExtensionAccount = Account & {
  name: string | undefined;
  type: string;
  genesisHash: string | null;
  /** The key of the wallet in `window.injectedWeb3` (`polkadot-js`, `talisman`, `subwallet-js`, …). */
  walletName: string;
};

export type ConnectPolkadotExtensionParameters = {
  /** Shown by the wallet when it asks the user to allow this site. */
  appName: string;
  /** Only these wallets (keys of `window.injectedWeb3`); all of them when omitted. */
  walletNames?: string[];
  /** Where to look for wallets; `window.injectedWeb3` by default. */
  injectedWeb3?: InjectedWeb3;
};
export type ConnectPolkadotExtensionReturnType = PolkadotExtensionAccount[];

/** The wallets installed in this browser (keys of `window.injectedWeb3`); `[]` outside a browser. */
export function listPolkadotWallets(injectedWeb3 = findInjectedWeb3()): string[] {
  return injectedWeb3 ? Object.keys(injectedWeb3) : [];
}

/**
 * Enables the browser's Polkadot wallets for this app and lists their accounts. A wallet the user refuses is
 * skipped; if every one fails, the first failure is the `cause` of {@link NoExtensionError}.
 *
 * @example
 * const [account] = await connectPolkadotExtension({ appName: 'Snake' });
 * const sdk = UniqueChain({ baseUrl, account });
 * await sdk.token.setProperties({ collectionId, tokenId, properties });
 */
export async function connectPolkadotExtension(
  parameters: ConnectPolkadotExtensionParameters,
): Promise<ConnectPolkadotExtensionReturnType> {
  const injectedWeb3 = parameters.injectedWeb3 ?? findInjectedWeb3();
  if (!injectedWeb3) throw new NoInjectedWeb3Error();
  const names = parameters.walletNames ?? Object.keys(injectedWeb3);
  for (const name of names) if (!injectedWeb3[name]) throw new WalletNotFoundError(name);
  if (names.length === 0) throw new NoExtensionError();

  const settled = await Promise.allSettled(
    names.map(async (walletName) => {
      const extension = await injectedWeb3[walletName]!.enable(parameters.appName);
      const accounts = await extension.accounts.get();
      return accounts.map((account) => toAccount(walletName, extension.signer, account));
    }),
  );
  const enabled = settled.filter(
    (s): s is PromiseFulfilledResult<PolkadotExtensionAccount[]> => s.status === 'fulfilled',
  );
  if (enabled.length === 0) {
    throw new NoExtensionError(
      settled.find((s): s is PromiseRejectedResult => s.status === 'rejected')?.reason,
    );
  }
  const accounts = enabled.flatMap((s) => s.value);
  if (accounts.length === 0) throw new NoAccountsError();
  return accounts;
}

/**
 * Wraps one wallet account as an sdk account: `signPayload(signerPayloadJSON)` when the build answer has the
 * JSON (the wallet rebuilds and shows the transaction), else `signRaw(signerPayloadRaw)`.
 */
export function toAccount(
  walletName: string,
  signer: InjectedSigner,
  account: InjectedAccount,
): PolkadotExtensionAccount {
  const address = account.address;
  const type = account.type ?? 'sr25519';
  return {
    address,
    name: account.name,
    type,
    genesisHash: account.genesisHash ?? null,
    walletName,
    signer: {
      async sign(payload: UnsignedPayload): Promise<SignResult> {
        const signatureType = type as SignResult['signatureType'];
        if (payload?.signerPayloadJSON) {
          if (!signer.signPayload) throw new WalletMethodMissingError(walletName, 'signPayload');
          const { signature } = await signer.signPayload({ ...payload.signerPayloadJSON, address });
          return { signature, signatureType };
        }
        const data = payload?.signerPayloadRaw?.data ?? payload?.signerPayloadHex;
        if (typeof data !== 'string')
          throw new InvalidBuildAnswerError('signerPayloadJSON or signerPayloadRaw');
        if (!signer.signRaw) throw new WalletMethodMissingError(walletName, 'signRaw');
        const rawType = payload.signerPayloadRaw?.type === 'bytes' ? 'bytes' : 'payload';
        const { signature } = await signer.signRaw({ address, data, type: rawType });
        return { signature, signatureType };
      },
    },
  };
}

function findInjectedWeb3(): InjectedWeb3 | undefined {
  const win = (globalThis as { window?: { injectedWeb3?: InjectedWeb3 } }).window;
  return win?.injectedWeb3;
}

/**
 * The Polkadot-extension helpers under one name: `PolkadotExtensionAccount.connect({ appName })` lists the
 * accounts of the browser's wallets, `fromInjected` wraps one account you already have.
 */
export const PolkadotExtensionAccount = {
  connect: connectPolkadotExtension,
  fromInjected: toAccount,
  listWallets: listPolkadotWallets,
};
