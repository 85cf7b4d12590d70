import { safeUrl, socialLinks } from './links';

/**
 * Build- and URL-level settings. Test hooks (`?seed=`, `?tick=manual`, `?howto=`, `window.__snake`) exist only in
 * non-production builds: `vite build` (mode production) folds TEST_HOOKS to false and drops them.
 */
export const TEST_HOOKS = import.meta.env.MODE !== 'production';

const params = new URLSearchParams(typeof location === 'undefined' ? '' : location.search);
const param = (name: string): string | null => (TEST_HOOKS ? params.get(name) : null);

const seedParam = param('seed');
/** A fixed seed makes every game's snack placement and initial direction repeat exactly. */
export const fixedSeed: number | null =
  seedParam !== null && /^-?\d+$/.test(seedParam) ? Number.parseInt(seedParam, 10) : null;

/** `?tick=manual`: no clock; tests advance the game with `window.__snake.tick()`. */
export const manualClock = param('tick') === 'manual';

const defaultHowToPlayUrl = `${import.meta.env.BASE_URL}HOW_TO_PLAY.md`;
export const howToPlayUrl = param('howto') ?? (import.meta.env.VITE_HOW_TO_PLAY_URL || defaultHowToPlayUrl);
export const howToPlayPageUrl = import.meta.env.VITE_HOW_TO_PLAY_PAGE_URL || howToPlayUrl;

/**
 * The game's source repository: `VITE_REPOSITORY_URL`, else the `repository` of the root package.json (vite.config.ts
 * passes it in); null when neither names one, and then no link pretends to be it.
 */
export const repositoryUrl: string | null = safeUrl(import.meta.env.VITE_REPOSITORY_URL);
/** The copyright line's author credit (`VITE_AUTHOR`, else the root package.json's `author`); none when unknown. */
export const author: string | null = import.meta.env.VITE_AUTHOR?.trim() || null;
export const footerSocialLinks = socialLinks(import.meta.env);

export function newSeed(): number {
  if (fixedSeed !== null) return fixedSeed;
  const buf = new Uint32Array(1);
  crypto.getRandomValues(buf);
  return buf[0] ?? 0;
}
