import { describe, expect, it } from 'vitest';
import { joinedSession } from '../support/catalogue-session';

const devices = {
  wb01: { model: 'WB01', ieee: '00124b0022a10201' },
  remote: { model: 'TRADFRI-remote-control', ieee: '000b57fffe8a0202' },
  keypad: { model: '3400', ieee: '000d6f000e5a0203' },
  fyrtur: { model: 'FYRTUR-block-out-roller-blind', ieee: '000b57fffe8a0204' },
  cube: { model: 'MFKZQ01LM', ieee: '00158d0001a20205' },
  wall: { model: 'RDM001', ieee: '0017880104a20206' },
  tint: { model: 'ZBT-Remote-ALL-RGBW', ieee: '00158d000ba20207' },
  rocker: { model: 'lumi.remote.b28ac1', ieee: '54ef441000a20208' },
  knob: { model: 'SYMFONISK-Sound-Controller', ieee: '000b57fffe8a0209' },
};

describe('buttons, remotes, keypad, cube, wall module and cover through zigbee-herdsman', () => {
  const session = joinedSession(Object.values(devices));
  const { h, act } = session;

  it('should identify WB01 as SONOFF SNZB-01 and turn presses into actions', async () => {
    const { ieee } = devices.wb01;
    expect(await h('identify', { ieee })).toEqual({ model: 'SNZB-01', vendor: 'SONOFF' });
    await h('configure', { ieee });
    await act(ieee, 'press', { kind: 'double' });
    await h('waitState', { ieee, match: { action: 'double' } });
    await act(ieee, 'press', { kind: 'single' });
    await h('waitState', { ieee, match: { action: 'single' } });
  });

  it('should identify the TRADFRI remote and turn its toggle and dimming into actions', async () => {
    const { ieee } = devices.remote;
    const id = await h('identify', { ieee });
    expect(id.vendor).toBe('IKEA');
    expect(id.model).toMatch(/E1524/);
    await h('configure', { ieee });
    await act(ieee, 'press', { button: 'toggle' });
    await h('waitState', { ieee, match: { action: 'toggle' } });
    await act(ieee, 'press', { button: 'brightness_up', kind: 'hold' });
    await h('waitState', { ieee, match: { action: 'brightness_up_hold' } });
  });

  it('should identify the CentraLite 3400 keypad and turn a PIN arm into an action with the code', async () => {
    const { ieee } = devices.keypad;
    expect(await h('identify', { ieee })).toEqual({ model: '3400-D', vendor: 'Centralite' });
    await h('configure', { ieee });
    expect((await act(ieee, 'pin', { code: '1234', command: 'arm_all' })).status).toBe(200);
    await h('waitState', { ieee, match: { action: 'arm_all_zones', action_code: '1234' } });
    await act(ieee, 'pin', { code: '4321', command: 'disarm' });
    await h('waitState', { ieee, match: { action: 'disarm', action_code: '4321' } });
  });

  it('should identify FYRTUR as IKEA E1757, move it to a position and report where it stopped', async () => {
    const { ieee } = devices.fyrtur;
    expect(await h('identify', { ieee })).toMatchObject({ vendor: 'IKEA' });
    await h('configure', { ieee });
    // The blind moves at 6.5 %/s; z2m's position is 100 - lift percentage for IKEA covers.
    await h('set', { ieee, values: { position: 90 } });
    await session.waitDevice(ieee, (s) => s.endpoints['1']?.closuresWindowCovering?.currentPositionLiftPercentage === 10);
    await h('waitState', { ieee, match: { position: 90 } });
  });

  it('should identify the Aqara cube and turn its gestures and rotation into actions with sides and angles', async () => {
    const { ieee } = devices.cube;
    expect(await h('identify', { ieee })).toMatchObject({ model: 'MFKZQ01LM' });
    await act(ieee, 'gesture', { gesture: 'shake' });
    await h('waitState', { ieee, match: { action: 'shake' } });
    await act(ieee, 'gesture', { gesture: 'flip90', from: 0, to: 1 });
    await h('waitState', { ieee, match: { action: 'flip90', action_from_side: 0, action_to_side: 1 } });
    await act(ieee, 'gesture', { gesture: 'tap' });
    await h('waitState', { ieee, match: { action: 'tap', side: 1 } });
    await act(ieee, 'gesture', { gesture: 'rotate', angle: -42.5 });
    await h('waitState', { ieee, match: { action: 'rotate_left', action_angle: -42.5 } });
    expect((await act(ieee, 'gesture', { gesture: 'flip90', to: 6 })).status).toBe(400);
  });

  it('should identify the Hue wall switch module, turn its Hue notifications into actions and take a device mode', async () => {
    const { ieee } = devices.wall;
    expect(await h('identify', { ieee })).toMatchObject({ model: '929003017102', vendor: 'Philips' });
    await h('configure', { ieee });
    await act(ieee, 'press', { button: 'right', kind: 'hold' });
    await h('waitState', { ieee, match: { action: 'right_hold' } });
    await act(ieee, 'press', { button: 'right', kind: 'release' });
    await h('waitState', { ieee, match: { action: 'right_hold_release' } });
    await h('set', { ieee, values: { device_mode: 'dual_push_button' } });
    await session.waitDevice(ieee, (s) => s.endpoints['1']?.genBasic?.deviceMode === 3);
  });

  it('should identify the tint remote and turn a colour wheel touch into a colour move with its point', async () => {
    const { ieee } = devices.tint;
    expect(await h('identify', { ieee })).toMatchObject({ model: 'MLI-404011/MLI-404049' });
    await act(ieee, 'press', { button: 'wheel_red' });
    await h('waitState', { ieee, match: { action: 'color_move', action_color: { x: 0.701, y: 0.299 } } });
    await act(ieee, 'press', { button: 'on' });
    await h('waitState', { ieee, match: { action: 'on' } });
  });

  it('should identify and configure the H1 double rocker, turn its multistate reports into actions and take a click mode', async () => {
    const { ieee } = devices.rocker;
    expect(await h('identify', { ieee })).toMatchObject({ model: 'WXKG15LM', vendor: 'Aqara' });
    // The converter's configure writes the Lumi operation mode (event) first: the device has it.
    await h('configure', { ieee });
    await session.waitDevice(ieee, (s) => s.endpoints['1']?.manuSpecificLumi?.mode === 1);
    await act(ieee, 'press', { button: 'right', kind: 'double' });
    await h('waitState', { ieee, match: { action: 'double_right' } });
    await act(ieee, 'press', { button: 'both', kind: 'hold' });
    await h('waitState', { ieee, match: { action: 'hold_both' } });
    await h('set', { ieee, values: { click_mode: 'fast' } });
    await session.waitDevice(ieee, (s) => s.endpoints['1']?.manuSpecificLumi?.clickMode === 1);
  });

  it('should identify the SYMFONISK sound controller and turn its knob into toggles, steps and level moves', async () => {
    const { ieee } = devices.knob;
    expect(await h('identify', { ieee })).toMatchObject({ model: 'E1744', vendor: 'IKEA' });
    await act(ieee, 'press', { button: 'knob', kind: 'triple' });
    await h('waitState', { ieee, match: { action: 'brightness_step_down' } });
    await act(ieee, 'press', { button: 'turn_clockwise', kind: 'hold' });
    await h('waitState', { ieee, match: { action: 'brightness_move_up' } });
    await act(ieee, 'press', { button: 'turn_clockwise', kind: 'release' });
    await h('waitState', { ieee, match: { action: 'brightness_stop' } });
  });
});
