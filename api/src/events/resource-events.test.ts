import { describe, expect, it } from 'vitest';
import { addedEvent } from './added-event';
import { deletedEvent } from './deleted-event';
import { groupStateEvent } from './group-state-event';
import { sceneCalledEvent } from './scene-called-event';
import { stringifySorted } from './sorted-json';

// Golden fixtures: the exact strings a deCONZ client receives (deconz-behavior.md §4).
describe('added events', () => {
  it('should carry the full light under "light" with its uniqueid', () => {
    const light = { name: 'Desk', state: { on: false, reachable: true }, type: 'Extended color light' };
    const event = addedEvent({ r: 'lights', id: '3', uniqueid: '00:17:88:01:02:03:04:05-0b', resource: light });
    expect(stringifySorted(event)).toBe(
      '{"e":"added","id":"3","light":{"name":"Desk","state":{"on":false,"reachable":true},"type":"Extended color light"},"r":"lights","t":"event","uniqueid":"00:17:88:01:02:03:04:05-0b"}',
    );
  });

  it('should carry a sensor under "sensor"', () => {
    const sensor = { config: { on: true }, name: 'Switch', type: 'ZHASwitch' };
    const event = addedEvent({ r: 'sensors', id: '5', uniqueid: '00:15:8d:00:01:02:03:04-01-0006', resource: sensor });
    expect(stringifySorted(event)).toBe(
      '{"e":"added","id":"5","r":"sensors","sensor":{"config":{"on":true},"name":"Switch","type":"ZHASwitch"},"t":"event","uniqueid":"00:15:8d:00:01:02:03:04-01-0006"}',
    );
  });

  it('should announce REST-created groups and alarm systems too, without uniqueid', () => {
    const group = addedEvent({ r: 'groups', id: '4', resource: { lights: [], name: 'Kitchen' } });
    const alarm = addedEvent({ r: 'alarmsystems', id: '1', resource: { name: 'Home' } });
    expect(stringifySorted(group)).toBe('{"e":"added","group":{"lights":[],"name":"Kitchen"},"id":"4","r":"groups","t":"event"}');
    expect(stringifySorted(alarm)).toBe('{"alarmsystem":{"name":"Home"},"e":"added","id":"1","r":"alarmsystems","t":"event"}');
  });
});

describe('deleted events', () => {
  it('should name a deleted light by id and uniqueid', () => {
    expect(stringifySorted(deletedEvent({ r: 'lights', id: '3', uniqueid: '00:17:88:01:02:03:04:05-0b' }))).toBe(
      '{"e":"deleted","id":"3","r":"lights","t":"event","uniqueid":"00:17:88:01:02:03:04:05-0b"}',
    );
  });

  it('should name a deleted group by id only', () => {
    expect(stringifySorted(deletedEvent({ r: 'groups', id: '4' }))).toBe('{"e":"deleted","id":"4","r":"groups","t":"event"}');
  });
});

describe('scene-called events', () => {
  it('should carry gid and scid and no id', () => {
    expect(stringifySorted(sceneCalledEvent({ gid: '65520', scid: '2' }))).toBe('{"e":"scene-called","gid":"65520","r":"scenes","scid":"2","t":"event"}');
  });
});

describe('group state events', () => {
  it('should carry all_on and any_on under state', () => {
    expect(stringifySorted(groupStateEvent({ id: '4', all_on: false, any_on: true }))).toBe(
      '{"e":"changed","id":"4","r":"groups","state":{"all_on":false,"any_on":true},"t":"event"}',
    );
  });
});
