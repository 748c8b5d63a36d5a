import { describe, expect, it } from 'vitest';
import { pickSensors } from './sensor-picks';

describe('collections sensor picks', () => {
  it('should pick a quiet device sensor and the most changing one, with their change counts', async () => {
    const snapshots = [
      {
        1: { type: 'Daylight', etag: 'd' },
        2: { type: 'ZHAThermostat', etag: 'a' },
        3: { type: 'ZHASwitch', etag: 's' },
        4: { type: 'ZHATemperature', etag: 't' },
      },
      {
        1: { type: 'Daylight', etag: 'd2' },
        2: { type: 'ZHAThermostat', etag: 'b' },
        3: { type: 'ZHASwitch', etag: 's' },
        4: { type: 'ZHATemperature', etag: 't2' },
      },
      {
        1: { type: 'Daylight', etag: 'd3' },
        2: { type: 'ZHAThermostat', etag: 'c' },
        3: { type: 'ZHASwitch', etag: 's' },
        4: { type: 'ZHATemperature', etag: 't2' },
      },
    ];
    let reads = 0;
    const { picks } = await pickSensors(async () => snapshots[Math.min(reads++, snapshots.length - 1)]!, 2_000);
    expect(picks).toEqual([
      { label: 'quiet', id: '3', type: 'ZHASwitch', changes: 0 },
      { label: 'most changing', id: '2', type: 'ZHAThermostat', changes: 2 },
    ]);
  });
});
