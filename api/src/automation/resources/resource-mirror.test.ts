import { describe, expect, it } from 'vitest';
import { createEventHub } from '../../events';
import { ResourceMirror, type MirrorChange } from './resource-mirror';

describe('resource mirror', () => {
  function setup() {
    let now = 1_000;
    const failures: unknown[] = [];
    const mirror = new ResourceMirror(
      () => now,
      (err) => failures.push(err),
    );
    const changes: MirrorChange[] = [];
    mirror.subscribe((change) => changes.push(change));
    const hub = createEventHub();
    mirror.follow(hub);
    return { mirror, hub, changes, failures, tick: (ms: number) => (now += ms) };
  }

  it('should seed items without reporting them and report later changes with the previous value', () => {
    const { mirror, hub, changes, tick } = setup();
    mirror.seed({ sensors: { '5': { state: { presence: false, lastupdated: 'a' }, config: { on: true } } } });
    expect(mirror.hasResource('/sensors/5')).toBe(true);
    expect(mirror.item('/sensors/5/config/on')).toEqual({ value: true, changedAt: 1_000 });
    expect(changes).toEqual([]);
    tick(500);
    hub.publish({ t: 'event', e: 'changed', r: 'sensors', id: '5', state: { presence: true, lastupdated: 'b' } });
    expect(changes).toEqual([
      {
        kind: 'items',
        resource: '/sensors/5',
        changes: [
          { address: '/sensors/5/state/presence', previous: false, changed: true },
          { address: '/sensors/5/state/lastupdated', previous: 'a', changed: true },
        ],
      },
    ]);
    expect(mirror.item('/sensors/5/state/presence')).toEqual({ value: true, changedAt: 1_500 });
  });

  it('should report a listener that throws and still tell the others', () => {
    const { mirror, hub, changes, failures } = setup();
    mirror.seed({ sensors: { '5': { state: { presence: false } } } });
    const boom = new Error('listener bug');
    mirror.subscribe(() => {
      throw boom;
    });
    const after: MirrorChange[] = [];
    mirror.subscribe((change) => after.push(change));
    hub.publish({ t: 'event', e: 'changed', r: 'sensors', id: '5', state: { presence: true } });
    expect(failures).toEqual([boom]);
    expect(changes).toHaveLength(1);
    expect(after).toHaveLength(1);
  });

  it('should see a repeated equal button press as a change, but not a repeat without a new lastupdated', () => {
    const { mirror, hub, changes } = setup();
    mirror.seed({ sensors: { '2': { state: { buttonevent: 1002, lastupdated: 'a' } } } });
    hub.publish({ t: 'event', e: 'changed', r: 'sensors', id: '2', state: { buttonevent: 1002, lastupdated: 'b' } });
    hub.publish({ t: 'event', e: 'changed', r: 'sensors', id: '2', state: { buttonevent: 1002, lastupdated: 'b' } });
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ changes: [{ address: '/sensors/2/state/buttonevent', changed: true }, { address: '/sensors/2/state/lastupdated' }] });
  });

  it('should keep an item that appears not set yet without reporting it, and report its first value', () => {
    const { mirror, hub, changes } = setup();
    mirror.seed({ sensors: { '2': { state: { lastupdated: 'none' } } } });
    hub.publish({ t: 'event', e: 'changed', r: 'sensors', id: '2', state: { buttonevent: null, panel: '', lastupdated: 'none' } });
    expect(changes).toEqual([]);
    expect(mirror.item('/sensors/2/state/buttonevent')?.value).toBeNull();
    hub.publish({ t: 'event', e: 'changed', r: 'sensors', id: '2', state: { buttonevent: 1002, panel: '', lastupdated: 'b' } });
    expect(changes[0]).toMatchObject({
      changes: [{ address: '/sensors/2/state/buttonevent', previous: null, changed: true }, { address: '/sensors/2/state/lastupdated' }],
    });
  });

  it('should take a new sensor showing deCONZ defaults as not set, and its first real value as a change', () => {
    const { mirror, hub, changes } = setup();
    hub.publish({ t: 'event', e: 'added', r: 'sensors', id: '7', uniqueid: 't', sensor: { state: { temperature: 0, presence: false, lastupdated: 'none' } } });
    expect(changes).toEqual([]);
    expect(mirror.item('/sensors/7/state/temperature')?.value).toBe(0);
    hub.publish({ t: 'event', e: 'changed', r: 'sensors', id: '7', state: { temperature: 2150, presence: false, lastupdated: 'b' } });
    expect(changes[0]).toMatchObject({
      changes: [{ address: '/sensors/7/state/temperature', previous: 0, changed: true }, { address: '/sensors/7/state/lastupdated' }],
    });
  });

  it('should take added resources, group states and deletions from the hub', () => {
    const { mirror, hub, changes } = setup();
    hub.publish({ t: 'event', e: 'added', r: 'sensors', id: '9', uniqueid: 'u', sensor: { state: { flag: false }, config: { on: true } } });
    hub.publish({ t: 'event', e: 'changed', r: 'groups', id: '3', state: { all_on: false, any_on: true } });
    expect(mirror.item('/sensors/9/state/flag')?.value).toBe(false);
    expect(mirror.item('/groups/3/state/any_on')?.value).toBe(true);
    hub.publish({ t: 'event', e: 'deleted', r: 'sensors', id: '9', uniqueid: 'u' });
    expect(mirror.hasResource('/sensors/9')).toBe(false);
    expect(mirror.item('/sensors/9/state/flag')).toBeUndefined();
    expect(changes.at(-1)).toEqual({ kind: 'removed', resource: '/sensors/9' });
  });

  it('should ignore scenes and events without an id', () => {
    const { hub, changes } = setup();
    hub.publish({ t: 'event', e: 'scene-called', r: 'scenes', gid: '1', scid: '2' });
    expect(changes).toEqual([]);
  });
});
