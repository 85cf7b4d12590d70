import { signerPayloadToRawBytes, signerPayloadToSignBytes } from '@nftkit/primitives';
import { describe, expect, it } from 'vitest';
import {
  connectPolkadotExtension,
  type InjectedWeb3,
  InvalidBuildAnswerError,
  listPolkadotWallets,
  NoAccountsError,
  NoExtensionError,
  NoInjectedWeb3Error,
  Sr25519Account,
  WalletMethodMissingError,
  WalletNotFoundError,
} from '../src/index.js';
import { makeBuildAnswer } from './helpers/payload.js';

const alice = Sr25519Account.fromUri('//Alice');
const bob = Sr25519Account.fromUri('//Bob');

/** A wallet like polkadot-js: signPayload rebuilds the bytes from the JSON and signs them with the key. */
function wallet(
  options: { accounts?: (typeof alice)[]; signPayload?: boolean; signRaw?: boolean; refuse?: boolean } = {},
) {
  const calls: { method: string; arg: unknown }[] = [];
  const keys = options.accounts ?? [alice];
  const keyOf = (address: string) => keys.find((k) => k.address === address)!;
  return {
    calls,
    enabledWith: [] as string[],
    entry: {
      version: '0.1',
      async enable(appName: string) {
        if (options.refuse) throw new Error('is not allowed to interact with this extension');
        calls.push({ method: 'enable', arg: appName });
        return {
          accounts: { get: async () => keys.map((k, i) => ({ address: k.address, name: `key ${i}` })) },
          signer: {
            ...(options.signPayload === false
              ? {}
              : {
                  signPayload: async (payload: never) => {
                    calls.push({ method: 'signPayload', arg: payload });
                    const json = payload as { address: string };
                    const key = keyOf(json.address);
                    return {
                      id: 1,
                      signature: `0x01${Buffer.from(key.sign(signerPayloadToSignBytes(payload))).toString('hex')}`,
                    };
                  },
                }),
            ...(options.signRaw === false
              ? {}
              : {
                  signRaw: async (raw: { address: string; data: string; type: string }) => {
                    calls.push({ method: 'signRaw', arg: raw });
                    return {
                      id: 2,
                      signature: `0x01${Buffer.from(keyOf(raw.address).sign(raw.data)).toString('hex')}`,
                    };
                  },
                }),
          },
        };
      },
    },
  };
}

describe('Polkadot extension signer', () => {
  it('enables every wallet with the app name and lists their accounts', async () => {
    const a = wallet({ accounts: [alice] });
    const b = wallet({ accounts: [bob] });
    const injectedWeb3: InjectedWeb3 = { 'polkadot-js': a.entry, talisman: b.entry };
    expect(listPolkadotWallets(injectedWeb3)).toEqual(['polkadot-js', 'talisman']);
    const accounts = await connectPolkadotExtension({ appName: 'Snake', injectedWeb3 });
    expect(accounts.map((x) => [x.walletName, x.address])).toEqual([
      ['polkadot-js', alice.address],
      ['talisman', bob.address],
    ]);
    expect(a.calls[0]).toEqual({ method: 'enable', arg: 'Snake' });
  });

  it('signs with signPayload when the build answer has the JSON: a valid signature over the payload', async () => {
    const w = wallet();
    const [account] = await connectPolkadotExtension({
      appName: 'Snake',
      injectedWeb3: { 'polkadot-js': w.entry },
    });
    const built = makeBuildAnswer({ address: alice.address, method: '0x3d0001' });
    const { signature } = await account!.signer.sign(built);
    expect(w.calls.at(-1)!.method).toBe('signPayload');
    expect(Sr25519Account.verify(built.signerPayloadHex, signature, alice.publicKey)).toBe(true);
  });

  it('falls back to signRaw with the raw payload when there is no JSON', async () => {
    const w = wallet();
    const [account] = await connectPolkadotExtension({
      appName: 'Snake',
      injectedWeb3: { 'polkadot-js': w.entry },
    });
    const { signerPayloadRaw, signerPayloadHex } = makeBuildAnswer({
      address: alice.address,
      method: '0x3d0001',
    });
    const { signature } = await account!.signer.sign({ signerPayloadRaw, signerPayloadHex });
    expect(w.calls.at(-1)).toEqual({
      method: 'signRaw',
      arg: { address: alice.address, data: signerPayloadRaw.data, type: 'payload' },
    });
    expect(Sr25519Account.verify(signerPayloadRaw.data, signature, alice.publicKey)).toBe(true);
    expect(signerPayloadRaw.data).toBe(
      `0x${Buffer.from(signerPayloadToRawBytes(makeBuildAnswer({ address: alice.address, method: '0x3d0001' }).signerPayloadJSON)).toString('hex')}`,
    );
  });

  it('names the missing wallet method', async () => {
    const w = wallet({ signPayload: false, signRaw: false });
    const [account] = await connectPolkadotExtension({
      appName: 'Snake',
      injectedWeb3: { enkrypt: w.entry },
    });
    const built = makeBuildAnswer({ address: alice.address, method: '0x3d0001' });
    await expect(account!.signer.sign(built)).rejects.toThrow(
      new WalletMethodMissingError('enkrypt', 'signPayload'),
    );
    await expect(account!.signer.sign({ signerPayloadRaw: built.signerPayloadRaw })).rejects.toThrow(
      'No signRaw in the wallet enkrypt.',
    );
    await expect(account!.signer.sign({})).rejects.toBeInstanceOf(InvalidBuildAnswerError);
  });

  it('throws the wallet-helper errors', async () => {
    await expect(connectPolkadotExtension({ appName: 'x' })).rejects.toThrow(new NoInjectedWeb3Error());
    await expect(connectPolkadotExtension({ appName: 'x' })).rejects.toThrow('No injected web3 found.');
    await expect(connectPolkadotExtension({ appName: 'x', injectedWeb3: {} })).rejects.toThrow(
      NoExtensionError,
    );
    await expect(connectPolkadotExtension({ appName: 'x', injectedWeb3: {} })).rejects.toThrow(
      'No extension found.',
    );
    const refused = wallet({ refuse: true });
    const error = await connectPolkadotExtension({ appName: 'x', injectedWeb3: { a: refused.entry } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(NoExtensionError);
    expect(((error as Error).cause as Error).message).toMatch(/not allowed/);
    await expect(
      connectPolkadotExtension({ appName: 'x', injectedWeb3: { a: wallet({ accounts: [] }).entry } }),
    ).rejects.toThrow(new NoAccountsError());
    await expect(
      connectPolkadotExtension({
        appName: 'x',
        injectedWeb3: { a: wallet().entry },
        walletNames: ['subwallet-js'],
      }),
    ).rejects.toThrow(new WalletNotFoundError('subwallet-js'));
    expect(new WalletNotFoundError('subwallet-js').message).toBe(
      'Wallet with name subwallet-js not found in window.injectedWeb3.',
    );
  });

  it('skips a refusing wallet when another one answers', async () => {
    const accounts = await connectPolkadotExtension({
      appName: 'x',
      injectedWeb3: { refuser: wallet({ refuse: true }).entry, ok: wallet({ accounts: [bob] }).entry },
    });
    expect(accounts.map((a) => a.address)).toEqual([bob.address]);
  });

  it('reads window.injectedWeb3 in a browser-like global', async () => {
    const globals = globalThis as { window?: unknown };
    globals.window = { injectedWeb3: { 'polkadot-js': wallet().entry } };
    try {
      expect(listPolkadotWallets()).toEqual(['polkadot-js']);
      expect((await connectPolkadotExtension({ appName: 'x' }))[0]!.address).toBe(alice.address);
    } finally {
      delete globals.window;
    }
  });
});
