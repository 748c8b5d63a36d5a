import type { Events, Models } from 'zigbee-herdsman';
import type { ConverterState, ExposeJson } from './types';

/**
 * What every IAS zone carries but not every definition exposes: the tamper and low-battery bits of
 * its zone status (deCONZ shows `tampered` and `lowbattery` on every IAS sensor and on a keypad,
 * whose definition converts its arm commands only), and whether the zone is enrolled with the
 * coordinator (deCONZ's read-only `enrolled`, from the zone's `zoneState`). The bridge adds the
 * keys as exposes of its own and fills them from the zone's notifications, reads and reports.
 */
const TAMPER = 0x0004;
const BATTERY = 0x0008;

export const ZONE_FLAG_KEYS = { tamper: TAMPER, battery_low: BATTERY } as const;
export const ZONE_STATE_KEY = 'zone_state';

const hasZone = (device: Models.Device) => device.endpoints.some((endpoint) => endpoint.getInputClusters().some((cluster) => cluster.name === 'ssIasZone'));

const namesOf = (exposes: readonly ExposeJson[]) => new Set(exposes.map((expose) => expose.name ?? expose.property));

/** The keys above as read-only exposes, for a device with an IAS zone, where its definition lacks them. */
export function zoneExposes(device: Models.Device, own: readonly ExposeJson[]): ExposeJson[] {
  if (!hasZone(device)) return [];
  const names = namesOf(own);
  const flags = Object.keys(ZONE_FLAG_KEYS).filter((key) => !names.has(key));
  return [
    ...flags.map((key) => ({ type: 'binary', name: key, property: key, access: 1, value_on: true, value_off: false }) as ExposeJson),
    { type: 'numeric', name: ZONE_STATE_KEY, property: ZONE_STATE_KEY, access: 1 },
  ];
}

function zoneStatusOf(message: Events.MessagePayload): number | undefined {
  const data = message.data as Record<string, unknown>;
  const status = message.type === 'commandStatusChangeNotification' ? data.zonestatus : data.zoneStatus;
  return typeof status === 'number' ? status : undefined;
}

/**
 * The keys above from one ssIasZone message, leaving out what the definition's own converters
 * already produced (`out`): its own reading of the bits wins.
 */
export function zoneExtras(message: Events.MessagePayload, out: ConverterState): ConverterState {
  if (message.cluster !== 'ssIasZone') return {};
  const extras: ConverterState = {};
  const status = zoneStatusOf(message);
  if (status !== undefined) {
    for (const [key, bit] of Object.entries(ZONE_FLAG_KEYS)) {
      if (!(key in out)) extras[key] = (status & bit) !== 0;
    }
  }
  const zoneState = (message.data as Record<string, unknown>).zoneState;
  if (message.type !== 'commandStatusChangeNotification' && typeof zoneState === 'number') extras[ZONE_STATE_KEY] = zoneState;
  return extras;
}
