import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDb } from '../src/database.js';

// The devnet's connection holds its database file's locks for as long as it is open (one locking per opening, not
// per transaction): a second opener, such as a second devnet started on the same --db, is refused with a message that
// names the file, and the first one goes on.
describe('a database file in use', () => {
  it('is refused to a second opener, naming it; it opens again once the first one closed it', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'devnet-exclusive-')), 'chain.sqlite');
    const first = openDb({ path, reset: true });
    first.prepare("INSERT INTO meta (key, value) VALUES ('probe', '1')").run();
    expect(() => openDb({ path })).toThrow(`The database ${path} is in use by another process`);
    first.prepare("UPDATE meta SET value = '2' WHERE key = 'probe'").run();
    first.close();
    const again = openDb({ path });
    expect(again.prepare("SELECT value FROM meta WHERE key = 'probe'").pluck().get()).toBe('2');
    again.close();
  }, 30_000);
});
