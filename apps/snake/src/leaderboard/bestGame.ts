// A leaderboard entry's best game, read from the chain (its token's `BestGame` property, which the game service
// writes) and replayed with the engine before the board plays it: the page shows only a game that gives its score.
import { BEST_GAME_KEY, type BestGame, verifyBestGame } from '@nftkit/snake-protocol';
import type { SnakeChainClient } from '../chain/chainClient';
import { loadChunk } from '../ui/loadChunk';

/** The token keeps no best game (`none`), or one that does not replay to the score it claims (`unverified`). */
export class BestGameError extends Error {
  override name = 'BestGameError';
  constructor(
    readonly reason: 'none' | 'unverified',
    message: string,
  ) {
    super(message);
  }
}

/** The token's best game when its replay gives the score it claims; throws BestGameError otherwise. */
export async function readBestGame(
  client: Pick<SnakeChainClient, 'token'>,
  collectionId: number,
  tokenId: number,
): Promise<BestGame> {
  const token = await client.token.get({ collectionId, tokenId });
  const value = token.properties.find((p) => p.key === BEST_GAME_KEY)?.value;
  if (!value)
    throw new BestGameError('none', `token ${collectionId}/${tokenId} has no ${BEST_GAME_KEY} property`);
  const game = verifyBestGame(value);
  if (!game)
    throw new BestGameError(
      'unverified',
      `the ${BEST_GAME_KEY} of token ${collectionId}/${tokenId} does not replay to the score it claims`,
    );
  return game;
}

/** The page's reading: the game's collection from the service (`/config`), the token from the page's own chain. */
export async function loadBestGame(serviceUrl: string, tokenId: number): Promise<BestGame> {
  const [calls, chain, sdk] = await Promise.all([
    loadChunk(() => import('../service/serviceCalls')),
    loadChunk(() => import('../chain/config')),
    loadChunk(() => import('@nftkit/sdk')),
  ]);
  const { collectionId } = await calls.serviceClient(serviceUrl).config();
  return readBestGame(sdk.UniqueChain({ baseUrl: chain.chainConfig().baseUrl }), collectionId, tokenId);
}
