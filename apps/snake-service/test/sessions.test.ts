import { SESSION_TTL_MS } from '@nftkit/snake-protocol';
import { describe, expect, it } from 'vitest';
import { deriveServiceKeys } from '../src/auth/keys.js';
import { Sessions } from '../src/auth/sessions.js';

describe('sessions', () => {
  const clock = { now: 1_800_000_000_000 };
  const sessions = new Sessions(deriveServiceKeys('a secret').session, () => clock.now);
  const address = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';

  it('a session checked before is still refused once it has expired, and a changed MAC is refused', () => {
    const { session } = sessions.issue(address);
    expect(sessions.verify(`Bearer ${session}`).address).toBe(address);
    // Checked again (from what the first check kept): the same answer.
    expect(sessions.verify(`Bearer ${session}`).address).toBe(address);
    const mac = session.split('.')[1] as string;
    const other = `${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    expect(() => sessions.verify(`Bearer ${session.split('.')[0]}.${other}`)).toThrow(
      /not issued by this service/,
    );
    clock.now += SESSION_TTL_MS;
    expect(() => sessions.verify(`Bearer ${session}`)).toThrow(/expired/);
  });
});
