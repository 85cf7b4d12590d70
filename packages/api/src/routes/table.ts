import { accountRoutes, balanceRoutes } from './balances.js';
import { collectionRoutes } from './collections.js';
import { evmRoutes } from './evm.js';
import { fungibleRoutes } from './fungible.js';
import { refungibleRoutes } from './refungible.js';
import { tokenRoutes } from './tokens.js';
import { utilityRoutes } from './utility.js';

/**
 * Every route of the Unique chain's REST API, nested like the real SDK's `UniqueChain` client
 * (`routes.token.setProperties` ↔ `sdk.token.setProperties`). A few names also exist under the short alias the
 * contract between our packages uses (`collection.stats`, `token.update`, `token.isApproved`); aliases are the
 * same object, and {@link allRoutes} lists each route once under its real-SDK name.
 */
export const routes = {
  balance: balanceRoutes,
  account: accountRoutes,
  collection: { ...collectionRoutes, stats: collectionRoutes.getAllCollectionStats },
  token: { ...tokenRoutes, update: tokenRoutes.updateNft, isApproved: tokenRoutes.getApproved },
  fungible: fungibleRoutes,
  refungible: refungibleRoutes,
  evm: evmRoutes,
  utility: utilityRoutes,
};
