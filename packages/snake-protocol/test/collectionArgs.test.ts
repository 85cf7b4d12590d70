import { describe, expect, it } from 'vitest';
import { SERVICE_TOKEN_KEYS, snakeCollectionArgs } from '../src/index.js';

describe('snakeCollectionArgs', () => {
  it('names the collection as the spec does, for both custodies', () => {
    for (const custody of ['self', 'service'] as const) {
      const args = snakeCollectionArgs(custody);
      expect(args).toMatchObject({ mode: 'Nft', name: 'Snake Game Collection', symbol: 'SNK' });
      expect(args.properties).toContainEqual({ key: 'gameVersion', value: '1.0.0' });
      expect(args.properties).toContainEqual({ key: 'gameSymbol', value: 'SNAKE' });
      // The schema-2 token keys need permissions too, or minting with data would be refused.
      expect(args.tokenPropertyPermissions.map((t) => t.key)).toContain('tokenData');
    }
  });

  it('lets the owner write the scores on the self-custody path, only the service’s admin otherwise', () => {
    const permission = (custody: 'self' | 'service', key: string) =>
      snakeCollectionArgs(custody).tokenPropertyPermissions.find((t) => t.key === key)?.permission;
    for (const key of ['TotalScore', 'GamesPlayed'])
      expect(permission('self', key)).toEqual({ mutable: true, collectionAdmin: true, tokenOwner: true });
    for (const key of SERVICE_TOKEN_KEYS)
      expect(permission('service', key)).toEqual({ mutable: true, collectionAdmin: true, tokenOwner: false });
    expect(permission('self', 'BestGame')).toBeUndefined();
    expect(snakeCollectionArgs('service').properties).toContainEqual({
      key: 'gameService',
      value: 'snake-service/1',
    });
    expect(snakeCollectionArgs('self').properties.map((p) => p.key)).not.toContain('gameService');
  });
});
