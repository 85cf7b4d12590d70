import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../wallet/memoryStorage.test-helper';
import { readStoredSession, SESSION_KEY, storeSession } from './storedSession';

const SERVICE = 'http://127.0.0.1:5175';
const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';
const NOW = Date.parse('2026-01-01T00:00:00Z');
const session = (patch: Record<string, unknown> = {}) => ({
  service: SERVICE,
  address: ALICE,
  session: 'bearer.token',
  expiresAt: '2026-01-02T00:00:00Z',
  ...patch,
});

describe('stored service session', () => {
  it('reads back a valid session for the same service and address', () => {
    const storage = memoryStorage();
    storeSession(storage, session());
    expect(readStoredSession(storage, SERVICE, ALICE, NOW)).toEqual(session());
  });

  it('drops a session of another address or service', () => {
    for (const [service, address] of [
      [SERVICE, '0x8a93d247134d91e0de6f96547cb0e4e1a9a06d67'],
      ['http://127.0.0.1:9999', ALICE],
    ] as const) {
      const storage = memoryStorage();
      storeSession(storage, session());
      expect(readStoredSession(storage, service, address, NOW)).toBeNull();
      expect(storage.data.has(SESSION_KEY)).toBe(false);
    }
  });

  it('drops an expired session, and one expiring within the margin', () => {
    for (const expiresAt of ['2025-12-31T23:00:00Z', '2026-01-01T00:05:00Z']) {
      const storage = memoryStorage();
      storeSession(storage, session({ expiresAt }));
      expect(readStoredSession(storage, SERVICE, ALICE, NOW)).toBeNull();
      expect(storage.data.has(SESSION_KEY)).toBe(false);
    }
  });

  it('drops malformed values', () => {
    for (const raw of [
      'not json',
      'null',
      '[]',
      JSON.stringify(session({ session: 42 })),
      JSON.stringify(session({ expiresAt: 'tomorrow' })),
      JSON.stringify(session({ address: '' })),
      'x'.repeat(10_000),
    ]) {
      const storage = memoryStorage();
      storage.setItem(SESSION_KEY, raw);
      expect(readStoredSession(storage, SERVICE, ALICE, NOW)).toBeNull();
      expect(storage.data.has(SESSION_KEY)).toBe(false);
    }
  });
});
