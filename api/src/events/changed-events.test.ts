import { describe, expect, it } from 'vitest';
import { changedEvents, type ChangedEventsInput } from './changed-events';
import { stringifySorted } from './sorted-json';

// Golden fixtures: the exact strings a deCONZ client receives (deconz-behavior.md §0 and §4).
const serialise = (input: ChangedEventsInput) => changedEvents(input).map(stringifySorted);

const bulb = { r: 'lights', id: '3', uniqueid: '00:17:88:01:02:03:04:05-0b' } as const;
const button = { r: 'sensors', id: '5', uniqueid: '00:15:8d:00:01:02:03:04-01-0006' } as const;
const lightBefore = {
  state: { on: false, bri: 127, colormode: 'xy', xy: [0.3, 0.3], reachable: true },
  attr: { name: 'Desk', lastseen: '2024-01-01T12:00Z', modelid: 'LCT015' },
};

describe('changed events', () => {
  it('should send every state item of a changed light when notifyall is on', () => {
    const after = { ...lightBefore, state: { ...lightBefore.state, on: true } };
    expect(serialise({ ...bulb, before: lightBefore, after, notifyAll: true })).toEqual([
      '{"e":"changed","id":"3","r":"lights","state":{"bri":127,"colormode":"xy","on":true,"reachable":true,"xy":[0.3,0.3]},"t":"event","uniqueid":"00:17:88:01:02:03:04:05-0b"}',
    ]);
  });

  it('should send only the changed items when notifyall is off', () => {
    const after = { ...lightBefore, state: { ...lightBefore.state, on: true, xy: [0.31, 0.3] } };
    expect(serialise({ ...bulb, before: lightBefore, after, notifyAll: false })).toEqual([
      '{"e":"changed","id":"3","r":"lights","state":{"on":true,"xy":[0.31,0.3]},"t":"event","uniqueid":"00:17:88:01:02:03:04:05-0b"}',
    ]);
  });

  it('should send nothing when nothing changed', () => {
    expect(serialise({ ...bulb, before: lightBefore, after: structuredClone(lightBefore), notifyAll: true })).toEqual([]);
  });

  it('should send one message per changed sub-object, state first', () => {
    const before = { state: { temperature: 2100, lastupdated: '2024-01-01T12:00:00.000' }, config: { battery: 90 } };
    const after = { config: { battery: 88 }, state: { temperature: 2150, lastupdated: '2024-01-01T12:05:00.000' } };
    const sensor = { r: 'sensors', id: '7', uniqueid: '00:15:8d:00:0a:0b:0c:0d-01-0402' } as const;
    expect(serialise({ ...sensor, before, after, notifyAll: false })).toEqual([
      '{"e":"changed","id":"7","r":"sensors","state":{"lastupdated":"2024-01-01T12:05:00.000","temperature":2150},"t":"event","uniqueid":"00:15:8d:00:0a:0b:0c:0d-01-0402"}',
      '{"config":{"battery":88},"e":"changed","id":"7","r":"sensors","t":"event","uniqueid":"00:15:8d:00:0a:0b:0c:0d-01-0402"}',
    ]);
  });

  it('should treat a resource with no previous view as entirely changed', () => {
    const after = { config: { on: true, reachable: true } };
    expect(serialise({ ...button, after, notifyAll: false })).toEqual([
      '{"config":{"on":true,"reachable":true},"e":"changed","id":"5","r":"sensors","t":"event","uniqueid":"00:15:8d:00:01:02:03:04-01-0006"}',
    ]);
  });
});

describe('push-always items', () => {
  const pressed = { state: { buttonevent: 1002, lastupdated: '2024-01-01T12:00:00.000' }, config: { battery: 90 } };

  it('should push a repeated button press although the value is equal', () => {
    expect(serialise({ ...button, before: pressed, after: pressed, notifyAll: false, written: ['state/buttonevent'] })).toEqual([
      '{"e":"changed","id":"5","r":"sensors","state":{"buttonevent":1002},"t":"event","uniqueid":"00:15:8d:00:01:02:03:04-01-0006"}',
    ]);
  });

  it('should not re-push the last press when only the battery was reported', () => {
    const after = { ...pressed, config: { battery: 85 } };
    expect(serialise({ ...button, before: pressed, after, notifyAll: true, written: ['config/battery'] })).toEqual([
      '{"config":{"battery":85},"e":"changed","id":"5","r":"sensors","t":"event","uniqueid":"00:15:8d:00:01:02:03:04-01-0006"}',
    ]);
  });

  it('should not push an equal item that is not push-always, even when written', () => {
    expect(serialise({ ...button, before: pressed, after: pressed, notifyAll: true, written: ['config/battery'] })).toEqual([]);
  });
});

describe('attr events', () => {
  it('should send a lastseen tick alone, even when notifyall is on', () => {
    const after = { ...lightBefore, attr: { ...lightBefore.attr, lastseen: '2024-01-01T12:01Z' } };
    expect(serialise({ ...bulb, before: lightBefore, after, notifyAll: true })).toEqual([
      '{"attr":{"lastseen":"2024-01-01T12:01Z"},"e":"changed","id":"3","r":"lights","t":"event","uniqueid":"00:17:88:01:02:03:04:05-0b"}',
    ]);
  });

  it('should carry a rename both inside attr and as a top-level name', () => {
    const after = { ...lightBefore, attr: { ...lightBefore.attr, name: 'Reading' } };
    expect(serialise({ ...bulb, before: lightBefore, after, notifyAll: true })).toEqual([
      '{"attr":{"lastseen":"2024-01-01T12:00Z","modelid":"LCT015","name":"Reading"},"e":"changed","id":"3","name":"Reading","r":"lights","t":"event","uniqueid":"00:17:88:01:02:03:04:05-0b"}',
    ]);
    expect(serialise({ ...bulb, before: lightBefore, after, notifyAll: false })).toEqual([
      '{"attr":{"name":"Reading"},"e":"changed","id":"3","name":"Reading","r":"lights","t":"event","uniqueid":"00:17:88:01:02:03:04:05-0b"}',
    ]);
  });

  it('should put changed group attributes flat at the top level, without uniqueid', () => {
    const before = { attr: { name: 'Kitchen', class: 'Kitchen', type: 'LightGroup' } };
    const after = { attr: { name: 'Cooking', class: 'Kitchen', type: 'LightGroup' } };
    expect(serialise({ r: 'groups', id: '4', before, after, notifyAll: true })).toEqual(['{"e":"changed","id":"4","name":"Cooking","r":"groups","t":"event"}']);
  });

  it('should never let a flattened group attribute overwrite the envelope', () => {
    const before = { attr: { id: '4', name: 'Kitchen' } };
    const after = { attr: { id: '99', name: 'Kitchen' } };
    expect(serialise({ r: 'groups', id: '4', before, after, notifyAll: true })).toEqual([]);
  });

  it('should send alarm system attributes under attr, without uniqueid', () => {
    const before = { attr: { id: '1', name: 'Home' } };
    const after = { attr: { id: '1', name: 'House' } };
    expect(serialise({ r: 'alarmsystems', id: '1', before, after, notifyAll: true })).toEqual([
      '{"attr":{"id":"1","name":"House"},"e":"changed","id":"1","name":"House","r":"alarmsystems","t":"event"}',
    ]);
  });
});
