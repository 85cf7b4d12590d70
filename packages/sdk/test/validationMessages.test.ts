import { describe, expect, it } from 'vitest';
import { InputValidationError, Sr25519Account, UniqueChain } from '../src/index.js';

// No zod locale is loaded in this file (zod/mini has none), as in a browser bundle: the messages come from the
// issue codes, and the messages the spec fixes come from the schemas.
const sdk = () =>
  UniqueChain({
    baseUrl: 'http://127.0.0.1:9/v2/opal',
    account: Sr25519Account.fromUri('//Alice'),
    fetch: () => Promise.reject(new Error('nothing may be sent')),
  });

const messageOf = async (call: Promise<unknown>) => {
  const error = await call.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InputValidationError);
  return (error as Error).message;
};

describe('InputValidationError without a zod locale', () => {
  it('names the field and what is wrong', async () => {
    expect(await messageOf(sdk().token.get({ collectionId: 1 } as never))).toBe(
      'Invalid input for /token: tokenId: required',
    );
    expect(
      await messageOf(
        sdk().token.setProperties({ collectionId: 1, tokenId: 1, properties: [{ key: 5 }] } as never),
      ),
    ).toMatch(
      /^Invalid input for \/token\/properties\/set: properties\.0\.key: expected string, received number/,
    );
    expect(
      await messageOf(
        sdk().collection.create({ name: 'a', description: '', symbol: 'S', mode: 'Bad' } as never),
      ),
    ).toBe('Invalid input for /collection/create: mode: expected one of "Nft"|"Fungible"|"ReFungible"');
  });

  it('keeps the messages the spec fixes', async () => {
    expect(
      await messageOf(
        sdk().collection.create({ name: 'x'.repeat(100), description: '', symbol: 'S', mode: 'Nft' }),
      ),
    ).toBe('Invalid input for /collection/create: name: String must not exceed 64 bytes');
  });
});
