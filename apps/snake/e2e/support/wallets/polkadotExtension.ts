import type { Page } from '@playwright/test';
import { type SignerPayloadJSON, Sr25519Account, signerPayloadToSignBytes } from './kit';

export type TestExtensionOptions = {
  /** Accounts the extension holds, as secret URIs (e.g. `//Alice`) with a display name. */
  accounts?: { uri: string; name: string }[];
  /** `injectedWeb3` key (default `polkadot-js`). */
  walletName?: string;
  /** How `enable` answers an origin it has not authorised yet: the user allows it, or refuses it. */
  onPrompt?: 'allow' | 'refuse';
  /** `enable` fails with this message (an extension error, not a refusal). */
  enableError?: string;
  /** `accounts.get` fails with this message after enabling. */
  accountsError?: string;
  /** `signRaw` fails with `Cancelled`, as polkadot-js does when the user cancels the signature request. */
  refuseSignRaw?: boolean;
  /** How `metadata.provide` answers (the user approves or refuses); `absent`: the extension takes no metadata. */
  metadata?: 'approve' | 'refuse' | 'absent';
};

export type TestExtensionLog = { prompts: number; enables: number; signed: number; signedRaw: number };

/** What the extension was given through `metadata.provide`, and the payloads it signed, kept on the Node side. */
export type TestExtensionRecord = {
  provided: {
    genesisHash: string;
    specVersion: number;
    chain: string;
    tokenSymbol: string;
    rawMetadata: string;
  }[];
  signedPayloads: SignerPayloadJSON[];
};

const BYTES_OPEN = '<Bytes>';
const BYTES_CLOSE = '</Bytes>';

/**
 * Installs a Polkadot extension into the page before any script runs: `window.injectedWeb3[walletName]` with
 * `enable`, `accounts.get` and a signer whose `signPayload` does what a real extension does: it rebuilds the bytes
 * from `signerPayloadJSON` (`signerPayloadToSignBytes`) and signs them with the account's real sr25519 key (held on
 * the Node side, reached through `page.exposeFunction`). The extension remembers which origins it authorised in the
 * page's localStorage, so a reload shows whether the game asked again (`prompts`).
 */
export async function installPolkadotExtension(
  page: Page,
  options: TestExtensionOptions = {},
): Promise<TestExtensionRecord> {
  const record: TestExtensionRecord = { provided: [], signedPayloads: [] };
  const keys = (options.accounts ?? [{ uri: '//Alice', name: 'Alice' }]).map((a) => ({
    name: a.name,
    pair: Sr25519Account.fromUri(a.uri),
  }));
  await page.exposeFunction('__testExtensionSign', (json: SignerPayloadJSON): string => {
    const key = keys.find((k) => k.pair.address === json.address);
    if (!key) throw new Error(`Unknown account ${json.address}`);
    record.signedPayloads.push(json);
    const signature = key.pair.sign(signerPayloadToSignBytes(json));
    // MultiSignature: 0x01 (sr25519) + the 64-byte signature, as extensions answer signPayload.
    return `0x01${Buffer.from(signature).toString('hex')}`;
  });
  // signRaw as polkadot-js answers `type: 'bytes'`: the data wrapped in <Bytes>…</Bytes> (unless already wrapped),
  // signed with the account's key, the bare 64-byte signature as hex.
  await page.exposeFunction('__testExtensionSignRaw', (address: string, dataHex: string): string => {
    const key = keys.find((k) => k.pair.address === address);
    if (!key) throw new Error(`Unknown account ${address}`);
    const data = Buffer.from(dataHex.replace(/^0x/, ''), 'hex');
    const text = data.toString('latin1');
    const wrapped =
      text.startsWith(BYTES_OPEN) && text.endsWith(BYTES_CLOSE)
        ? data
        : Buffer.concat([Buffer.from(BYTES_OPEN), data, Buffer.from(BYTES_CLOSE)]);
    return `0x${Buffer.from(key.pair.sign(new Uint8Array(wrapped))).toString('hex')}`;
  });
  await page.exposeFunction('__testExtensionProvide', (def: TestExtensionRecord['provided'][number]) => {
    record.provided.push(def);
  });
  await page.addInitScript(
    (config) => {
      type Win = Window & {
        injectedWeb3?: Record<string, unknown>;
        __testExtensionSign?: (json: unknown) => Promise<string>;
        __testExtensionSignRaw?: (address: string, data: string) => Promise<string>;
        __testExtensionProvide?: (def: unknown) => Promise<void>;
        __testExtension?: { prompts: number; enables: number; signed: number; signedRaw: number };
      };
      const win = window as Win;
      const log = { prompts: 0, enables: 0, signed: 0, signedRaw: 0 };
      win.__testExtension = log;
      const AUTH_KEY = `__testExtensionAuthorised:${config.walletName}`;
      let id = 0;
      // As polkadot-js: what it was given is known (by genesis hash and spec version) until the page goes.
      const known: { genesisHash: string; specVersion: number }[] = [];
      const metadata = {
        async get() {
          return known;
        },
        async provide(def: { genesisHash: string; specVersion: number }) {
          if (config.metadata === 'refuse') throw new Error('Request rejected');
          await win.__testExtensionProvide!(def);
          known.push({ genesisHash: def.genesisHash, specVersion: def.specVersion });
          return true;
        },
      };
      const injected = {
        version: '0.0.0-test',
        async enable(appName: string) {
          log.enables += 1;
          if (config.enableError) throw new Error(config.enableError);
          if (localStorage.getItem(AUTH_KEY) !== 'yes') {
            log.prompts += 1;
            if (config.onPrompt === 'refuse') {
              throw new Error(`The source ${location.origin} is not allowed to interact with this extension`);
            }
            localStorage.setItem(AUTH_KEY, 'yes');
          }
          void appName;
          return {
            ...(config.metadata === 'absent' ? {} : { metadata }),
            accounts: {
              async get() {
                if (config.accountsError) throw new Error(config.accountsError);
                return config.accounts.map((a) => ({ address: a.address, name: a.name, type: 'sr25519' }));
              },
              subscribe: () => () => {},
            },
            signer: {
              async signPayload(payload: { address: string }) {
                if (!config.accounts.some((a) => a.address === payload.address))
                  throw new Error('Unknown account');
                const signature = await win.__testExtensionSign!(payload);
                log.signed += 1;
                id += 1;
                return { id, signature };
              },
              async signRaw(raw: { address: string; data: string; type: string }) {
                if (!config.accounts.some((a) => a.address === raw.address))
                  throw new Error('Unknown account');
                if (config.refuseSignRaw) throw new Error('Cancelled');
                const signature = await win.__testExtensionSignRaw!(raw.address, raw.data);
                log.signedRaw += 1;
                id += 1;
                return { id, signature };
              },
            },
          };
        },
      };
      win.injectedWeb3 = { ...(win.injectedWeb3 ?? {}), [config.walletName]: injected };
    },
    {
      walletName: options.walletName ?? 'polkadot-js',
      onPrompt: options.onPrompt ?? 'allow',
      enableError: options.enableError ?? null,
      accountsError: options.accountsError ?? null,
      refuseSignRaw: options.refuseSignRaw ?? false,
      metadata: options.metadata ?? 'approve',
      accounts: keys.map((k) => ({ address: k.pair.address, name: k.name })),
    },
  );
  return record;
}

export const extensionLog = (page: Page): Promise<TestExtensionLog> =>
  page.evaluate(() => (window as Window & { __testExtension?: TestExtensionLog }).__testExtension!);

/** The address of a dev URI, as the extension and the game show it (SS58 prefix 42). */
export const addressOf = (uri: string): string => Sr25519Account.fromUri(uri).address;
