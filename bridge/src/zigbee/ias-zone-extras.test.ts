import { describe, expect, it } from 'vitest';
import type { Events } from 'zigbee-herdsman';
import { zoneExtras } from './ias-zone-extras';

const message = (type: string, data: Record<string, unknown>, cluster = 'ssIasZone') => ({ type, cluster, data }) as unknown as Events.MessagePayload;

describe('zoneExtras', () => {
  it('should read the tamper and low-battery bits of a status change notification', () => {
    expect(zoneExtras(message('commandStatusChangeNotification', { zonestatus: 0b1100 }), {})).toEqual({ tamper: true, battery_low: true });
    expect(zoneExtras(message('commandStatusChangeNotification', { zonestatus: 0b0001 }), {})).toEqual({ tamper: false, battery_low: false });
  });

  it('should leave a key to the definition when its own converter produced it', () => {
    expect(zoneExtras(message('commandStatusChangeNotification', { zonestatus: 0b0100 }), { tamper: false })).toEqual({ battery_low: false });
  });

  it('should take the zone state and status of a read or report', () => {
    expect(zoneExtras(message('readResponse', { zoneState: 1, zoneStatus: 0b1000 }), {})).toEqual({ tamper: false, battery_low: true, zone_state: 1 });
    expect(zoneExtras(message('attributeReport', { zoneState: 0 }), {})).toEqual({ zone_state: 0 });
  });

  it('should ignore other clusters', () => {
    expect(zoneExtras(message('readResponse', { zoneState: 1 }, 'genBasic'), {})).toEqual({});
  });
});
