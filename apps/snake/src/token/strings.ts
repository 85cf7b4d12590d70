import { reasonOf } from '../wallet/strings';

/** Player-facing texts of the snake token (Chinese, like the wallet's). */
export const tokenText = {
  minting: '正在创建蛇 NFT…',
  updating: '正在更新蛇 NFT…',
  panelTitle: '我的蛇 NFT',
  tokenId: '代币 ID:',
  totalScore: '总分:',
  gamesPlayed: '已玩局数:',
  dismiss: '关闭提示',
  mintFailed: (reason: string) => `创建蛇 NFT 失败，游戏未开始: ${reason}`,
  updated: (total: number, games: number) => `蛇 NFT 已更新：总分 ${total}，已玩 ${games} 局。`,
  updateFailed: (reason: string) => `更新蛇 NFT 失败: ${reason}`,
  metaMaskNoToken: '以太坊账户（MetaMask）暂不能写入蛇 NFT：本局照常进行，但不记录成绩。',
  readFailed: (reason: string) => `读取蛇 NFT 失败: ${reason}`,
  /** Start Play could not load the code that talks to the token (the network dropped): the game does not start. */
  codeFailed: '未能加载蛇 NFT 的程序（网络中断？），游戏未开始。请再按一次 Start Play。',
} as const;

/**
 * A short reason for a failed chain call: the API's `error` text when the answer has one (the sdk's ApiError keeps
 * the body as `data`), else the error's message.
 */
export function chainReason(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'data' in error) {
    const data = (error as { data: unknown }).data;
    if (typeof data === 'object' && data !== null && 'error' in data) {
      const text = (data as { error: unknown }).error;
      if (typeof text === 'string' && text !== '') return text;
    }
  }
  return reasonOf(error);
}
