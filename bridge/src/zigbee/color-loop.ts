import { toZigbee as tz, type Tz } from 'zigbee-herdsman-converters';

/**
 * deCONZ's `effect: "colorloop"` is the ZCL colour loop (Color Control colorLoopSet), which the
 * lamp runs by itself; the converters instead move the hue or use vendor effects (Hue's 0xFC03,
 * which older Hue bulbs lack). This converter sends colorLoopSet for colorloop / stop_colorloop
 * and leaves every other effect (blink, breathe…) to the converters' standard identify effects.
 */
const DEFAULT_LOOP_SECONDS = 15;

/**
 * `colorloop_speed` (deCONZ `colorloopspeed`, seconds per cycle) rides with the effect and becomes
 * the loop time; the converter runs once for both keys, whichever comes first.
 */
export const colorLoopEffect: Tz.Converter = {
  key: ['effect', 'colorloop_speed'],
  async convertSet(entity, key, value, meta) {
    const effect = key === 'effect' ? value : meta.message.effect;
    if (effect !== 'colorloop' && effect !== 'stop_colorloop') {
      if (key !== 'effect') throw new Error('colorloop_speed needs effect colorloop');
      return tz.effect.convertSet!(entity, key, value, meta);
    }
    const start = effect === 'colorloop';
    const speed = meta.message.colorloop_speed;
    const time = typeof speed === 'number' ? speed : DEFAULT_LOOP_SECONDS;
    // updateflags: bit 0 action, bit 1 direction, bit 2 time. action 2 = start from the current hue.
    const payload = { updateflags: start ? 0x07 : 0x01, action: start ? 2 : 0, direction: 1, time, starthue: 0 };
    await entity.command('lightingColorCtrl', 'colorLoopSet', payload, {});
    return { state: { effect: start ? 'colorloop' : 'none' } };
  },
};
