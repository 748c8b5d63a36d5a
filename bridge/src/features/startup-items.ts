import type { LightCapabilities } from '@herdgate/shared/mqtt';
import type { ConverterState } from '../zigbee/index';

/**
 * Power-on items of the set vocabulary (`powerup`, `powerup_ct`) go straight to the converters'
 * start-up keys, checked against what the light's definition exposes, so a device without the
 * attribute is answered `not_supported` naming the item instead of a failed write.
 */
type Split =
  | { ok: true; rest: Record<string, unknown>; payload: ConverterState }
  | { ok: false; field: string; message: string };

export function splitStartup(command: Record<string, unknown>, capabilities: LightCapabilities | undefined): Split {
  const { powerup, powerup_ct: powerupCt, ...rest } = command;
  const payload: ConverterState = {};
  if (powerup !== undefined) {
    if (!capabilities?.powerup.includes(String(powerup))) return { ok: false, field: 'powerup', message: `powerup: ${String(powerup)} is not a power-on behaviour of this light` };
    payload.power_on_behavior = powerup;
  }
  if (powerupCt !== undefined) {
    if (!capabilities?.ctstartup) return { ok: false, field: 'powerup_ct', message: 'powerup_ct: this light has no start-up colour temperature' };
    payload.color_temp_startup = powerupCt;
  }
  return { ok: true, rest, payload };
}
