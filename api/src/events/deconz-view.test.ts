import { describe, expect, it } from 'vitest';
import { deconzView, eventMessages, wantsExtensions } from './deconz-view';
import { stringifySorted } from './sorted-json';
import type { DeconzEvent } from './types';

describe('deconzView', () => {
  it('should keep an event deCONZ could have sent as it is', () => {
    const event: DeconzEvent = { t: 'event', e: 'changed', r: 'lights', id: '1', uniqueid: 'u', state: { on: true } };
    expect(deconzView(event)).toBe(event);
  });

  it('should drop the events of kinds deCONZ never sends', () => {
    for (const r of ['devices', 'networkmap', 'touchlink', 'config'] as const)
      expect(deconzView({ t: 'event', e: 'changed', r, id: 'x', state: {} })).toBeUndefined();
    expect(deconzView({ t: 'event', e: 'deleted', r: 'scenes', id: '1' })).toBeUndefined();
  });

  it('should strip the keys deCONZ never puts there, and drop what is left with only the envelope', () => {
    expect(deconzView({ t: 'event', e: 'changed', r: 'groups', id: '2', name: 'Hall', lights: ['1'] })).toEqual({
      t: 'event',
      e: 'changed',
      r: 'groups',
      id: '2',
      name: 'Hall',
    });
    expect(deconzView({ t: 'event', e: 'changed', r: 'groups', id: '2', lights: ['1'] })).toBeUndefined();
    expect(deconzView({ t: 'event', e: 'changed', r: 'alarmsystems', id: '1', lockout: { seconds: 60 } })).toBeUndefined();
  });
});

describe('eventMessages', () => {
  it('should reuse the serialised event when both kinds of client get the same', () => {
    const event: DeconzEvent = { t: 'event', e: 'scene-called', r: 'scenes', gid: '1', scid: '2' };
    const message = stringifySorted(event);
    expect(eventMessages(message, event)).toEqual({ all: message, deconz: message });
  });
});

describe('wantsExtensions', () => {
  it('should opt in only with events=all', () => {
    expect(wantsExtensions('/?events=all')).toBe(true);
    expect(wantsExtensions('/ws?key=k&events=all')).toBe(true);
    expect(wantsExtensions('/')).toBe(false);
    expect(wantsExtensions('/?events=deconz')).toBe(false);
  });
});
