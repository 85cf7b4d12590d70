// The shapes a Polkadot-family extension injects into `window.injectedWeb3`, as the sdk declares them. A type-only
// import: it costs the initial bundle nothing, so the wallet code can describe extensions before the sdk loads.
export type {
  InjectedAccount,
  InjectedExtension,
  InjectedSigner,
  InjectedWallet,
  InjectedWeb3,
} from '@nftkit/sdk';
