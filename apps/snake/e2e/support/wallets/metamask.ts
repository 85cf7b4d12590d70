import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { Page } from '@playwright/test';

export type TestMetaMaskOptions = {
  /** The account's secp256k1 secret key (hex); the exposed address is derived from it. */
  privateKey?: string;
  /** `personal_sign` fails with EIP-1193 code 4001 (the user clicked Reject on the signature request). */
  rejectSign?: boolean;
  /** `eth_requestAccounts` / the chain requests fail with EIP-1193 code 4001 (the user clicked Reject). */
  reject?: 'accounts' | 'switchChain' | null;
  /** `wallet_addEthereumChain` fails with this message (code -32603), like a wallet that cannot reach the RPC. */
  addChainError?: string | null;
  /** Announce through EIP-6963 (default) and/or inject `window.ethereum`. */
  announce?: boolean;
  legacy?: boolean;
};

export type MetaMaskCall = { method: string; params?: unknown };

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const fromHex = (text: string): Uint8Array => Uint8Array.from(Buffer.from(text.replace(/^0x/, ''), 'hex'));

/** The Ethereum address of a secp256k1 secret key: the last 20 bytes of keccak256 of the uncompressed public key. */
export function ethAddressOf(privateKey: string): string {
  const publicKey = secp256k1.getPublicKey(fromHex(privateKey), false);
  return `0x${hex(keccak_256(publicKey.slice(1)).slice(-20))}`;
}

/** EIP-191 `personal_sign` as MetaMask answers it: r ‖ s ‖ v (v = 27 or 28) over the prefixed keccak256. */
export function personalSign(privateKey: string, messageHex: string): string {
  const message = fromHex(messageHex);
  const prefix = new TextEncoder().encode(`\x19Ethereum Signed Message:\n${message.length}`);
  const digest = keccak_256(new Uint8Array([...prefix, ...message]));
  const signature = secp256k1.sign(digest, fromHex(privateKey), { prehash: false, format: 'recovered' });
  return `0x${hex(signature.slice(1))}${(27 + signature[0]!).toString(16)}`;
}

/** A test key of the injected MetaMask (never funded: it plays with no coins). */
export const TEST_ETH_KEY = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
export const TEST_ETH_ADDRESS = ethAddressOf(TEST_ETH_KEY);

/**
 * Installs an EIP-1193 provider announced like MetaMask (EIP-6963 `io.metamask`, and/or `window.ethereum`). It records
 * every request in `window.__testMetaMask.calls`, counts prompts (`eth_requestAccounts`, chain add/switch,
 * `personal_sign`, which it signs with a real secp256k1 key held on the Node side), remembers
 * the connection in localStorage (so `eth_accounts` answers after a reload, like a real wallet), and rejects with
 * code 4001 when asked to. Like MetaMask, `wallet_addEthereumChain` asks the given RPC URL for `eth_chainId` and
 * refuses the chain when it cannot reach it or the id differs, `wallet_switchEthereumChain` only switches to a chain
 * it knows (4902 otherwise), and other `eth_*` reads go to the current chain's RPC URL (each RPC request is
 * recorded in `window.__testMetaMask.rpc`).
 */
export async function installMetaMask(page: Page, options: TestMetaMaskOptions = {}): Promise<void> {
  const privateKey = options.privateKey ?? TEST_ETH_KEY;
  await page.exposeFunction('__testMetaMaskSign', (messageHex: string) =>
    personalSign(privateKey, messageHex),
  );
  await page.addInitScript(
    (config) => {
      type Listener = (...args: unknown[]) => void;
      type Log = {
        calls: { method: string; params?: unknown }[];
        rpc: { url: string; method: string }[];
        prompts: number;
        emit: (event: string, ...args: unknown[]) => void;
      };
      const win = window as Window & {
        ethereum?: unknown;
        __testMetaMask?: Log;
        __testMetaMaskSign?: (messageHex: string) => Promise<string>;
      };
      const listeners = new Map<string, Set<Listener>>();
      const log: Log = {
        calls: [],
        rpc: [],
        prompts: 0,
        emit: (event, ...args) => {
          for (const listener of listeners.get(event) ?? []) listener(...args);
        },
      };
      win.__testMetaMask = log;
      const CONNECTED = '__testMetaMaskConnected';
      let chainId = '0x1';
      /** The chains added with `wallet_addEthereumChain`: chain id → RPC URL. */
      const chains = new Map<string, string>();
      const rejected = () => Object.assign(new Error('User rejected the request.'), { code: 4001 });
      const rpcError = (code: number, message: string, data?: unknown) =>
        Object.assign(new Error(message), { code, ...(data === undefined ? {} : { data }) });
      let rpcId = 0;
      /** One JSON-RPC request to `url`, as MetaMask sends them; an error answer is thrown with its code and data. */
      async function rpc(url: string, method: string, params: unknown): Promise<unknown> {
        log.rpc.push({ url, method });
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params: params ?? [] }),
        });
        const body = (await res.json()) as {
          result?: unknown;
          error?: { code: number; message: string; data?: unknown };
        };
        if (body.error) throw rpcError(body.error.code, body.error.message, body.error.data);
        return body.result;
      }
      const provider = {
        isMetaMask: true,
        async request({ method, params }: { method: string; params?: unknown }) {
          log.calls.push({ method, params });
          switch (method) {
            case 'eth_requestAccounts':
              log.prompts += 1;
              if (config.reject === 'accounts') throw rejected();
              localStorage.setItem(CONNECTED, 'yes');
              return [config.address];
            case 'eth_accounts':
              return localStorage.getItem(CONNECTED) === 'yes' ? [config.address] : [];
            case 'eth_chainId':
              return chainId;
            case 'personal_sign': {
              log.prompts += 1;
              const [message, account] = params as [string, string];
              if (localStorage.getItem(CONNECTED) !== 'yes' || account.toLowerCase() !== config.address)
                throw Object.assign(new Error('The requested account has not been authorized.'), {
                  code: 4100,
                });
              if (config.rejectSign) throw rejected();
              return win.__testMetaMaskSign!(message);
            }
            case 'wallet_addEthereumChain': {
              log.prompts += 1;
              if (config.addChainError)
                throw Object.assign(new Error(config.addChainError), { code: -32603 });
              const [chain] = params as [{ chainId: string; rpcUrls?: string[] }];
              const url = chain.rpcUrls?.[0];
              if (!url) throw rpcError(-32602, 'rpcUrls must name at least one URL');
              let answered: unknown;
              try {
                answered = await rpc(url, 'eth_chainId', []);
              } catch {
                throw rpcError(-32603, 'Could not fetch chain ID. Is your RPC URL correct?');
              }
              if (typeof answered !== 'string' || answered.toLowerCase() !== chain.chainId.toLowerCase())
                throw rpcError(
                  -32603,
                  `Chain ID returned by RPC URL ${url} (${String(answered)}) does not match ${chain.chainId}`,
                );
              chains.set(chain.chainId.toLowerCase(), url);
              return null;
            }
            case 'wallet_switchEthereumChain': {
              log.prompts += 1;
              if (config.reject === 'switchChain') throw rejected();
              const [target] = params as [{ chainId: string }];
              if (!chains.has(target.chainId.toLowerCase()))
                throw rpcError(
                  4902,
                  `Unrecognized chain ID "${target.chainId}". Try adding the chain first.`,
                );
              chainId = target.chainId;
              return null;
            }
            default: {
              const url = chains.get(chainId.toLowerCase());
              if (method.startsWith('eth_') && !/^eth_(send|sign)/.test(method) && url)
                return rpc(url, method, params);
              throw Object.assign(new Error(`Unsupported method ${method}`), { code: 4200 });
            }
          }
        },
        on(event: string, listener: Listener) {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event)!.add(listener);
        },
        removeListener(event: string, listener: Listener) {
          listeners.get(event)?.delete(listener);
        },
      };
      if (config.legacy) win.ethereum = provider;
      if (config.announce) {
        const detail = Object.freeze({
          info: {
            uuid: '7b3c6e1e-0000-4000-8000-000000000001',
            name: 'MetaMask',
            icon: 'data:,',
            rdns: 'io.metamask',
          },
          provider,
        });
        const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
        window.addEventListener('eip6963:requestProvider', announce);
        announce();
      }
    },
    {
      address: ethAddressOf(privateKey),
      rejectSign: options.rejectSign ?? false,
      reject: options.reject ?? null,
      addChainError: options.addChainError ?? null,
      announce: options.announce ?? true,
      legacy: options.legacy ?? false,
    },
  );
}

export type MetaMaskRpc = { url: string; method: string };

export const metaMaskLog = (
  page: Page,
): Promise<{ calls: MetaMaskCall[]; rpc: MetaMaskRpc[]; prompts: number }> =>
  page.evaluate(() => {
    const log = (
      window as Window & { __testMetaMask?: { calls: MetaMaskCall[]; rpc: MetaMaskRpc[]; prompts: number } }
    ).__testMetaMask!;
    // Only the data: the log also holds a function, which page.evaluate cannot send back.
    return { calls: log.calls, rpc: log.rpc, prompts: log.prompts };
  });

/** Makes the test wallet emit an EIP-1193 event (e.g. `accountsChanged` with `[]` when the user disconnects the site). */
export const emitMetaMaskEvent = (page: Page, event: string, ...args: unknown[]): Promise<void> =>
  page.evaluate(
    ([name, values]) =>
      (
        window as Window & { __testMetaMask?: { emit: (event: string, ...args: unknown[]) => void } }
      ).__testMetaMask!.emit(name as string, ...(values as unknown[])),
    [event, args] as const,
  );
