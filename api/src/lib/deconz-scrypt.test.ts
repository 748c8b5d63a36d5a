import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseDeconzScrypt, verifyDeconzScrypt } from './deconz-scrypt';

/** A record as deCONZ writes one (node's scrypt, not the code under test, makes the hash). */
function deconzRecord(pin: string, salt: string, N = 1024, r = 8, p = 16): string {
  return `$scrypt$N=${N}$r=${r}$p=${p}$${salt}$${scryptSync(pin, salt, 64, { N, r, p }).toString('base64url')}`;
}

describe('deCONZ scrypt records', () => {
  it('should accept the PIN a record was made from and refuse any other', async () => {
    const phc = deconzRecord('2468', 'c2FsdC1mb3ItdGhlLXRlc3Q');
    await expect(verifyDeconzScrypt({ scheme: 'deconz-scrypt', phc }, '2468')).resolves.toBe(true);
    await expect(verifyDeconzScrypt({ scheme: 'deconz-scrypt', phc }, '2469')).resolves.toBe(false);
    await expect(verifyDeconzScrypt({ scheme: 'deconz-scrypt', phc }, '')).resolves.toBe(false);
  });

  it('should use the salt as the text it is, not its decoded bytes', async () => {
    const salt = 'c2FsdC1mb3ItdGhlLXRlc3Q';
    const decoded = Buffer.from(salt, 'base64url');
    const hash = scryptSync('2468', decoded, 64, { N: 1024, r: 8, p: 16 }).toString('base64url');
    await expect(verifyDeconzScrypt({ scheme: 'deconz-scrypt', phc: `$scrypt$N=1024$r=8$p=16$${salt}$${hash}` }, '2468')).resolves.toBe(false);
  });

  it('should not take a record that is damaged or asks for absurd work', () => {
    const good = deconzRecord('1', 'abc');
    expect(parseDeconzScrypt(good)).toMatchObject({ N: 1024, r: 8, p: 16, salt: 'abc' });
    expect(parseDeconzScrypt(good.replace('N=1024', 'N=1000'))).toBeUndefined();
    expect(parseDeconzScrypt(good.replace('N=1024', 'N=4194304'))).toBeUndefined();
    expect(parseDeconzScrypt(good.replace('p=16', 'p=0'))).toBeUndefined();
    expect(parseDeconzScrypt('$scrypt$N=1024$r=8$p=16$c2FsdA$aGFzaA')).toBeUndefined();
    expect(parseDeconzScrypt('$1$8282jdkm$abcdefghijklmnopqrstuv')).toBeUndefined();
    expect(parseDeconzScrypt(`${good}$extra`)).toBeUndefined();
  });
});
