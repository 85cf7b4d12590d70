import { describe, expect, it } from 'vitest';
import { alice, bob } from './helpers/accounts.js';
import { makeChain, ok } from './helpers/chain.js';

describe('smoke', () => {
  it('transfers and creates a collection', async () => {
    const chain = makeChain();
    const rec = await ok(chain, alice, 'balances', 'transferKeepAlive', { dest: bob.address, value: '1000' });
    expect(rec.events.map((e) => `${e.section}.${e.method}`)).toContain('balances.Transfer');
    const c = await ok(chain, alice, 'unique', 'createCollectionEx', {
      data: { mode: 'NFT', name: 'x', tokenPrefix: 'X' },
    });
    console.log(JSON.stringify(c, null, 1));
  });
});
