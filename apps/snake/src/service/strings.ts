// Player-facing texts of the game service path, in the style of the spec's Chinese error catalogue (spec §8). A
// message is Chinese from end to end: a `{reason}` in it is one of `serviceReasons`, never the raw error, which the
// notice shows in its own small line.

export const serviceText = {
  signingIn: '正在登录游戏服务…',
  /** The wallet refused to sign the sign-in message (EIP-1193 4001, or the extension's "Cancelled"). */
  signRejected: '钱包拒绝了签名，未能登录游戏服务。登录只需签名，不收取任何费用。',
  signInFailed: (reason: string) => `登录游戏服务失败：${reason}。`,
  /** Start Play could not get a game from the service: the game does not start (spec §4 step 5). */
  startFailed: (reason: string) => `游戏服务未能开始新游戏，游戏未开始：${reason}。`,
  sending: '正在提交本局成绩…',
  /** The result is kept in this browser and sent again (after an outage or a reload). */
  willRetry: (reason: string) => `${reason}：本局成绩已保存在本机，稍后自动提交。`,
  refused: (reason: string) => `游戏服务拒绝了本局成绩：${reason}。`,
  /** Start answered for a player without a token while new tokens are paused: the game plays, its result waits. */
  mintsPaused: '新的蛇 NFT 暂停发放：本局照常进行，成绩保存在本机，恢复发放后自动提交。',
} as const;

/** Why a call to the service failed, as the player is told: by the service's error code, else by the status. */
export const serviceReasons = {
  unreachable: '无法连接游戏服务',
  /** The page's own code for the service did not load (the network dropped). */
  codeFailed: '未能加载所需的程序',
  signFailed: '钱包未能签名',
  byCode: {
    SnakeReplayMismatch: '回放本局得到的结果与提交的不同',
    SnakeTooFast: '本局用时比它的步数所需的还短',
    SnakeTooManyInputs: '本局的操作太多',
    SnakeBadGameId: '本局的编号无效',
    SnakeGameExpired: '本局已过期',
    SnakeGameForfeited: '之后又开始了新的一局，本局已作废',
    SnakeNotYourGame: '本局不属于当前钱包',
    SnakeNoToken: '钱包里没有蛇 NFT',
    SnakeUnauthorized: '登录已失效',
    SnakeRateLimited: '请求太频繁，请稍后再试',
    SnakeChainError: '区块链暂时无法连接',
    SnakeUnavailable: '游戏服务正在启动',
    SnakeMintsPaused: '新的蛇 NFT 暂停发放',
  } as Readonly<Record<string, string>>,
  serverFailed: '游戏服务出错',
  refusedRequest: '游戏服务拒绝了请求',
} as const;

export const leaderboardText = {
  open: '排行榜',
  title: '排行榜',
  rank: '排名',
  player: '玩家',
  totalScore: '总分',
  gamesPlayed: '已玩局数',
  gamesPlayedShort: '局数',
  you: '（我）',
  myRank: (rank: number) => `我的排名: 第 ${rank} 名`,
  notRanked: '您还没有蛇 NFT，玩一局即可上榜。',
  empty: '暂无玩家。',
  loading: '加载中…',
  failed: (reason: string) => `读取排行榜失败：${reason}。`,
  pages: '翻页',
  previous: '上一页',
  next: '下一页',
  page: (page: number, pages: number) => `第 ${page} / ${pages} 页`,
  best: '最佳',
  /** The button of an entry whose token keeps its best game: play it back on the board. */
  watch: '观看',
  watchLabel: (score: number) => `观看最佳一局（${score} 分）`,
  loadingWatch: '正在从链上读取这一局…',
  watching: (player: string, score: number) => `正在观看 ${player} 的最佳一局（${score} 分）。`,
  /** Game over of a watched game: it was read from the chain and replayed by the engine to its score. */
  watched: (player: string, score: number) =>
    `${player} 的最佳一局：${score} 分，按链上的记录重放，分数一致。`,
  watchFailed: (reason: string) => `无法观看这一局：${reason}。`,
  noBestGame: '这位玩家的蛇 NFT 上还没有最佳一局',
  unverifiedBestGame: '链上的这一局重放后与它记录的分数不符',
} as const;

/** Whether a wallet's failure to sign means the player said no (rather than that something broke). */
export function isUserRefusal(error: unknown): boolean {
  if (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    (error as { code: unknown }).code === 4001
  )
    return true;
  const text = error instanceof Error ? error.message : String(error);
  return /cancel|reject|denied|declined/i.test(text);
}
