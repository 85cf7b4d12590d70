import { describe, expect, it, vi } from 'vitest';
import type { InjectedAccount, InjectedExtension, InjectedWallet, InjectedWeb3 } from './injected';
import { listPolkadotWallets, loadPolkadotAccounts } from './polkadot';
import { walletErrorMessage } from './walletError.test-helper';

const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';
const BOB = '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty';

const extension = (accounts: InjectedAccount[] | (() => Promise<InjectedAccount[]>)): InjectedExtension => ({
  accounts: { get: typeof accounts === 'function' ? accounts : async () => accounts },
  signer: { signPayload: async () => ({ id: 1, signature: '0x' }) },
});

const wallet = (ext: InjectedExtension | Error): InjectedWallet & { enable: ReturnType<typeof vi.fn> } => ({
  version: '0.1',
  enable: vi.fn(async () => {
    if (ext instanceof Error) throw ext;
    return ext;
  }),
});

const refused = () =>
  new Error('The source http://127.0.0.1:5173 is not allowed to interact with this extension');

describe('listPolkadotWallets', () => {
  it('offers the known extensions first, then any other injected one', () => {
    const injected: InjectedWeb3 = {
      zeta: wallet(extension([])),
      talisman: wallet(extension([])),
      'polkadot-js': wallet(extension([])),
      alpha: wallet(extension([])),
    };
    expect(listPolkadotWallets(injected)).toEqual(['polkadot-js', 'talisman', 'alpha', 'zeta']);
  });

  it('ignores entries without enable and a missing injectedWeb3', () => {
    expect(listPolkadotWallets(undefined)).toEqual([]);
    expect(listPolkadotWallets({ broken: {} as InjectedWallet })).toEqual([]);
  });
});

describe('loadPolkadotAccounts', () => {
  it('enables every extension with the app name and lists their accounts', async () => {
    const pjs = wallet(extension([{ address: ALICE, name: 'Alice' }]));
    const sub = wallet(extension([{ address: BOB, name: 'Bob', type: 'sr25519' }]));
    const { accounts } = await loadPolkadotAccounts({ 'polkadot-js': pjs, 'subwallet-js': sub });
    expect(pjs.enable).toHaveBeenCalledWith('Snake');
    expect(accounts.map((a) => [a.wallet, a.address, a.name])).toEqual([
      ['polkadot-js', ALICE, 'Alice'],
      ['subwallet-js', BOB, 'Bob'],
    ]);
  });

  it('enables only the named extension on reconnect', async () => {
    const pjs = wallet(extension([{ address: ALICE }]));
    const tal = wallet(extension([{ address: BOB }]));
    const { accounts } = await loadPolkadotAccounts(
      { 'polkadot-js': pjs, talisman: tal },
      { only: ['talisman'] },
    );
    expect(pjs.enable).not.toHaveBeenCalled();
    expect(accounts.map((a) => a.address)).toEqual([BOB]);
  });

  it('keeps the accounts of the extensions that answered when another refuses', async () => {
    const { accounts, rejected } = await loadPolkadotAccounts({
      'polkadot-js': wallet(refused()),
      talisman: wallet(extension([{ address: BOB }])),
    });
    expect(accounts.map((a) => a.address)).toEqual([BOB]);
    expect(rejected).toEqual([expect.objectContaining({ wallet: 'polkadot-js', blockedByUser: true })]);
  });

  it('says to install an extension when there is none', async () => {
    expect(await walletErrorMessage(loadPolkadotAccounts(undefined))).toBe('请安装兼容 polkadot.js 的扩展。');
    expect(await walletErrorMessage(loadPolkadotAccounts({}))).toBe('请安装兼容 polkadot.js 的扩展。');
  });

  it('asks to authorise an account when every extension refused this site', async () => {
    const message = await walletErrorMessage(loadPolkadotAccounts({ 'polkadot-js': wallet(refused()) }));
    expect(message).toBe('请至少授权访问您的一个账户。');
  });

  it('asks to create an account when the extension holds none (or only Ethereum ones)', async () => {
    expect(await walletErrorMessage(loadPolkadotAccounts({ 'polkadot-js': wallet(extension([])) }))).toBe(
      '请在您的钱包中创建一个账户。',
    );
    const ethOnly = wallet(
      extension([{ address: '0x8a93d247134d91e0de6f96547cb0e4e1a9a06d67', type: 'ethereum' }]),
    );
    expect(await walletErrorMessage(loadPolkadotAccounts({ talisman: ethOnly }))).toBe(
      '请在您的钱包中创建一个账户。',
    );
  });

  it('says no accounts were found when no extension could be enabled for another reason', async () => {
    const message = await walletErrorMessage(
      loadPolkadotAccounts({ 'polkadot-js': wallet(new Error('extension crashed')) }),
    );
    expect(message).toBe('在 Polkadot 扩展中未找到账户。');
  });

  it('reports the reason when an enabled extension fails', async () => {
    const failing = wallet(
      extension(async () => {
        throw new Error('port closed');
      }),
    );
    expect(await walletErrorMessage(loadPolkadotAccounts({ 'polkadot-js': failing }))).toBe(
      '连接到 Polkadot 扩展失败: port closed',
    );
  });
});
