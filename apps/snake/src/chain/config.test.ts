import { describe, expect, it } from 'vitest';
import {
  ChainConfigError,
  chainUrlOverride,
  DEVNET_EVM_CHAIN_ID,
  OPAL_BASE_URL,
  readChainConfig,
} from './config';

describe('readChainConfig', () => {
  it('points a production build at Opal by default, with OPL and chain id 8882', () => {
    const config = readChainConfig({}, true);
    expect(config.baseUrl).toBe(OPAL_BASE_URL);
    expect(config.kind).toBe('opal');
    expect(config.symbol).toBe('OPL');
    expect(config.evmChainId).toBe(8882);
    expect(config.evmChainIdHex).toBe('0x22b2');
    expect(config.devAccounts).toBe(false);
  });

  it('points the dev server at a local devnet, whose symbol is read from the chain', () => {
    const config = readChainConfig({}, false);
    expect(config.kind).toBe('devnet');
    expect(config.baseUrl).toBe('http://127.0.0.1:9944/v2/devnet');
    expect(config.symbol).toBeNull();
    expect(config.devAccounts).toBe(true);
    expect(config.evmChainId).toBe(DEVNET_EVM_CHAIN_ID);
    expect(config.rpcUrls).toEqual(['http://127.0.0.1:9944']);
    expect(config.substrateRpcUrl).toBe('http://127.0.0.1:9944');
  });

  it("reads a real network's metadata from its node, and takes an override", () => {
    expect(readChainConfig({ VITE_CHAIN_KIND: 'opal' }, true).substrateRpcUrl).toBe(
      'https://rpc-opal.unique.network',
    );
    const config = readChainConfig(
      { VITE_CHAIN_KIND: 'quartz', VITE_CHAIN_SUBSTRATE_RPC_URL: 'https://node.example' },
      true,
    );
    expect(config.substrateRpcUrl).toBe('https://node.example');
  });

  it('infers the network from the base URL and strips a trailing slash', () => {
    const config = readChainConfig({ VITE_CHAIN_BASE_URL: 'http://127.0.0.1:4000/v2/devnet/' }, true);
    expect(config.kind).toBe('devnet');
    expect(config.baseUrl).toBe('http://127.0.0.1:4000/v2/devnet');
    expect(config.devAccounts).toBe(true);
  });

  it.each([
    ['unique', 8880, '0x22b0', 'UNQ'],
    ['quartz', 8881, '0x22b1', 'QTZ'],
    ['opal', 8882, '0x22b2', 'OPL'],
    ['sapphire', 8883, '0x22b3', 'QTZ'],
  ])('%s has EVM chain id %i (%s) and symbol %s', (kind, id, hex, symbol) => {
    const config = readChainConfig({ VITE_CHAIN_KIND: kind }, true);
    expect(config.evmChainId).toBe(id);
    expect(config.evmChainIdHex).toBe(hex);
    expect(config.symbol).toBe(symbol);
    expect(config.baseUrl).toBe(`https://rest.unique.network/v2/${kind}`);
    expect(config.devAccounts).toBe(false);
  });

  it('never offers dev accounts for a real network, even at a custom URL', () => {
    const config = readChainConfig(
      { VITE_CHAIN_KIND: 'opal', VITE_CHAIN_BASE_URL: 'http://127.0.0.1:1/v2/x' },
      false,
    );
    expect(config.devAccounts).toBe(false);
  });

  it('accepts an EVM chain id override for the devnet', () => {
    const config = readChainConfig({ VITE_CHAIN_KIND: 'devnet', VITE_CHAIN_EVM_ID: '31337' }, false);
    expect(config.evmChainId).toBe(31337);
    expect(config.evmChainIdHex).toBe('0x7a69');
  });

  it('rejects an unknown network kind, a bad URL and a bad chain id with a clear error', () => {
    expect(() => readChainConfig({ VITE_CHAIN_KIND: 'mainnet' }, true)).toThrow(ChainConfigError);
    expect(() => readChainConfig({ VITE_CHAIN_KIND: 'mainnet' }, true)).toThrow(
      /VITE_CHAIN_KIND must be one of/,
    );
    expect(() => readChainConfig({ VITE_CHAIN_BASE_URL: 'not a url' }, true)).toThrow(/not a URL/);
    expect(() => readChainConfig({ VITE_CHAIN_EVM_ID: '-1' }, true)).toThrow(/VITE_CHAIN_EVM_ID/);
  });
});

describe('chainUrlOverride', () => {
  it('lets a test build point at a devnet on any port', () => {
    const env = chainUrlOverride('?seed=1&chain=http%3A%2F%2F127.0.0.1%3A5011%2Fv2%2Fdevnet', 'test');
    const config = readChainConfig(env, true);
    expect(config).toMatchObject({
      kind: 'devnet',
      baseUrl: 'http://127.0.0.1:5011/v2/devnet',
      devAccounts: true,
    });
  });

  it('is ignored by a production build', () => {
    expect(chainUrlOverride('?chain=http%3A%2F%2Fevil.example%2Fv2%2Fdevnet', 'production')).toEqual({});
  });
});
