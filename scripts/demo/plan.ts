/**
 * What `npm run demo:setup` makes, as pure data: which REST resources play which demo role (found
 * through the demo network's device names and addresses, never by model id), and the group, rules
 * and schedule bodies built from them. The entry (`scripts/demo-setup.ts`) does the HTTP.
 */

/** One entry of a virtual-radio network definition (`bridge/virtual-radio/networks/demo.json`). */
export interface NetworkDevice {
  model: string;
  ieee: string;
  name?: string;
}

export interface Resource {
  name: string;
  uniqueid: string;
  type: string;
}

export type Collection = Record<string, Resource>;

type Role = 'livingRoom' | 'hallway' | 'bedroom' | 'button' | 'presence';

/** Each demo role: the demo network names that play it, where it lives, and its sensor type. */
const ROLES: Record<Role, { names: readonly string[]; in: 'lights' | 'sensors'; type?: string }> = {
  livingRoom: { names: ['Living room ceiling', 'Living room floor lamp'], in: 'lights' },
  hallway: { names: ['Hallway'], in: 'lights' },
  bedroom: { names: ['Bedroom'], in: 'lights' },
  button: { names: ['Bedside button'], in: 'sensors', type: 'ZHASwitch' },
  presence: { names: ['Hallway motion'], in: 'sensors', type: 'ZHAPresence' },
};

export interface DemoIds {
  /** Living-room lamps: light id → the demo name they get. */
  livingRoom: Record<string, string>;
  hallway: string;
  bedroom: string;
  button: string;
  presence: string;
  daylight: string;
}

export interface DemoOptions {
  /** How long the hallway stays lit after the sensor last saw motion (`PThh:mm:ss`). */
  offAfter: string;
  /** Schedule `localtime` of the wake-up. */
  wakeUp: string;
}

export const DEMO_NAMES = {
  group: 'Living room',
  buttonRule: 'Bedside button toggles the living room',
  nightRule: 'Hallway motion lights the hallway at night',
  offRule: 'Hallway empty: light off',
  schedule: 'Weekday wake-up',
} as const;

/** `00:17:88:01:04:a1:c0:01-0b` → `0017880104a1c001`. */
export const macOf = (uniqueid: string): string => uniqueid.split('-')[0]!.replace(/:/g, '').toLowerCase();

/** Ids of every role, or the roles not (yet) paired. */
export function findDemoIds(network: NetworkDevice[], lights: Collection, sensors: Collection): { ids?: DemoIds; missing: string[] } {
  const missing: string[] = [];
  const found: Partial<Record<Role, Record<string, string>>> = {};
  for (const [role, spec] of Object.entries(ROLES) as [Role, (typeof ROLES)[Role]][]) {
    const ids: Record<string, string> = {};
    for (const name of spec.names) {
      const device = network.find((d) => d.name === name);
      const collection = spec.in === 'lights' ? lights : sensors;
      const id =
        device && Object.entries(collection).find(([, r]) => macOf(r.uniqueid) === device.ieee.toLowerCase() && (!spec.type || r.type === spec.type))?.[0];
      if (id) ids[id] = name;
      else missing.push(`${name} (${spec.in}${spec.type ? ` ${spec.type}` : ''}${device ? `, ${device.ieee}` : ', not in the network file'})`);
    }
    found[role] = ids;
  }
  const daylight = Object.entries(sensors).find(([, s]) => s.type === 'Daylight')?.[0];
  if (!daylight) missing.push('Daylight sensor');
  if (missing.length > 0) return { missing };
  const one = (role: Role) => Object.keys(found[role]!)[0]!;
  return {
    missing,
    ids: {
      livingRoom: found.livingRoom!,
      hallway: one('hallway'),
      bedroom: one('bedroom'),
      button: one('button'),
      presence: one('presence'),
      daylight: daylight!,
    },
  };
}

export interface RuleBody {
  name: string;
  conditions: { address: string; operator: string; value?: string }[];
  actions: { address: string; method: 'PUT'; body: Record<string, unknown> }[];
}

export interface ScheduleBody {
  name: string;
  description: string;
  localtime: string;
  command: { address: string; method: 'PUT'; body: Record<string, unknown> };
}

/** The three rules; `group` is the living-room group's id. */
export function demoRules(ids: DemoIds, group: string, options: DemoOptions): RuleBody[] {
  const button = `/sensors/${ids.button}/state`;
  const presence = `/sensors/${ids.presence}/state/presence`;
  const hallway = `/lights/${ids.hallway}/state`;
  return [
    {
      name: DEMO_NAMES.buttonRule,
      // 1002 = button 1, short release; `dx` on lastupdated so every press counts, not only a change.
      conditions: [
        { address: `${button}/buttonevent`, operator: 'eq', value: '1002' },
        { address: `${button}/lastupdated`, operator: 'dx' },
      ],
      actions: [{ address: `/groups/${group}/action`, method: 'PUT', body: { toggle: true } }],
    },
    {
      name: DEMO_NAMES.nightRule,
      conditions: [
        { address: presence, operator: 'eq', value: 'true' },
        { address: `/sensors/${ids.daylight}/state/dark`, operator: 'eq', value: 'true' },
      ],
      actions: [{ address: hallway, method: 'PUT', body: { on: true, bri: 200 } }],
    },
    {
      name: DEMO_NAMES.offRule,
      // `ddx` fires once, `offAfter` after presence last changed, if it is still false then.
      conditions: [
        { address: presence, operator: 'eq', value: 'false' },
        { address: presence, operator: 'ddx', value: options.offAfter },
      ],
      actions: [{ address: hallway, method: 'PUT', body: { on: false } }],
    },
  ];
}

/** The wake-up: the bedroom lamp on at full brightness, in the gateway's configured time zone. */
export function demoSchedule(ids: DemoIds, key: string, options: DemoOptions): ScheduleBody {
  return {
    name: DEMO_NAMES.schedule,
    description: 'bedroom lamp on, Monday to Friday',
    localtime: options.wakeUp,
    command: { address: `/api/${key}/lights/${ids.bedroom}/state`, method: 'PUT', body: { on: true, bri: 254 } },
  };
}
