import type { GatewaySettings } from '../../store/types';
import type { ConfigChanges, ConfigSuccess } from './types';

/** Settings that map one to one from the body to the stored settings. */
const STORED_KEYS = [
  'rfconnected',
  'updatechannel',
  'permitjoin',
  'groupdelay',
  'otauactive',
  'discovery',
  'zigbeechannel',
  'networkopenduration',
  'timezone',
  'timeformat',
  'websocketnotifyall',
  'disablePermitJoinAutoOff',
  'lightlastseeninterval',
] as const satisfies readonly (keyof GatewaySettings)[];

/**
 * The settings patch and the success entries, in the order the body lists its parameters (the
 * validator keeps the checking order). Pure: the model applies and persists the plan.
 */
export function planChanges(input: ConfigChanges, order: readonly string[], defaultName: string) {
  const patch: Partial<GatewaySettings> = {};
  const successes: ConfigSuccess[] = [];
  for (const key of order) {
    const value = (input as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (key === 'name') {
      // An empty name resets to the default, as in deCONZ.
      patch.name = value === '' ? defaultName : (value as string);
      successes.push({ '/config/name': patch.name });
    } else if (key === 'utc' || key === 'UTC') {
      // deCONZ answers both spellings as `utc`; the value is taken note of, not applied (see `clockChange`).
      successes.push({ '/config/utc': value });
    } else {
      if ((STORED_KEYS as readonly string[]).includes(key)) (patch as Record<string, unknown>)[key] = value;
      successes.push({ [`/config/${key}`]: value });
    }
  }
  return { patch, successes };
}
