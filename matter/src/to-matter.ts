import type { EndpointState } from '@herdgate/shared/mqtt';
import type { MatterKind } from './kinds';

/** Matter attribute values by behaviour id, as `endpoint.set()` takes them. */
export type AttributePatch = Record<string, Record<string, unknown>>;

const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const bool = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(value)));

/** Matter ColorControl colour modes (0 hue/saturation, 1 xy, 2 colour temperature). */
const COLOR_MODE: Record<string, number> = { hs: 0, xy: 1, ct: 2 };
/** Matter Thermostat SystemMode for the deCONZ modes that have one. */
export const SYSTEM_MODE: Record<string, number> = {
  off: 0,
  auto: 1,
  cool: 3,
  heat: 4,
  'emergency heating': 5,
  precooling: 6,
  'fan only': 7,
  dry: 8,
  sleep: 9,
};

function put(patch: AttributePatch, behavior: string, attribute: string, value: unknown): void {
  if (value === undefined) return;
  (patch[behavior] ??= {})[attribute] = value;
}

function lightPatch(kind: MatterKind, state: Record<string, unknown>, patch: AttributePatch, ct?: { min: number; max: number }): void {
  put(patch, 'onOff', 'onOff', bool(state.on));
  if (kind === 'onoff-light' || kind === 'plug') return;
  const bri = num(state.bri);
  // Matter levels run 1-254 for lights; deCONZ's bri 0 is the dimmest the lamp goes.
  put(patch, 'levelControl', 'currentLevel', bri === undefined ? undefined : clamp(bri, 1, 254));
  if (kind === 'dimmable-light') return;
  const mireds = num(state.ct);
  if (mireds !== undefined && ct) put(patch, 'colorControl', 'colorTemperatureMireds', clamp(mireds, ct.min, ct.max));
  const xy = state.xy;
  if (kind === 'color-light' && Array.isArray(xy) && xy.length === 2) {
    put(patch, 'colorControl', 'currentX', clamp(Number(xy[0]) * 65536, 0, 0xfeff));
    put(patch, 'colorControl', 'currentY', clamp(Number(xy[1]) * 65536, 0, 0xfeff));
  }
  const mode = typeof state.colormode === 'string' ? COLOR_MODE[state.colormode] : undefined;
  // The colour-temperature-only light has one mode; hue/saturation is not exposed (no Hs feature).
  if (kind === 'color-light' && (mode === 1 || mode === 2)) {
    put(patch, 'colorControl', 'colorMode', mode);
    put(patch, 'colorControl', 'enhancedColorMode', mode);
  }
}

/**
 * A Zigbee endpoint's deCONZ state as Matter attribute values for one bridged endpoint. Units
 * mostly line up: centi-degrees and centi-percent, the lux formula (10000·log10(lux)+1) and
 * covers' percent closed are the same on both sides; contact is inverted (Matter: true = closed).
 */
export function toMatter(kind: MatterKind, endpointState: EndpointState, ct?: { min: number; max: number }): AttributePatch {
  const state = endpointState.state as Record<string, unknown>;
  const config = endpointState.config as Record<string, unknown>;
  const patch: AttributePatch = {};
  switch (kind) {
    case 'onoff-light':
    case 'dimmable-light':
    case 'ct-light':
    case 'color-light':
    case 'plug':
      lightPatch(kind, state, patch, ct);
      break;
    case 'cover': {
      const lift = num(state.lift);
      const tilt = num(state.tilt);
      if (lift !== undefined) {
        put(patch, 'windowCovering', 'currentPositionLiftPercent100ths', clamp(lift * 100, 0, 10000));
        put(patch, 'windowCovering', 'targetPositionLiftPercent100ths', clamp(lift * 100, 0, 10000));
      }
      if (tilt !== undefined) {
        put(patch, 'windowCovering', 'currentPositionTiltPercent100ths', clamp(tilt * 100, 0, 10000));
        put(patch, 'windowCovering', 'targetPositionTiltPercent100ths', clamp(tilt * 100, 0, 10000));
      }
      break;
    }
    case 'thermostat': {
      const temperature = num(state.temperature) ?? num(config.temperature);
      put(patch, 'thermostat', 'localTemperature', temperature === undefined ? undefined : Math.round(temperature));
      const heat = num(config.heatsetpoint);
      put(patch, 'thermostat', 'occupiedHeatingSetpoint', heat === undefined ? undefined : clamp(heat, 700, 3000));
      const mode = typeof config.mode === 'string' ? SYSTEM_MODE[config.mode] : undefined;
      // Heating-only thermostats take off, heat and auto; other modes stay as they are.
      if (mode === 0 || mode === 1 || mode === 4) put(patch, 'thermostat', 'systemMode', mode);
      break;
    }
    case 'contact': {
      const open = bool(state.open);
      put(patch, 'booleanState', 'stateValue', open === undefined ? undefined : !open);
      break;
    }
    case 'water-leak':
      put(patch, 'booleanState', 'stateValue', bool(state.water));
      break;
    case 'occupancy': {
      const presence = bool(state.presence);
      put(patch, 'occupancySensing', 'occupancy', presence === undefined ? undefined : { occupied: presence });
      break;
    }
    case 'temperature':
      put(patch, 'temperatureMeasurement', 'measuredValue', num(state.temperature));
      break;
    case 'humidity': {
      const humidity = num(state.humidity);
      put(patch, 'relativeHumidityMeasurement', 'measuredValue', humidity === undefined ? undefined : clamp(humidity, 0, 10000));
      break;
    }
    case 'light-level': {
      const level = num(state.lightlevel);
      put(patch, 'illuminanceMeasurement', 'measuredValue', level === undefined ? undefined : clamp(level, 0, 0xfffe));
      break;
    }
    case 'smoke': {
      const fire = bool(state.fire);
      // SmokeCoAlarm AlarmState: 0 normal, 2 critical; ExpressedState 1 smoke alarm.
      if (fire !== undefined) {
        put(patch, 'smokeCoAlarm', 'smokeState', fire ? 2 : 0);
        put(patch, 'smokeCoAlarm', 'expressedState', fire ? 1 : 0);
      }
      break;
    }
    case 'co': {
      const co = bool(state.carbonmonoxide);
      if (co !== undefined) {
        put(patch, 'smokeCoAlarm', 'coState', co ? 2 : 0);
        put(patch, 'smokeCoAlarm', 'expressedState', co ? 2 : 0);
      }
      break;
    }
  }
  return patch;
}
