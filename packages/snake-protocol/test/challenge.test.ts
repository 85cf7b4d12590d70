import { describe, expect, it } from 'vitest';
import {
  buildChallengeMessage,
  type ChallengeFields,
  parseChallengeMessage,
  SIGN_IN_STATEMENT,
} from '../src/index.js';

const fields: ChallengeFields = {
  domain: '127.0.0.1:5173',
  address: '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY',
  statement: SIGN_IN_STATEMENT,
  uri: 'http://127.0.0.1:5173',
  chainId: 8884,
  nonce: 'a1b2c3d4e5f6a7b8',
  issuedAt: '2026-11-25T02:00:00.000Z',
  expiresAt: '2026-11-25T02:05:00.000Z',
};

describe('challenge message', () => {
  it('is EIP-4361 text that parses back to its fields', () => {
    const text = buildChallengeMessage(fields);
    expect(text.split('\n')[0]).toBe('127.0.0.1:5173 wants you to sign in with your Substrate account:');
    expect(text).toContain('\nNonce: a1b2c3d4e5f6a7b8\n');
    expect(parseChallengeMessage(text)).toEqual(fields);
  });

  it('names an Ethereum account as such', () => {
    const eth = { ...fields, address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' };
    const text = buildChallengeMessage(eth);
    expect(text).toMatch(/^127\.0\.0\.1:5173 wants you to sign in with your Ethereum account:\n0xf39F/);
    expect(parseChallengeMessage(text)).toEqual(eth);
  });

  it('refuses any text that is not exactly the canonical form', () => {
    const text = buildChallengeMessage(fields);
    expect(parseChallengeMessage(`${text}\n`)).toBeNull();
    expect(parseChallengeMessage(text.replace('Version: 1', 'Version: 2'))).toBeNull();
    expect(parseChallengeMessage(text.replace('Chain ID: 8884', 'Chain ID: x'))).toBeNull();
    expect(parseChallengeMessage(text.replace('Nonce: a1b2c3d4e5f6a7b8', 'Nonce: short'))).toBeNull();
    expect(parseChallengeMessage(text.replace('Substrate account', 'Ethereum account'))).toBeNull();
    expect(parseChallengeMessage('hello')).toBeNull();
  });
});
