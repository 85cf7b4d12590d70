/** Texts of the game screen that the spec does not give, in the style of those it does (English game, Chinese token). */
export const uiText = {
  hints: {
    idle: {
      keys: 'Press Start Play. Steer with the arrow keys or WASD.',
      touch: 'Press Start Play. Swipe to steer.',
    },
    playing: { keys: 'Space or P pauses.', touch: 'Swipe or tap the arrows to steer.' },
    paused: { keys: 'Paused. Press Space or P to resume.', touch: 'Paused. Tap Resume to go on.' },
  },
  gameOver: 'Game over!',
  newBest: 'New best!',
  playAgain: 'Play again',
  playAgainKeys: 'Enter or Space',
  /** Where part of the page failed to show (ErrorBoundary): Chinese, like every message of the page. */
  failure: {
    chunk: '这部分页面未能加载，可能是网络中断了。',
    other: '页面出错了，请重新加载。',
    retry: '重试',
    reload: '重新加载页面',
  },
  /** Game over, a wallet connected after the game started: the game did not count on its token. */
  notCounted: '本局开始时未连接钱包，不计入蛇 NFT；下一局起计入。',
  /** Below the board when no wallet is connected: what a token would add. */
  tokenHint: '连接钱包后，每局成绩都会记入你的蛇 NFT。',
} as const;
