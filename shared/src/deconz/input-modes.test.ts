import { describe, expect, it } from 'vitest';
import { describeSubdevices } from './describe';
import type { ExposeJson } from './expose';
import { toConverterCommand } from './to-converter';
import { toDeconzItems } from './to-deconz';

const text = (name: string): ExposeJson => ({ type: 'text', name, property: name, access: 7 });
const num = (name: string, min: number, max: number): ExposeJson => ({ type: 'numeric', name, property: name, access: 7, value_min: min, value_max: max });

// What the bridge describes for ubisys' S2 and J1 (converters 26.112.0 plus the bridge's own keys).
const S2: ExposeJson[] = [
  { type: 'switch', endpoint: 'l1', features: [{ type: 'binary', name: 'state', property: 'state_l1', access: 7 }] },
  { type: 'switch', endpoint: 'l2', features: [{ type: 'binary', name: 'state', property: 'state_l2', access: 7 }] },
  { type: 'enum', name: 'action', property: 'action', access: 1, values: ['toggle_s1', 'toggle_s2'] },
  num('power', 0, 100000),
  text('input_actions'),
];
const J1: ExposeJson[] = [
  { type: 'cover', features: [{ type: 'numeric', name: 'position', property: 'position', access: 7 }] },
  num('power', 0, 100000),
  text('input_actions'),
  num('window_covering_type', 0, 9),
];
const ENDPOINTS = { clusterEndpoints: { 0x0006: 1, 0x0102: 1 }, clientClusterEndpoints: { 0x0006: 3, 0x0102: 2 } };

const switchOf = (exposes: ExposeJson[], model: string) =>
  describeSubdevices({ ieee: '0x001fee0000001234', exposes, defaultEndpoint: 1, model, endpointNames: { l1: 1, l2: 2 }, ...ENDPOINTS }).find(
    (s) => s.type === 'ZHASwitch',
  )!;

const S2_ROCKER = [
  [0, 13, 3, 6, 0, 2],
  [1, 13, 4, 6, 0, 2],
  [0, 3, 3, 6, 0, 2],
  [1, 3, 4, 6, 0, 2],
];

describe('ubisys input modes', () => {
  it('should put the switch on the endpoint of its client cluster, as deCONZ does (S2 on 3, J1 on 2 with the covering cluster)', () => {
    expect(switchOf(S2, 'S2')).toMatchObject({ uniqueid: '00:1f:ee:00:00:00:12:34-03-0006', endpoint: 3 });
    expect(switchOf(S2, 'S2').config).toContain('mode');
    const j1 = switchOf(J1, 'J1');
    expect(j1).toMatchObject({ uniqueid: '00:1f:ee:00:00:00:12:34-02-0102', endpoint: 2 });
    expect(j1.config).toEqual(expect.arrayContaining(['mode', 'windowcoveringtype']));
  });

  it('should show no mode for a model deCONZ names no presets for', () => {
    expect(switchOf(S2, 'C4').config).not.toContain('mode');
  });

  it('should name the presets and show anything else as custom hex', () => {
    const s2 = switchOf(S2, 'S2');
    expect(toDeconzItems(s2, { input_actions: S2_ROCKER }).config.mode).toBe('rocker');
    expect(
      toDeconzItems(s2, {
        input_actions: [
          [0, 13, 3, 6, 0, 2],
          [1, 13, 4, 6, 0, 2],
        ],
      }).config.mode,
    ).toBe('momentary');
    expect(toDeconzItems(s2, { input_actions: [[0, 13, 3, 6, 0, 1]] }).config.mode).toBe('custom_41010006000D03060001');
    expect(toDeconzItems(switchOf(J1, 'J1'), { window_covering_type: 4 }).config.windowcoveringtype).toBe(4);
  });

  it('should write presets and custom hex as input actions, and refuse what is neither', () => {
    const s2 = switchOf(S2, 'S2');
    expect(toConverterCommand('ZHASwitch', { mode: 'rocker' }, s2.bindings).payloads).toEqual([{ input_actions: S2_ROCKER }]);
    expect(toConverterCommand('ZHASwitch', { mode: 'custom_41010006001303060002' }, s2.bindings).payloads).toEqual([
      { input_actions: [[0, 0x13, 3, 6, 0, 2]] },
    ]);
    for (const mode of ['toggle', 'custom_', 'custom_42010001', 'custom_4102000600', 'custom_41010006000D03060002FF', 'custom_zz']) {
      expect(toConverterCommand('ZHASwitch', { mode }, s2.bindings).invalid, mode).toEqual([{ item: 'mode', reason: expect.any(String) }]);
    }
  });

  it("should number the J1's open, close and stop as deCONZ's button map does: a stop by the input that moved it, none after a stop", () => {
    const j1 = switchOf(J1, 'J1');
    const event = (state: Record<string, unknown>) => toDeconzItems(j1, state).state.buttonevent;
    expect(event({ action: 'open' })).toBe(1002);
    expect(event({ action: 'close' })).toBe(2002);
    expect(event({ action: 'stop', action_stopped: 'open' })).toBe(1003);
    expect(event({ action: 'stop', action_stopped: 'close' })).toBe(2003);
    expect(event({ action: 'stop', action_stopped: 'none' })).toBeUndefined();
  });

  it("should number the S2's inputs as deCONZ's button map does: toggle short release, either move hold, the stop after a move long release", () => {
    const s2 = switchOf(S2, 'S2');
    const event = (action: string, stopped?: string) => toDeconzItems(s2, { action, action_stopped: stopped }).state.buttonevent;
    for (const [input, button] of [
      ['s1', 1],
      ['s2', 2],
    ] as const) {
      expect(event(`toggle_${input}`)).toBe(button * 1000 + 2);
      expect(event(`brightness_move_up_${input}`)).toBe(button * 1000 + 1);
      expect(event(`brightness_move_down_${input}`)).toBe(button * 1000 + 1);
      // A stop is the long release of the input sending it, after a move of either input; else nothing.
      expect(event(`brightness_stop_${input}`, 'brightness_move_up_s1')).toBe(button * 1000 + 3);
      expect(event(`brightness_stop_${input}`, 'brightness_move_down_s2')).toBe(button * 1000 + 3);
      expect(event(`brightness_stop_${input}`)).toBeUndefined();
      // deCONZ's map has no on, off or scene recall from the inputs.
      expect(event(`on_${input}`)).toBeUndefined();
    }
  });

  it('should write the covering type within 0-9 only', () => {
    const j1 = switchOf(J1, 'J1');
    expect(toConverterCommand('ZHASwitch', { windowcoveringtype: 8 }, j1.bindings).payloads).toEqual([{ window_covering_type: 8 }]);
    expect(toConverterCommand('ZHASwitch', { windowcoveringtype: 10 }, j1.bindings).invalid).toEqual([
      { item: 'windowcoveringtype', reason: 'this device takes 0 to 9' },
    ]);
  });
});
