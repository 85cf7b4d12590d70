export {
  BEST_GAME_FORMAT,
  type BestGame,
  bestGameFits,
  bestScoreOf,
  decodeBestGame,
  encodeBestGame,
  verifyBestGame,
} from './bestGame.js';
export {
  buildChallengeMessage,
  type ChallengeFields,
  parseChallengeMessage,
  SIGN_IN_STATEMENT,
} from './challenge.js';
export { createSnakeServiceClient, type SnakeServiceClient, SnakeServiceError } from './client.js';
export * from './collection.js';
export {
  SERVICE_TOKEN_KEYS,
  type SnakeCollectionArgs,
  type SnakeCustody,
  snakeCollectionArgs,
} from './collectionArgs.js';
export {
  isSnakeErrorCode,
  SNAKE_ERROR_CODES,
  SNAKE_ERRORS,
  SNAKE_UNREACHABLE,
  type SnakeErrorCode,
} from './errors.js';
export * from './limits.js';
export {
  checkRecordedGame,
  type GameTurn,
  playRecordedGame,
  type RecordedGame,
  type ReplayFailure,
  type ReplayOutcome,
  replayGame,
} from './replay.js';
export { SNAKE_ROUTES, type SnakeRoute, type SnakeRouteName } from './routes.js';
export * from './schemas.js';
