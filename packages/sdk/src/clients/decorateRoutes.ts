import type { ExtrinsicRoute, QueryRoute } from '@nftkit/api';
import type { Client } from './createClient.js';
import { type ExtrinsicFn, makeExtrinsicFn } from './makeExtrinsicFn.js';
import { makeQueryFn, type QueryFn } from './makeQueryFn.js';

/** A route table turned into methods, keeping its nesting (`routes.token.get` → `client.token.get`). */
export type RouteMethods<T> = {
  [K in keyof T]: T[K] extends QueryRoute
    ? QueryFn<T[K]>
    : T[K] extends ExtrinsicRoute
      ? ExtrinsicFn<T[K]>
      : RouteMethods<T[K]>;
};

type Tree = { readonly [key: string]: unknown };

function isRoute(value: unknown): value is QueryRoute | ExtrinsicRoute {
  const kind = (value as { kind?: unknown } | null)?.kind;
  return kind === 'query' || kind === 'extrinsic';
}

/**
 * Builds the methods of a client from a route table of `@nftkit/api`, generically: every query route becomes a
 * {@link QueryFn}, every extrinsic route an {@link ExtrinsicFn}. The same route object under two names gives one
 * method object under both.
 */
export function decorateRoutes<T extends Tree>(client: Client, table: T): RouteMethods<T> {
  const made = new Map<unknown, unknown>();
  const walk = (tree: Tree): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(tree)) {
      if (isRoute(value)) {
        let method = made.get(value);
        if (!method) {
          method = value.kind === 'query' ? makeQueryFn(client, value) : makeExtrinsicFn(client, value);
          made.set(value, method);
        }
        out[key] = method;
      } else if (typeof value === 'object' && value !== null) {
        out[key] = walk(value as Tree);
      }
    }
    return out;
  };
  return walk(table) as RouteMethods<T>;
}
