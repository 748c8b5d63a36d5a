import { toZigbee as tz, type Tz } from 'zigbee-herdsman-converters';

/**
 * deCONZ's `effect: "colorloop"` is the ZCL colour loop (Color Control colorLoopSet), which the
 * lamp runs by itself; the converters instead move the hue or use vendor effects (Hue's 0xFC03,
 * which older Hue bulbs lack). This converter sends colorLoopSet for colorloop / stop_colorloop
 * and leaves every other effect (blink, breathe…) to the converters' standard identify effects.
 */
const DEFAULT_LOOP_SECONDS = 15;

export const colorLoopEffect: Tz.Converter = {
  key: ['effect'],
  async convertSet(entity, key, value, meta) {
    if (value !== 'colorloop' && value !== 'stop_colorloop') return tz.effect.convertSet!(entity, key, value, meta);
    const start = value === 'colorloop';
    // updateflags: bit 0 action, bit 1 direction, bit 2 time. action 2 = start from the current hue.
    const payload = { updateflags: start ? 0x07 : 0x01, action: start ? 2 : 0, direction: 1, time: DEFAULT_LOOP_SECONDS, starthue: 0 };
    await entity.command('lightingColorCtrl', 'colorLoopSet', payload, {});
    return { state: { effect: start ? 'colorloop' : 'none' } };
  },
};
