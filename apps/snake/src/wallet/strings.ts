// Every user-facing wallet text in one place: the Chinese wording of spec §8 is the default, `Failed to fetch balance`
// stays English as the spec has it.

export const walletText = {
  connectWallet: '连接钱包',
  connected: '已连接:',
  balance: '余额:',
  disconnect: '断开连接',
  connectPolkadot: '连接 Polkadot 扩展',
  connectMetaMask: '连接 MetaMask',
  close: '关闭',
  connecting: '正在连接…',
  chooseAccount: '选择账户',
  devAccounts: '开发账户（仅本地开发链）',
  devAccountLabel: (name: string) => `开发账户 ${name}`,
} as const;

export const walletMessages = {
  polkadotNoAccounts: '在 Polkadot 扩展中未找到账户。',
  polkadotInstall: '请安装兼容 polkadot.js 的扩展。',
  polkadotCreateAccount: '请在您的钱包中创建一个账户。',
  polkadotAuthorise: '请至少授权访问您的一个账户。',
  polkadotFailed: (reason: string) => `连接到 Polkadot 扩展失败: ${reason}`,
  metaMaskInstall: '请安装 MetaMask 扩展。',
  userRejected: '用户拒绝了访问。',
  metaMaskFailed: (reason: string) => `连接到 MetaMask 扩展失败: ${reason}`,
  autoReconnectFailed: '自动重连失败，请手动连接钱包。',
  balanceFailed: 'Failed to fetch balance',
} as const;

/** The reason part of a `…失败: {reason}` message: an Error's message, or the value as text. */
export function reasonOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (
    typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string'
  ) {
    return error.message;
  }
  return String(error);
}
