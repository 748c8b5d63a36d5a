import type { LightCapabilities } from '@herdgate/shared/mqtt';
import type { ConverterState } from '../zigbee/index';

/**
 * Power-on items of the set vocabulary (`powerup`, `powerup_ct`, `powerup_bri`) go straight to the converters'
 * start-up keys, checked against what the light's definition exposes, so a device without the
 * attribute is answered `not_supported` naming the item instead of a failed write.
 */
type Split = { ok: true; rest: Record<string, unknown>; payload: ConverterState } | { ok: false; field: string; message: string };

/** ZCL StartUpCurrentLevel 0 and 255 are the converters' presets. */
const STARTUP_LEVEL_PRESETS: Readonly<Record<number, string>> = { 0: 'minimum', 255: 'previous' };

export function splitStartup(command: Record<string, unknown>, capabilities: LightCapabilities | undefined): Split {
  const { powerup, powerup_ct: powerupCt, powerup_bri: powerupBri, ...rest } = command;
  const payload: ConverterState = {};
  if (powerup !== undefined) {
    if (!capabilities?.powerup.includes(String(powerup)))
      return { ok: false, field: 'powerup', message: `powerup: ${String(powerup)} is not a power-on behaviour of this light` };
    payload.power_on_behavior = powerup;
  }
  if (powerupCt !== undefined) {
    if (!capabilities?.ctstartup) return { ok: false, field: 'powerup_ct', message: 'powerup_ct: this light has no start-up colour temperature' };
    payload.color_temp_startup = powerupCt;
  }
  if (powerupBri !== undefined) {
    if (!capabilities?.bristartup) return { ok: false, field: 'powerup_bri', message: 'powerup_bri: this light has no start-up brightness' };
    payload.level_config = { current_level_startup: STARTUP_LEVEL_PRESETS[Number(powerupBri)] ?? powerupBri };
  }
  return { ok: true, rest, payload };
}
