import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { DeviceDescription } from '@herdgate/shared/mqtt';
import { createBus } from '@herdgate/shared/bus';
import type { BridgeEventMap } from '../src/events';
import { lightLastSeen } from '../src/features/light-lastseen';
import type { FeatureDeps } from '../src/features/types';

/** The `lastseen` limit of lights on a manual clock: reports inside one interval publish once. */
function harness(intervalS: number) {
  let now = Date.UTC(2026, 0, 15, 12, 0, 0);
  const bus = createBus<BridgeEventMap>(pino({ level: 'silent' }));
  const described = (ieee: string, resource: 'lights' | 'sensors') =>
    ({
      ieee,
      subdevices: [{ resource, endpoint: 11, type: 'Dimmable light', uniqueid: `${ieee}-0b`, state: [], config: [] }],
    }) as unknown as DeviceDescription;
  const devices = new Map([
    ['0xlamp', described('0xlamp', 'lights')],
    ['0xdoor', described('0xdoor', 'sensors')],
  ]);
  const status = { options: { light_lastseen_s: intervalS } };
  const deps = { bus, registry: { get: (ieee: string) => devices.get(ieee) }, status } as unknown as FeatureDeps;
  const published: string[] = [];
  bus.on('deviceUpdated', ({ description }) => {
    published.push(description.ieee);
  });
  const feature = lightLastSeen(deps, () => now);
  feature.start();
  return {
    published,
    status,
    advance: (seconds: number) => {
      now += seconds * 1000;
    },
    seen: (ieee: string) => bus.emit('deviceSeen', { ieee, at: now }),
    described: () => bus.emit('deviceUpdated', { description: devices.get('0xlamp')! }),
    stop: () => feature.stop(),
  };
}

describe('light lastseen', () => {
  it('should publish a light at most once per interval however often it reports', () => {
    const h = harness(120);
    h.seen('0xlamp');
    for (let i = 0; i < 10; i += 1) {
      h.advance(11);
      h.seen('0xlamp');
    }
    expect(h.published).toEqual(['0xlamp']);
    h.advance(10);
    h.seen('0xlamp');
    expect(h.published).toEqual(['0xlamp', '0xlamp']);
  });

  it('should restart the interval after a description published for another reason', () => {
    const h = harness(60);
    h.seen('0xlamp');
    h.advance(50);
    h.described();
    h.advance(50);
    h.seen('0xlamp');
    expect(h.published).toEqual(['0xlamp', '0xlamp']);
    h.advance(10);
    h.seen('0xlamp');
    expect(h.published).toEqual(['0xlamp', '0xlamp', '0xlamp']);
  });

  it('should follow a new interval and leave devices without a light alone', () => {
    const h = harness(60);
    h.seen('0xlamp');
    h.status.options.light_lastseen_s = 1;
    h.advance(1);
    h.seen('0xlamp');
    h.seen('0xdoor');
    expect(h.published).toEqual(['0xlamp', '0xlamp']);
    h.stop();
    h.advance(5);
    h.seen('0xlamp');
    expect(h.published).toEqual(['0xlamp', '0xlamp']);
  });
});
