import { describe, expect, it } from 'vitest';
import type { DeviceDescription } from '@herdgate/shared/mqtt';
import type { SensorResource } from '../sensors/types';
import { membershipByGroup, withUnreported } from './device-membership';

const MAC = '00:12:4b:00:22:a1:30:0c';
const remote = (bindings: DeviceDescription['bindings']) => ({ ieee: '0x00124b0022a1300c', uniqueid: MAC, bindings }) as DeviceDescription;
const sensor = (uniqueid: string) => ({ uniqueid }) as SensorResource;
const sensors = { 4: sensor(`${MAC}-01-0006`), 5: sensor(`${MAC}-02-0006`), 7: sensor('00:17:88:01:02:03:04:05-02-0406') };

describe('group device membership', () => {
  it('should list the sensors on the bound endpoints of each group, in numeric order', () => {
    const wanted = membershipByGroup(
      [
        remote([
          { endpoint: 2, cluster: 6, group: 3, reporting: [] },
          { endpoint: 1, cluster: 6, group: 3, reporting: [] },
        ]),
      ],
      sensors,
    );
    expect(wanted).toEqual(new Map([['3', ['4', '5']]]));
  });

  it('should keep members whose device the bridge has not described again, and drop sensors that are gone', () => {
    // After a start: no description yet, the stored members stand (sensor 9 is gone).
    expect(withUnreported(['4', '7', '9'], [], [], sensors)).toEqual(['4', '7']);
    // The remote described with no binding to the group: its sensors leave, the unknown device's stay.
    expect(withUnreported(['4', '7'], [], [remote([])], sensors)).toEqual(['7']);
    expect(withUnreported(['7'], ['5', '4'], [remote([])], sensors)).toEqual(['4', '5', '7']);
  });
});
