import { describe, expect, it } from 'vitest';
import { itemsCarriedBy, leftOut } from './items-carried-by';

// What each item becomes alone, as the deCONZ -> converter mapping of a covering translates it.
const ALONE: Record<string, Array<Record<string, unknown>>> = {
  lift: [{ position: 70 }],
  tilt: [{ tilt: 50 }],
  sat: [{ tilt: 50 }],
  transitiontime: [],
  on: [{ state: 'CLOSE' }],
};
const translate = (item: string) => ({ ok: true, payloads: ALONE[item] ?? [] });

describe('itemsCarriedBy', () => {
  it('should name the items whose every converter key was left out', () => {
    expect(itemsCarriedBy(new Set(['tilt']), ['lift', 'tilt', 'transitiontime'], translate)).toEqual(['tilt']);
    expect(itemsCarriedBy(new Set(['tilt']), ['on', 'sat'], translate)).toEqual(['sat']);
  });

  it('should name nothing when every key went out or an item has no key', () => {
    expect(itemsCarriedBy(new Set(), ['lift', 'tilt'], translate)).toEqual([]);
    expect(itemsCarriedBy(new Set(['tilt']), ['transitiontime', 'lift'], translate)).toEqual([]);
    expect(itemsCarriedBy(new Set(['tilt']), ['tilt'], () => ({ ok: false }))).toEqual([]);
  });
});

describe('leftOut', () => {
  it('should answer the left-out items unsupported while the rest went out', () => {
    expect(leftOut(new Set(['tilt']), true, ['lift', 'tilt'], translate)).toEqual({ unsupported: ['tilt'] });
    expect(leftOut(new Set(), true, ['lift'], translate)).toEqual({ unsupported: [] });
  });

  it('should refuse when nothing went out, or a key no item explains was left out', () => {
    expect(leftOut(new Set(['tilt']), false, ['tilt'], translate)).toEqual({ unsupported: ['tilt'], refuse: 'tilt' });
    expect(leftOut(new Set(['color_temp_startup']), true, ['lift', 'powerup_ct'], translate)).toEqual({ unsupported: [], refuse: 'color_temp_startup' });
  });
});
