// Spec §3/§9 and DESIGN §3: the snake collection and token as the game writes them. They live in
// @nftkit/snake-protocol, shared with the game service (one definition for both paths).
export {
  DEFAULT_COLLECTION_ID,
  GAME_VERSION,
  GAMES_PLAYED_KEY,
  SNAKE_COLLECTION,
  SNAKE_IMAGE,
  TOTAL_SCORE_KEY,
} from '@nftkit/snake-protocol';
