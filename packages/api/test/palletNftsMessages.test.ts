import { describe, expect, it } from 'vitest';
import { nftsPalletRoutes } from '../src/index.js';

// kit.md §5 gives these messages word for word, final period included.
describe('pallet-nfts settings messages', () => {
  const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((i) => i.message) ?? [];

  it('a lock that changes nothing is refused with the spec message', () => {
    const result = nftsPalletRoutes.collection.lock.input.safeParse({ collectionId: 1, settings: {} });
    expect(result.success).toBe(false);
    expect(messages(result)).toContain('At least one setting must be changed.');
  });

  it('mint settings with empty default item settings are refused with the spec message', () => {
    const result = nftsPalletRoutes.collection.updateMintSettings.input.safeParse({
      collectionId: 1,
      mintSettings: { defaultItemSettings: {} },
    });
    expect(result.success).toBe(false);
    expect(messages(result)).toContain('At least one default item setting must be changed.');
  });
});
