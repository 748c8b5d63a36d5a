import { describe, expect, it } from 'vitest';
import { describeSubdevices } from './describe';
import type { ExposeJson } from './expose';
import { toConverterCommand } from './to-converter';
import { changedDeconzItems } from './to-deconz';

const exposes: ExposeJson[] = [
  { type: 'binary', name: 'vibration', property: 'vibration', access: 1 },
  { type: 'numeric', name: 'strength', property: 'strength', access: 1 },
  { type: 'numeric', name: 'sensitivity', property: 'sensitivity', access: 3, value_min: 1, value_max: 21 },
  { type: 'numeric', name: 'angle_x', property: 'angle_x', access: 1 },
  { type: 'enum', name: 'action', property: 'action', access: 1, values: ['vibration', 'tilt', 'drop'] },
];
const plans = describeSubdevices({ ieee: '0x00158d000a1b2c3e', exposes, defaultEndpoint: 1, clusterEndpoints: { 0x0101: 1 } });

describe('vibration sensor items', () => {
  it('should present one ZHAVibration and no switch for the events it names', () => {
    expect(plans.map((p) => p.type)).toEqual(['ZHAVibration']);
    expect(plans[0]!.uniqueid).toBe('00:15:8d:00:0a:1b:2c:3e-01-0101');
  });

  it('should write the sensitivity levels by name and refuse one past the highest', () => {
    const bindings = plans[0]!.bindings;
    expect(toConverterCommand('ZHAVibration', { sensitivity: 0 }, bindings).payloads).toEqual([{ sensitivity: 'low' }]);
    expect(toConverterCommand('ZHAVibration', { sensitivity: 2 }, bindings).payloads).toEqual([{ sensitivity: 'high' }]);
    expect(toConverterCommand('ZHAVibration', { sensitivity: 3 }, bindings).invalid).toEqual([{ item: 'sensitivity', reason: 'this device takes 0 to 2' }]);
    expect(toConverterCommand('ZHAVibration', { sensitivitymax: 1 }, bindings).invalid).toEqual([
      { item: 'sensitivitymax', reason: 'read-only on this device' },
    ]);
  });

  it('should read the device value as the nearest level, and only the items a report carries', () => {
    expect(changedDeconzItems(plans[0]!, { sensitivity: 21 }).config).toEqual({ sensitivity: 0, sensitivitymax: 2 });
    expect(changedDeconzItems(plans[0]!, { sensitivity: 9 }).config).toEqual({ sensitivity: 1, sensitivitymax: 2 });
    expect(changedDeconzItems(plans[0]!, { angle: 40 }).state).toEqual({ tiltangle: 40 });
    expect(changedDeconzItems(plans[0]!, { angle_x: 1, angle_y: 2 }).state).toEqual({});
  });
});

describe('air quality items', () => {
  const voc = (extra: ExposeJson[] = []) =>
    describeSubdevices({
      ieee: '0x54ef44100a1b2c3f',
      exposes: [{ type: 'numeric', name: 'voc', property: 'voc', access: 5 }, ...extra],
      defaultEndpoint: 1,
    })[0]!;

  it('should name the reading by deCONZ thresholds where the device gives no verdict', () => {
    const plan = voc();
    expect(plan).toMatchObject({ type: 'ZHAAirQuality', uniqueid: '54:ef:44:10:0a:1b:2c:3f-01-000c', state: ['airquality', 'airqualityppb'] });
    const named = (ppb: number) => changedDeconzItems(plan, { voc: ppb }).state;
    expect([65, 66, 220, 660, 5000, 5001].map((ppb) => named(ppb).airquality)).toEqual(['excellent', 'good', 'good', 'moderate', 'unhealthy', 'out of scale']);
    expect(named(70000).airqualityppb).toBe(65534);
  });

  it('should take the device verdict where it gives one, and not overwrite it from a reading alone', () => {
    const plan = voc([
      { type: 'enum', name: 'air_quality', property: 'air_quality', access: 5, values: ['excellent', 'good', 'moderate', 'poor', 'unhealthy', 'unknown'] },
    ]);
    expect(changedDeconzItems(plan, { air_quality: 'poor' }).state).toEqual({ airquality: 'poor' });
    expect(changedDeconzItems(plan, { voc: 900 }).state).toEqual({ airqualityppb: 900 });
  });
});
