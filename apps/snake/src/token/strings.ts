import { reasonOf } from '../wallet/strings';
import type { FailureText } from './failureNotice';

/**
 * Player-facing texts of the snake token (Chinese, like the wallet's). A `{reason}` in them is one of `chainReasons`
 * (or the service's), never the raw error: that goes in the notice's detail line.
 */
export const tokenText = {
  minting: '正在创建蛇 NFT…',
  updating: '正在更新蛇 NFT…',
  panelTitle: '我的蛇 NFT',
  tokenId: '代币 ID:',
  totalScore: '总分:',
  gamesPlayed: '已玩局数:',
  dismiss: '关闭提示',
  mintFailed: (reason: string) => `创建蛇 NFT 失败，游戏未开始：${reason}。`,
  updated: (total: number, games: number) => `蛇 NFT 已更新：总分 ${total}，已玩 ${games} 局。`,
  updateFailed: (reason: string) => `更新蛇 NFT 失败：${reason}。`,
  /** The self-custody path with the chain down: the game plays, nothing is recorded. */
  chainDownPlay: '无法连接区块链：本局照常进行，但不计入蛇 NFT。',
  metaMaskNoToken: '以太坊账户（MetaMask）暂不能写入蛇 NFT：本局照常进行，但不记录成绩。',
  readFailed: (reason: string) => `读取蛇 NFT 失败：${reason}。`,
  /** Start Play could not load the code that talks to the token (the network dropped): the game does not start. */
  codeFailed: '未能加载蛇 NFT 的程序（网络中断？），游戏未开始。请再按一次 Start Play。',
} as const;

/** Why a chain call failed, as the player is told. */
export const chainReasons = {
  unreachable: '无法连接区块链',
  refused: '区块链拒绝了这笔交易',
  /** The chain's `Inability to pay some fees`: the account cannot pay the transaction's fee. */
  noFunds: '账户余额不足以支付手续费',
  nodeFailed: '区块链节点出错',
  signRejected: '钱包拒绝了签名',
  other: '出现意外错误',
} as const;

const fieldOf = (error: unknown, field: string): unknown =>
  typeof error === 'object' && error !== null && field in error
    ? (error as Record<string, unknown>)[field]
    : undefined;

/**
 * A failed chain call as the player is told it: the reason by the sdk's error (no answer, a refusal, a node
 * failure, the wallet saying no), and the raw text apart (the API's `error` when the answer has one).
 */
export function describeChainFailure(error: unknown): FailureText {
  const detail = chainReason(error);
  const code = fieldOf(error, 'code');
  const status = fieldOf(error, 'status');
  const reason =
    code === 'CONNECTION_REFUSED' || code === 'HTTP_REQUEST_FAILED'
      ? chainReasons.unreachable
      : /Inability to pay some fees|insufficient (funds|balance)/i.test(detail)
        ? chainReasons.noFunds
        : typeof status === 'number' && status >= 500
          ? chainReasons.nodeFailed
          : typeof status === 'number' && status >= 400
            ? chainReasons.refused
            : code === 4001 || /cancel|reject|denied|declined/i.test(detail)
              ? chainReasons.signRejected
              : chainReasons.other;
  return { reason, detail };
}

/** The raw text of a failed chain call: the API's `error` when the answer has one (the sdk's ApiError keeps the body as `data`), else the error's message. */
function chainReason(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'data' in error) {
    const data = (error as { data: unknown }).data;
    if (typeof data === 'object' && data !== null && 'error' in data) {
      const text = (data as { error: unknown }).error;
      if (typeof text === 'string' && text !== '') return text;
    }
  }
  return reasonOf(error);
}
