import { UniqueChain, UniqueIndexer } from '@nftkit/sdk';
import { Challenges, type Challenges as ChallengesT } from './auth/challenges.js';
import { deriveServiceKeys } from './auth/keys.js';
import { Sessions } from './auth/sessions.js';
import { OperatorFunds } from './chain/funds.js';
import { ensureGameCollection } from './chain/gameCollection.js';
import { createHttpFetch } from './chain/httpFetch.js';
import { fundFromDevnetFaucet, operatorAccount } from './chain/operator.js';
import { OperatorNonce } from './chain/operatorNonce.js';
import { Players } from './chain/players.js';
import { type BatchInfo, ChainWriter } from './chain/writer.js';
import type { ServiceConfig } from './config.js';
import { ResultChecks } from './games/checkResult.js';
import { GameIds } from './games/gameId.js';
import { OpenGames } from './games/openGames.js';
import { Verdicts } from './games/verdicts.js';
import { Leaderboard } from './leaderboard/leaderboard.js';

/** Everything the routes use, built once at start. */
export interface SnakeService {
  readonly config: ServiceConfig;
  readonly operator: string;
  readonly collectionId: number;
  readonly chain: ReturnType<typeof UniqueChain>;
  readonly indexer: ReturnType<typeof UniqueIndexer>;
  readonly challenges: ChallengesT;
  readonly sessions: Sessions;
  readonly gameIds: GameIds;
  readonly openGames: OpenGames;
  readonly checks: ResultChecks;
  readonly verdicts: Verdicts;
  readonly players: Players;
  readonly writer: ChainWriter;
  readonly funds: OperatorFunds;
  readonly leaderboard: Leaderboard;
  readonly now: () => number;
  close(): void;
}

export interface SnakeServiceOptions {
  /** Progress lines (never a secret). */
  log?: (message: string) => void;
  /** The clock (tests). */
  now?: () => number;
  /** Told after each batch the writer sends (benches, logs). */
  onBatch?: (info: BatchInfo) => void;
}

/**
 * Connects to the chain as the operator, funds it on the devnet, finds or creates the game collection and loads the
 * leaderboard and the operator's funds. Fails (rather than serving half a service) when the chain cannot be reached.
 */
export async function startSnakeService(
  config: ServiceConfig,
  options: SnakeServiceOptions = {},
): Promise<SnakeService> {
  const log = options.log ?? (() => {});
  const now = options.now ?? Date.now;
  const account = operatorAccount(config.operatorUri);
  const http = createHttpFetch();
  const chain = UniqueChain({
    baseUrl: config.chainBaseUrl,
    fetch: http.fetch,
    account,
    statusOptions: { timeout: 1000, retries: 60 },
  });
  const indexer = UniqueIndexer({ baseUrl: config.indexerBaseUrl, fetch: http.fetch });
  if (
    config.useFaucet &&
    (await fundFromDevnetFaucet({ chain, chainBaseUrl: config.chainBaseUrl, address: account.address }))
  )
    log(`operator ${account.address} funded from the devnet faucet`);
  const { collectionId } = await ensureGameCollection({
    chain,
    indexer,
    operator: account.address,
    pinned: config.collectionId,
    log,
  });
  if (config.sessionSecretSource === 'random')
    log(
      'SNAKE_SESSION_SECRET is not set: a random one for this run (sessions and open games end at a restart)',
    );
  const keys = deriveServiceKeys(config.sessionSecret);
  const leaderboard = new Leaderboard(indexer, collectionId, log);
  const funds = new OperatorFunds(chain, indexer, collectionId, account.address, config, log);
  const players = new Players(chain, collectionId, (record) => leaderboard.saw(record));
  const writer = new ChainWriter(chain, collectionId, new OperatorNonce(indexer, account.address), {
    tokenOf: (address) => players.find(address),
    mintPause: (count) => funds.mintPause(count),
    minted: (count) => funds.minted(count),
    onRecord: (record) => leaderboard.update(record),
    onRead: (record) => leaderboard.saw(record),
    onBatch: (info) => {
      funds.refreshIfOlder(2000);
      options.onBatch?.(info);
    },
  });
  await Promise.all([
    leaderboard.start(config.leaderboardRefreshMs),
    funds.start(config.leaderboardRefreshMs),
  ]);
  const openGames = new OpenGames(now);
  return {
    config,
    operator: account.address,
    collectionId,
    chain,
    indexer,
    challenges: new Challenges(keys.challenge, config.chainId, now),
    sessions: new Sessions(keys.session, now),
    gameIds: new GameIds(keys.game, now),
    openGames,
    checks: new ResultChecks(openGames, now),
    verdicts: new Verdicts(),
    players,
    writer,
    funds,
    leaderboard,
    now,
    close: () => {
      leaderboard.stop();
      funds.stop();
      http.close();
    },
  };
}
