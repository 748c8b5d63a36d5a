import { describe, expect, it } from 'vitest';
import type { RemovedDevice } from '@herdgate/shared/mqtt';
import type { GroupRecord } from '../groups/types';
import { groupHolds, groupWithout, planDeparture, sceneWithout } from './plan';

const A = '0x00000000000000aa';
const B = '0x00000000000000bb';
const C = '0x00000000000000cc';
const gone = (ieee: string, reason: RemovedDevice['reason']): RemovedDevice => ({ ieee, at: 1, reason });

describe('departed devices', () => {
  const lights = [
    { id: '1', ieee: A },
    { id: '2', ieee: B },
    { id: '3', ieee: C },
  ];
  const sensors = [
    { id: '10', ieee: A },
    { id: '11', ieee: B },
    { id: '12', ieee: C },
    { id: '13', ieee: A },
  ];

  it('should take the lights and sensors of removed and departed devices, nothing of others', () => {
    expect(planDeparture({ removed: [gone(A, 'removed'), gone(B, 'left')], present: new Set([C]), lights, sensors })).toEqual({
      ieees: [A, B],
      lights: ['1', '2'],
      sensors: ['10', '11', '13'],
    });
  });

  it('should keep the lights after a new network and take only the sensors', () => {
    expect(planDeparture({ removed: [gone(A, 'reset')], present: new Set(), lights, sensors })).toEqual({ ieees: [A], lights: [], sensors: ['10', '13'] });
  });

  it('should never take a device the bridge describes, whatever the record says', () => {
    expect(planDeparture({ removed: [gone(A, 'removed')], present: new Set([A]), lights, sensors })).toEqual({ ieees: [], lights: [], sensors: [] });
  });

  it('should take nothing for a device merely missing from the mirror', () => {
    expect(planDeparture({ removed: [], present: new Set(), lights, sensors })).toEqual({ ieees: [], lights: [], sensors: [] });
  });

  it('should drop the lights from members, sequence and scenes and the sensors from devicemembership', () => {
    const group = {
      id: '5',
      name: 'Hall',
      type: 'LightGroup',
      class: null,
      hidden: false,
      lights: ['1', '2'],
      lightsequence: ['2', '1'],
      multideviceids: [],
      devicemembership: ['10', '11'],
      action: {},
      deleted: false,
    } satisfies GroupRecord;
    const departedLights = new Set(['1']);
    const departedSensors = new Set(['11']);
    expect(groupHolds(group, departedLights, new Set())).toBe(true);
    expect(groupHolds(group, new Set(['3']), new Set(['12']))).toBe(false);
    expect(groupWithout(group, departedLights, departedSensors)).toMatchObject({ lights: ['2'], lightsequence: ['2'], devicemembership: ['10'] });
    const scene = {
      groupId: '5',
      sceneId: '1',
      name: 'Evening',
      transitiontime: 10,
      lights: [
        { id: '1', on: true, bri: 1, transitiontime: 10 },
        { id: '2', on: false, bri: 2, transitiontime: 10 },
      ],
    };
    expect(sceneWithout(scene, departedLights).lights.map((l) => l.id)).toEqual(['2']);
  });
});
