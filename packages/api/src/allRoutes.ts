import type { Route } from './route.js';
import { devnetRoutes } from './routes/devnet.js';
import { indexerRoutes } from './routes/indexer.js';
import { nftsPalletRoutes } from './routes/palletNfts.js';
import { routes } from './routes/table.js';

/**
 * Which base URL a route is relative to: the chain's, the alternative NFT pallet's (AssetHub) or the indexer's;
 * `devnet` routes (the local devnet's test helpers) are relative to the chain's.
 */
export type RouteFamily = 'chain' | 'nftsPallet' | 'indexer' | 'devnet';

export type RouteEntry = {
  family: RouteFamily;
  /** Stable id: the table and the dotted path, e.g. `token.setProperties`, `nftsPallet.item.mint`, `indexer.nfts`. */
  id: string;
  route: Route;
};

type RouteTree = { readonly [key: string]: Route | RouteTree };

function isRoute(value: Route | RouteTree): value is Route {
  return typeof (value as Route).kind === 'string' && typeof (value as Route).path === 'string';
}

function walk(
  tree: RouteTree,
  family: RouteFamily,
  prefix: string,
  seen: Set<Route>,
  out: RouteEntry[],
): void {
  for (const [key, value] of Object.entries(tree)) {
    const id = prefix ? `${prefix}.${key}` : key;
    if (isRoute(value)) {
      if (seen.has(value)) continue;
      seen.add(value);
      out.push({ family, id, route: value });
    } else {
      walk(value, family, id, seen, out);
    }
  }
}

let cache: readonly RouteEntry[] | undefined;
let byId: Map<string, Route> | undefined;

function entries(): readonly RouteEntry[] {
  if (!cache) {
    const seen = new Set<Route>();
    const out: RouteEntry[] = [];
    walk(routes as unknown as RouteTree, 'chain', '', seen, out);
    walk(nftsPalletRoutes as unknown as RouteTree, 'nftsPallet', 'nftsPallet', seen, out);
    walk(indexerRoutes as unknown as RouteTree, 'indexer', 'indexer', seen, out);
    walk(devnetRoutes as unknown as RouteTree, 'devnet', 'devnet', seen, out);
    cache = out;
    byId = new Map(out.map((entry) => [entry.id, entry.route]));
  }
  return cache;
}

/**
 * Every route once, in table order: the chain routes (ids like `token.setProperties`), then the alternative NFT
 * pallet (`nftsPallet.…`), then the indexer (`indexer.…`), then the devnet's test helpers (`devnet.…`). A route reachable under several names (the refungible
 * table reuses token routes; contract aliases) is listed under the first. Use this, not the nested tables, to
 * register or document routes: each (method, path) then appears once.
 */
export function allRoutes(): RouteEntry[] {
  return entries().map((entry) => ({ ...entry }));
}

/** Looks a route up by its {@link allRoutes} id. */
export function findRoute(id: string): Route | undefined {
  entries();
  return byId?.get(id);
}
