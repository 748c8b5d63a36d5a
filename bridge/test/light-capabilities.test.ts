import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lightCapabilities } from '../src/devices/light-capabilities';

/** Against the converters' real exposes, kept as fixtures in shared/src/deconz/fixtures. */
const exposesOf = (name: string) =>
  (JSON.parse(readFileSync(join(__dirname, '../../shared/src/deconz/fixtures', `${name}.input.json`), 'utf8')) as { exposes: Array<Record<string, unknown>> })
    .exposes;

describe('light capabilities', () => {
  it('should read a colour lamp range, colour modes, colour loop and power-on behaviours', () => {
    expect(lightCapabilities(exposesOf('hue-color-lct015'))).toEqual({
      ct: { min: 153, max: 500 },
      colormodes: ['ct', 'xy', 'hs'],
      effects: ['none', 'colorloop'],
      powerup: ['off', 'on', 'toggle', 'previous'],
      ctstartup: true,
      bristartup: false,
    });
  });

  it('should give a dimmable lamp no colour and no effect, and keep its power-on behaviours and start-up brightness', () => {
    expect(lightCapabilities(exposesOf('hue-white-lwb010'))).toEqual({
      colormodes: [],
      effects: [],
      powerup: ['off', 'on', 'toggle', 'previous'],
      ctstartup: false,
      bristartup: false,
    });
    expect(lightCapabilities(exposesOf('tradfri-bulb-led1836g9'))).toMatchObject({
      colormodes: [],
      powerup: ['off', 'on', 'toggle', 'previous'],
      bristartup: true,
    });
  });

  it('should take the range of the light on the named endpoint, and nothing for a device without a light', () => {
    const exposes = [
      { type: 'light', endpoint: 'l1', features: [{ name: 'color_temp', value_min: 250, value_max: 454 }] },
      { type: 'light', endpoint: 'l2', features: [{ name: 'color_temp', value_min: 153, value_max: 370 }, { name: 'color_xy' }] },
    ];
    expect(lightCapabilities(exposes, 'l2')).toEqual({
      ct: { min: 153, max: 370 },
      colormodes: ['ct', 'xy'],
      effects: ['none', 'colorloop'],
      powerup: [],
      ctstartup: false,
      bristartup: false,
    });
    expect(lightCapabilities(exposes, 'l1')?.ct).toEqual({ min: 250, max: 454 });
    expect(lightCapabilities(exposesOf('tradfri-outlet'))).toBeUndefined();
    expect(lightCapabilities(exposesOf('fyrtur-e1757'))).toBeUndefined();
  });
});
