import { describe, expect, it } from 'vitest';
import { createKeypadKeyPair, importKeypadKey, openSealedCode, sealCode } from './sealed-code';

describe('sealed keypad codes', () => {
  it('should open a sealed PIN with the matching private key only', async () => {
    const pair = await createKeypadKeyPair();
    const sealed = await sealCode(await importKeypadKey(pair.publicJwk), '4711');
    expect(sealed).not.toContain('4711');
    expect(await openSealedCode(pair.privateKey, sealed)).toBe('4711');
    const other = await createKeypadKeyPair();
    expect(await openSealedCode(other.privateKey, sealed)).toBeUndefined();
    expect(await openSealedCode(pair.privateKey, 'not base64 at all!')).toBeUndefined();
  });

  it('should seal the same PIN differently each time (OAEP is randomised)', async () => {
    const pair = await createKeypadKeyPair();
    const key = await importKeypadKey(pair.publicJwk);
    expect(await sealCode(key, '1234')).not.toBe(await sealCode(key, '1234'));
  });
});
