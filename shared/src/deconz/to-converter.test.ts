import { describe, expect, it } from 'vitest';
import { toConverterCommand } from './to-converter';
import { describeSubdevices } from './describe';
import { toDeconzItems } from './to-deconz';

describe('deconz command translation', () => {
  it('should turn light commands into one converter payload with a transition', () => {
    expect(toConverterCommand('Extended color light', { on: true, bri: 128, transitiontime: 15, transaction: 'x' })).toEqual({
      payloads: [{ state: 'ON', brightness: 128, transition: 1.5 }],
      sent: ['on', 'bri', 'transitiontime'],
      unsupported: [],
    });
    expect(toConverterCommand('Dimmable light', { bri: 0 }).payloads).toEqual([{ brightness: 1 }]);
    expect(toConverterCommand('Dimmable light', { bri: 255 }).payloads).toEqual([{ brightness: 254 }]);
    expect(toConverterCommand('Color temperature light', { bri_inc: -20, ct_inc: 10 }).payloads).toEqual([{ brightness_step: -20, color_temp_step: 10 }]);
  });

  it('should refuse items a light type cannot carry', () => {
    expect(toConverterCommand('Dimmable light', { bri: 10, ct: 300 })).toMatchObject({ sent: ['bri'], unsupported: ['ct'] });
    expect(toConverterCommand('On/Off plug-in unit', { on: true, bri: 10, alert: 'select' })).toMatchObject({ sent: ['on', 'alert'], unsupported: ['bri'] });
    expect(toConverterCommand('Color light', { ct: 300, xy: [0.3, 0.3] })).toMatchObject({ sent: ['xy'], unsupported: ['ct'] });
  });

  it("should convert colour to the converters' units", () => {
    expect(toConverterCommand('Color light', { xy: [0.3, 0.6] }).payloads).toEqual([{ color: { x: 0.3, y: 0.6 } }]);
    expect(toConverterCommand('Color light', { hue: 65535, sat: 127 }).payloads).toEqual([{ color: { hue: 360, saturation: 50 } }]);
    expect(toConverterCommand('Color temperature light', { ct: 370 }).payloads).toEqual([{ color_temp: 370 }]);
  });

  it('should apply deCONZ precedence between competing items', () => {
    const both = toConverterCommand('Extended color light', { ct: 300, xy: [0.1, 0.2], hue: 5, toggle: true, on: false });
    expect(both.payloads).toEqual([{ color: { x: 0.1, y: 0.2 }, state: 'TOGGLE' }]);
    expect(both.sent).toEqual(['xy', 'toggle']);
    expect(toConverterCommand('Dimmable light', { bri: 10, bri_inc: 5 }).payloads).toEqual([{ brightness: 10 }]);
  });

  it('should send alert and effect as identify and colour loop effects', () => {
    expect(toConverterCommand('Dimmable light', { alert: 'select' }).payloads).toEqual([{ effect: 'blink' }]);
    expect(toConverterCommand('On/Off plug-in unit', { alert: 'lselect', on: true }).payloads).toEqual([{ state: 'ON', effect: 'breathe' }]);
    expect(toConverterCommand('Color light', { effect: 'colorloop', alert: 'none' }).payloads).toEqual([{ effect: 'colorloop' }, { effect: 'stop_effect' }]);
    expect(toConverterCommand('Color light', { effect: 'none' }).payloads).toEqual([{ effect: 'stop_colorloop' }]);
  });

  it('should drive window coverings with inverted positions', () => {
    expect(toConverterCommand('Window covering device', { open: true }).payloads).toEqual([{ state: 'OPEN' }]);
    expect(toConverterCommand('Window covering device', { open: false }).payloads).toEqual([{ state: 'CLOSE' }]);
    expect(toConverterCommand('Window covering device', { stop: true }).payloads).toEqual([{ state: 'STOP' }]);
    expect(toConverterCommand('Window covering device', { lift: 'stop' }).payloads).toEqual([{ state: 'STOP' }]);
    expect(toConverterCommand('Window covering device', { lift: 25, tilt: 100 }).payloads).toEqual([{ tilt: 0 }, { position: 75 }]);
    expect(toConverterCommand('Window covering device', { bri: 254 }).payloads).toEqual([{ position: 0 }]);
    expect(toConverterCommand('Window covering device', { bri_inc: 0 }).payloads).toEqual([{ state: 'STOP' }]);
  });

  it('should report what a type cannot carry instead of sending it', () => {
    expect(toConverterCommand('On/Off plug-in unit', { on: true, lift: 3 })).toEqual({
      payloads: [{ state: 'ON' }],
      sent: ['on'],
      unsupported: ['lift'],
    });
    expect(toConverterCommand('ZHATemperature', { alert: 'select', offset: 10 })).toEqual({
      payloads: [],
      sent: [],
      unsupported: ['alert', 'offset'],
    });
    expect(toConverterCommand('ZHAPresence', { duration: 60, ledindication: true }).payloads).toEqual([{ occupancy_timeout: 60, led_indication: true }]);
  });

  it('should stop a covering on the deprecated bri "stop", for the controller type too, and refuse it for lamps', () => {
    for (const type of ['Window covering device', 'Window covering controller'] as const) {
      expect(toConverterCommand(type, { bri: 'stop' }).payloads).toEqual([{ state: 'STOP' }]);
      expect(toConverterCommand(type, { bri: 127, sat: 254 }).payloads).toEqual([{ tilt: 0 }, { position: 50 }]);
    }
    expect(toConverterCommand('Dimmable light', { bri: 'stop' })).toEqual({ payloads: [], sent: [], unsupported: ['bri'] });
  });

  it('should send a presence delay and sensitivity as the device attribute and level name, up to the device highest level', () => {
    const presence = (values: string[]) =>
      describeSubdevices({
        ieee: '0x0017880104a16009',
        defaultEndpoint: 2,
        exposes: [
          { type: 'binary', name: 'occupancy', property: 'occupancy', access: 1 },
          { type: 'numeric', name: 'occupancy_timeout', property: 'occupancy_timeout', access: 7 },
          { type: 'enum', name: 'motion_sensitivity', property: 'motion_sensitivity', access: 7, values },
        ],
      }).find((plan) => plan.type === 'ZHAPresence')!;
    // A Hue SML001 and an Aqara FP1 take low, medium, high: deCONZ 0-2.
    const three = presence(['low', 'medium', 'high']);
    expect(toConverterCommand('ZHAPresence', { delay: 45, sensitivity: 1 }, three.bindings)).toEqual({
      payloads: [{ occupancy_timeout: 45, motion_sensitivity: 'medium' }],
      sent: ['delay', 'sensitivity'],
      unsupported: [],
    });
    expect(toConverterCommand('ZHAPresence', { sensitivity: 3 }, three.bindings).invalid).toEqual([
      { item: 'sensitivity', reason: 'this device takes 0 to 2' },
    ]);
    expect(toConverterCommand('ZHAPresence', { sensitivitymax: 2 }, three.bindings).invalid).toEqual([
      { item: 'sensitivitymax', reason: 'read-only on this device' },
    ]);
    expect(toDeconzItems(three, { motion_sensitivity: 'high' }).config).toMatchObject({ sensitivity: 2, sensitivitymax: 2 });
    // Later Hue models (SML002…) add very high and max: deCONZ 0-4.
    const five = presence(['low', 'medium', 'high', 'very_high', 'max']);
    expect(toConverterCommand('ZHAPresence', { sensitivity: 4 }, five.bindings).payloads).toEqual([{ motion_sensitivity: 'max' }]);
    expect(toDeconzItems(five, { motion_sensitivity: 'very_high' }).config).toMatchObject({ sensitivity: 3, sensitivitymax: 4 });
  });
});
