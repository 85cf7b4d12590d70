import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';

describe('public surface', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(api).sort()).toMatchSnapshot();
  });

  it('lists these route ids, in this order, once each', () => {
    const ids = api.allRoutes().map((entry) => `${entry.id} ${entry.route.kind} ${entry.route.path}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toMatchSnapshot();
  });

  it('has the contract aliases as the same route objects', () => {
    expect(api.routes.token.update).toBe(api.routes.token.updateNft);
    expect(api.routes.token.isApproved).toBe(api.routes.token.getApproved);
    expect(api.routes.collection.stats).toBe(api.routes.collection.getAllCollectionStats);
    expect(api.routes.refungible.transfer).toBe(api.routes.token.transfer);
    expect(api.findRoute('token.setProperties')).toBe(api.routes.token.setProperties);
    expect(api.findRoute('token.update')).toBeUndefined();
  });

  it('has the long-poll constants of the contract', () => {
    expect(api.STATUS_WAIT_QUERY).toBe('waitMs');
    expect(api.LONG_POLL_HEADER).toBe('x-nftkit-long-poll');
    expect(api.MAX_STATUS_WAIT_MS).toBe(30_000);
  });

  it('has one (method, path) per route within each base URL', () => {
    const seen = new Set<string>();
    for (const { family, route } of api.allRoutes()) {
      const key = `${family === 'indexer' ? 'indexer' : 'chain'} ${route.kind === 'query' ? route.method : 'X'} ${route.path}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });
});

describe('result events (rest-api.md §5)', () => {
  it('name the event each extrinsic result is read from', () => {
    expect(api.routes.token.setProperties.resultEvent).toBe('common.TokenPropertySet');
    expect(api.routes.balance.transfer.resultEvent).toBe('balances.Transfer');
    expect(api.routes.collection.setLimits.resultEvent).toBe('common.CollectionLimitSet');
    expect(api.routes.fungible.burn.resultEvent).toBe('common.ItemDestroyed');
    expect(api.routes.token.updateNft.resultEvent).toBeUndefined();
    expect(api.routes.evm.send.resultEvent).toBeUndefined();
    const events = api
      .allRoutes()
      .flatMap(({ route }) => (route.kind === 'extrinsic' && route.resultEvent ? [route.resultEvent] : []));
    expect(events.length).toBe(25);
    for (const event of events) expect(event).toMatch(/^(common|balances)\.[A-Z][A-Za-z]+$/);
  });
});
