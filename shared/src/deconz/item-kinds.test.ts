import { describe, expect, it } from 'vitest';
import { isUnsetShown, STATE_ITEM_DEFAULTS, STATE_ITEM_KINDS, withItemDefaults, withUnsetItems } from './item-kinds';

describe('state item defaults (deCONZ generic item descriptions)', () => {
  it('should fill an unset item with its default and keep real values and items without one', () => {
    const unset = withUnsetItems(['temperature', 'presence', 'battery', 'airquality', 'xy', 'panel'], { lastupdated: 'none' });
    expect(withItemDefaults(unset)).toEqual({
      temperature: 0,
      presence: false,
      battery: null,
      airquality: '',
      xy: null,
      panel: 'disarmed',
      lastupdated: 'none',
    });
    expect(withItemDefaults({ temperature: 2150, presence: true, effect: 'colorloop', lastupdated: 'a' })).toEqual({
      temperature: 2150,
      presence: true,
      effect: 'colorloop',
      lastupdated: 'a',
    });
    // A view: the record it was made from keeps its items unset.
    expect(unset.temperature).toBeNull();
  });

  it('should give each default the type of its item', () => {
    const kinds = Object.entries(STATE_ITEM_DEFAULTS).map(([item, value]) => [item, STATE_ITEM_KINDS[item]?.kind, typeof value]);
    const typeOf = { number: 'number', bool: 'boolean', string: 'string' } as Record<string, string>;
    expect(kinds.filter(([, kind, type]) => typeOf[String(kind)] !== type)).toEqual([]);
  });

  it('should take null, "" and a default as not set, a real reading as set', () => {
    expect([isUnsetShown('temperature', 0), isUnsetShown('temperature', null), isUnsetShown('airquality', ''), isUnsetShown('action', 'disarmed')]).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect([isUnsetShown('temperature', 2150), isUnsetShown('presence', true), isUnsetShown('battery', 0)]).toEqual([false, false, false]);
  });
});
