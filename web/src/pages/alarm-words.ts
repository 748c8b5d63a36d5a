import { ApiError } from '../api/client';
import type { AlarmSystem, GatewayState } from '../state/types';

/** The armmask letter of each arm request (deCONZ: A away, S stay, N night). */
const MODE_LETTER: Record<string, string> = { arm_away: 'A', arm_stay: 'S', arm_night: 'N' };

/**
 * Members of the system watched in `mode` that are open right now (a door or window whose sensor
 * says `open`): the gateway arms anyway, as deCONZ does, so the app names them before it asks.
 */
export function openZones(state: GatewayState, system: AlarmSystem, mode: string): string[] {
  const letter = MODE_LETTER[mode];
  if (!letter) return [];
  return Object.values(state.sensors)
    .filter((sensor) => sensor.uniqueid !== undefined && system.devices[sensor.uniqueid]?.armmask?.includes(letter) && sensor.state.open === true)
    .map((sensor) => sensor.name);
}

/** "Front door", "Front door and Back window", "A, B and C". */
export function listOf(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** A refused arm or disarm in words: the gateway's deCONZ wording names a parameter, not the problem. */
export function pinWords(err: unknown): string {
  if (!(err instanceof ApiError)) return String(err);
  const entry = err.errors.find((e) => e.address.endsWith('/code0'));
  if (!entry) return err.message;
  if (err.status === 429) return `Too many wrong PINs: ${entry.description.replace(/^too many wrong codes, /, '')}.`;
  if (entry.type === 5) return 'Enter the PIN first.';
  if (entry.type === 7) return 'That PIN is not right. Nothing changed.';
  return entry.description;
}
