import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/client';
import { fabricName, matterSummary, pairingCodeText, readMatter, type MatterView } from '../src/pages/matter-words';

const VIEW: MatterView = {
  pairingcode: '34970112332',
  qrcode: 'MT:Y.K9042C00KA0648G00',
  port: 5540,
  commissioned: true,
  commissioning: false,
  fabrics: [
    { index: 1, label: '', vendorid: 0x1349, fabricid: '1', nodeid: '2' },
    { index: 2, label: 'Kitchen hub', vendorid: 0x6006, fabricid: '3', nodeid: '4' },
  ],
};

describe('the Matter card in words', () => {
  it('should group the manual pairing code 4-3-4 and leave anything else as it is', () => {
    expect(pairingCodeText('34970112332')).toBe('3497-011-2332');
    expect(pairingCodeText('3497011233212345678')).toBe('3497011233212345678');
  });

  it('should name a fabric by its label, else by its vendor, else by the vendor id', () => {
    expect(VIEW.fabrics.map(fabricName)).toEqual(['Apple Home', 'Kitchen hub']);
    expect(fabricName({ label: ' ', vendorid: 0x12 })).toBe('vendor 0x0012');
  });

  it('should say whom the bridge is paired with and whether it is open for pairing', () => {
    expect(matterSummary(VIEW)).toBe('Paired with Apple Home, Kitchen hub · closed for pairing · UDP 5540');
    expect(matterSummary({ ...VIEW, fabrics: [], commissioning: true })).toBe('Not paired yet · open for pairing · UDP 5540');
  });

  it('should read 404 as "Matter is off" and pass other failures on', async () => {
    const paths: string[] = [];
    expect(await readMatter(async (path) => (paths.push(path), VIEW))).toEqual({ state: 'on', view: VIEW });
    expect(paths).toEqual(['/matter']);
    const notFound = new ApiError(404, [{ type: 3, address: '/matter', description: 'resource, /matter, not available' }]);
    expect(await readMatter(() => Promise.reject(notFound))).toEqual({ state: 'off' });
    const down = new ApiError(0, [{ type: 0, address: '/matter', description: 'the gateway cannot be reached' }]);
    await expect(readMatter(() => Promise.reject(down))).rejects.toBe(down);
  });
});
