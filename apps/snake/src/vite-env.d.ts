/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the how-to-play markdown is fetched from (default: the app's own /HOW_TO_PLAY.md). */
  readonly VITE_HOW_TO_PLAY_URL?: string;
  /** A page showing HOW_TO_PLAY.md, linked from the fetch error (default: the fetch URL). */
  readonly VITE_HOW_TO_PLAY_PAGE_URL?: string;
  /** The game's source repository, for `View Source Code` and the fetch error (default: root package.json `repository`). */
  readonly VITE_REPOSITORY_URL?: string;
  /** The copyright line's author (default: root package.json `author`). */
  readonly VITE_AUTHOR?: string;
  /** The game service: when set, the service mints the player's token and records verified results. */
  readonly VITE_GAME_SERVICE_URL?: string;
  /** Footer profile links; each icon shows only when its URL is set. */
  readonly VITE_SOCIAL_CODE_URL?: string;
  readonly VITE_SOCIAL_PROFESSIONAL_URL?: string;
  readonly VITE_SOCIAL_NETWORK_URL?: string;
  readonly VITE_SOCIAL_PHOTOS_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
