import type { ExtrinsicAction, Route } from './route.js';

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** The `:name` parameters of a route path, in order. */
export function pathParams(route: Pick<Route, 'path'>): string[] {
  return [...route.path.matchAll(PARAM)].map((match) => match[1]!);
}

/**
 * Fills the `:name` segments of a route's path from `params` (URL-encoded). A missing or empty parameter is an
 * error: sending `/blocks/undefined` would ask the server for the wrong thing.
 */
export function routePath(route: Pick<Route, 'path'>, params: Record<string, unknown> = {}): string {
  return route.path.replace(PARAM, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`Missing path parameter "${name}" for ${route.path}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** `R/build`, `R/fee`, `R/encode` or `R/status/:hash` (or `R/status/<hash>` when the hash is given). */
export function extrinsicPath(route: Pick<Route, 'path'>, action: ExtrinsicAction, hash?: string): string {
  if (action !== 'status') return `${route.path}/${action}`;
  return `${route.path}/status/${hash === undefined ? ':hash' : encodeURIComponent(hash)}`;
}
