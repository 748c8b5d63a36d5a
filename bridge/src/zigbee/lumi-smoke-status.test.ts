import { describe, expect, it } from 'vitest';
import { lumiSmokeStatusFromZigbee } from './lumi-smoke-status';

const convert = (data: Record<string, unknown>, type = 'readResponse') =>
  lumiSmokeStatusFromZigbee.convert({} as never, { type, cluster: 'ssIasZone', data } as never, () => {}, {}, {} as never);

describe('lumiSmokeStatusFromZigbee', () => {
  it('should name the sensitivity in the second byte of the status herdsman decodes as a bigint', () => {
    expect(convert({ 65520: 0x0101000011010003n })).toEqual({ sensitivity: 'low' });
    expect(convert({ 65520: 0x0102000011010003n })).toEqual({ sensitivity: 'medium' });
    expect(convert({ 65520: 0x0103000011010003n }, 'attributeReport')).toEqual({ sensitivity: 'high' });
    expect(convert({ 65520: '0x0103000011010003' })).toEqual({ sensitivity: 'high' });
  });

  it('should say nothing of a frame without the status or with a level it does not know', () => {
    expect(convert({ zoneStatus: 1 })).toBeUndefined();
    expect(convert({ 65520: 0x0104000011010003n })).toBeUndefined();
    expect(convert({ 65520: 'high' })).toBeUndefined();
  });
});
