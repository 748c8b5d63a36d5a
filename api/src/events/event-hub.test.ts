import { describe, expect, it } from 'vitest';
import { createEventHub } from './event-hub';
import type { DeconzEvent } from './types';

const lightOn = (id: string): DeconzEvent => ({
  t: 'event',
  e: 'changed',
  r: 'lights',
  id,
  uniqueid: `00:17:88:01:00:00:00:0${id}-0b`,
  state: { on: true, bri: 10 },
});

describe('event hub', () => {
  it('should hand every subscriber the sorted compact message and the event', () => {
    const hub = createEventHub();
    const seen: string[] = [];
    hub.subscribe((message, event) => seen.push(`${event.id}:${message}`));
    hub.publish(lightOn('1'));
    expect(seen).toEqual(['1:{"e":"changed","id":"1","r":"lights","state":{"bri":10,"on":true},"t":"event","uniqueid":"00:17:88:01:00:00:00:01-0b"}']);
  });

  it('should serialise once, whatever the number of subscribers', () => {
    const hub = createEventHub();
    const messages: string[] = [];
    for (let i = 0; i < 3; i++) hub.subscribe((message) => messages.push(message));
    let serialisations = 0;
    // toJSON runs each time the event is serialised, so it counts the serialisations.
    const lastupdated = { toJSON: () => (serialisations++, '2024-01-01T12:00:00.000') };
    hub.publish({ ...lightOn('2'), state: { lastupdated } });
    expect(serialisations).toBe(1);
    expect(messages).toHaveLength(3);
    expect(new Set(messages)).toEqual(
      new Set(['{"e":"changed","id":"2","r":"lights","state":{"lastupdated":"2024-01-01T12:00:00.000"},"t":"event","uniqueid":"00:17:88:01:00:00:00:02-0b"}']),
    );
  });

  it('should not serialise at all without subscribers', () => {
    const hub = createEventHub();
    let serialisations = 0;
    hub.publish({ ...lightOn('3'), state: { on: { toJSON: () => (serialisations++, true) } } });
    expect(serialisations).toBe(0);
  });

  it('should keep delivering to the others when a listener throws, and report it', () => {
    const errors: unknown[] = [];
    const hub = createEventHub({ onListenerError: (error) => errors.push(error) });
    const ids: string[] = [];
    hub.subscribe(() => {
      throw new Error('broken subscriber');
    });
    hub.subscribe((_, event) => ids.push(event.id as string));
    hub.publish(lightOn('1'));
    hub.publish(lightOn('2'));
    expect(ids).toEqual(['1', '2']);
    expect(errors.map((error) => (error as Error).message)).toEqual(['broken subscriber', 'broken subscriber']);
  });

  it('should deliver in publish order to every subscriber, also when a listener publishes', () => {
    const hub = createEventHub();
    const first: string[] = [];
    const second: string[] = [];
    hub.subscribe((_, event) => {
      first.push(event.id as string);
      if (event.id === '1') hub.publish(lightOn('2'));
    });
    hub.subscribe((_, event) => second.push(event.id as string));
    hub.publish(lightOn('1'));
    hub.publish(lightOn('3'));
    expect(first).toEqual(['1', '2', '3']);
    expect(second).toEqual(['1', '2', '3']);
  });

  it('should stop delivering after unsubscribe', () => {
    const hub = createEventHub();
    const ids: string[] = [];
    const unsubscribe = hub.subscribe((_, event) => ids.push(event.id as string));
    hub.publish(lightOn('1'));
    unsubscribe();
    hub.publish(lightOn('2'));
    expect(ids).toEqual(['1']);
  });
});
