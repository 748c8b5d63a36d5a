import { describe, expect, it } from 'vitest';
import { interpretGroupCommand, needsReadBack, predictMember } from '../src/features/group-commands';

const cmd = (cluster: string, command: string, payload: Record<string, unknown> = {}) =>
  interpretGroupCommand({ group: 5, endpoint: 1, cluster, command, payload });

describe('group commands', () => {
  it('should read on/off commands a remote sends to a group', () => {
    expect(cmd('genOnOff', 'toggle')).toEqual({ group: 5, endpoint: 1, command: 'toggle', toggle: true });
    expect(cmd('genOnOff', 'on')).toEqual({ group: 5, endpoint: 1, command: 'on', on: true });
    expect(cmd('genOnOff', 'offWithEffect', { effectid: 0 })).toMatchObject({ command: 'off_with_effect', on: false });
  });

  it('should read level steps and moves with their direction and on/off variant', () => {
    expect(cmd('genLevelCtrl', 'stepWithOnOff', { stepmode: 0, stepsize: 43, transtime: 5 })).toEqual({
      group: 5,
      endpoint: 1,
      command: 'step_with_on_off',
      bri_inc: 43,
      on: true,
      transitiontime: 5,
    });
    expect(cmd('genLevelCtrl', 'step', { stepmode: 1, stepsize: 43, transtime: 5 })).toEqual({
      group: 5,
      endpoint: 1,
      command: 'step',
      bri_inc: -43,
      transitiontime: 5,
    });
    expect(cmd('genLevelCtrl', 'moveToLevelWithOnOff', { level: 0, transtime: 0xffff })).toEqual({
      group: 5,
      endpoint: 1,
      command: 'move_to_level_with_on_off',
      bri: 0,
      on: false,
    });
    expect(cmd('genLevelCtrl', 'moveWithOnOff', { movemode: 0, rate: 83 })).toEqual({ group: 5, endpoint: 1, command: 'move_with_on_off', on: true });
    expect(cmd('genLevelCtrl', 'stop')).toEqual({ group: 5, endpoint: 1, command: 'stop' });
  });

  it('should read colour commands and scene recalls, and keep unknown commands without items', () => {
    expect(cmd('lightingColorCtrl', 'moveToColorTemp', { colortemp: 370, transtime: 4 })).toMatchObject({ ct: 370, transitiontime: 4 });
    expect(cmd('lightingColorCtrl', 'moveToColor', { colorx: 32768, colory: 16384, transtime: 0 })).toMatchObject({ xy: [0.5, 0.25], transitiontime: 0 });
    expect(cmd('genScenes', 'recall', { groupid: 5, sceneid: 3 })).toEqual({ group: 5, endpoint: 1, command: 'recall', scene: 3 });
    expect(cmd('genScenes', 'tradfriArrowSingle', { value: 257 })).toEqual({ group: 5, endpoint: 1, command: 'tradfri_arrow_single' });
  });

  it('should ask for a read back only where the result is the devices own', () => {
    expect(needsReadBack({ command: 'recall', scene: 3 })).toBe(true);
    expect(needsReadBack({ scene: 1 })).toBe(true);
    expect(needsReadBack({ command: 'stop_with_on_off' })).toBe(true);
    expect(needsReadBack({ command: 'toggle' })).toBe(false);
  });

  it('should predict a member from its current items', () => {
    const lamp = { on: true, bri: 240, ct: 300, lastupdated: 'none' };
    expect(predictMember({ toggle: true }, lamp)).toEqual({ state: 'OFF' });
    expect(predictMember({ toggle: true }, { ...lamp, on: false })).toEqual({ state: 'ON' });
    expect(predictMember({ bri_inc: 43, on: true }, lamp)).toEqual({ state: 'ON', brightness: 254 });
    expect(predictMember({ bri_inc: -250 }, lamp)).toEqual({ brightness: 1 });
    expect(predictMember({ ct_inc: 50 }, lamp)).toEqual({ color_temp: 350, color_mode: 'color_temp' });
    expect(predictMember({ xy: [0.3, 0.4], bri: 10 }, lamp)).toEqual({ brightness: 10, color: { x: 0.3, y: 0.4 }, color_mode: 'xy' });
    // Relative changes need a known value; a scene is the device's business.
    expect(predictMember({ bri_inc: 10 }, { on: true, lastupdated: 'none' })).toEqual({});
    expect(predictMember({ scene: 3 }, lamp)).toEqual({});
  });

  it('should add what the converters predict for the frames sent, own relative values winning', () => {
    const lamp = { on: false, bri: 100, ct: 300, lastupdated: 'none' };
    // {"bri":200} went out as a move to level with on/off: the lamp turns on.
    expect(predictMember({ bri: 200 }, lamp, { state: 'ON', brightness: 200 })).toEqual({ state: 'ON', brightness: 200 });
    expect(predictMember({ hue: 1000, sat: 20 }, lamp, { color: { hue: 22, saturation: 8 }, color_mode: 'hs' })).toEqual({
      color: { hue: 22, saturation: 8 },
      color_mode: 'hs',
    });
    expect(predictMember({ toggle: true }, lamp, { state: 'OFF' })).toEqual({ state: 'ON' });
  });
});
