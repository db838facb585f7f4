import { describe, expect, it } from 'vitest';
import { legacyHash } from '../../test/fixtures/account.ts';
import { checkPassword, hashPassword, verifyPassword } from './password.ts';

describe('password hashes', () => {
  it('stores the current parameters and checks the password', async () => {
    const stored = await hashPassword('Abc#12345');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await checkPassword('Abc#12345', stored)).toEqual({ ok: true, outdated: false });
    expect(await verifyPassword('Abc#12346', stored)).toBe(false);
  });

  it('checks a hash with the parameters stored in it and reports it outdated', async () => {
    const cheap = legacyHash('Abc#12345', 1024, 4, 1);
    expect(await checkPassword('Abc#12345', cheap)).toEqual({ ok: true, outdated: true });
    expect(await checkPassword('wrong', cheap)).toEqual({ ok: false, outdated: false });
  });

  it('refuses malformed or absurd parameters instead of running them', async () => {
    const good = await hashPassword('Abc#12345');
    const parts = good.split('$');
    const withN = (n: string) => [parts[0], n, ...parts.slice(2)].join('$');
    expect(await verifyPassword('Abc#12345', withN(String(2 ** 30)))).toBe(false);
    expect(await verifyPassword('Abc#12345', withN('1000'))).toBe(false);
    expect(await verifyPassword('Abc#12345', 'bcrypt$whatever')).toBe(false);
    expect(await verifyPassword('Abc#12345', '')).toBe(false);
  });
});
