/**
 * deCONZ's gateway settings (`config2`), alarm systems and secrets as herdgate's. An alarm code0
 * is kept as deCONZ's scrypt record, which herdgate checks as it is; the gateway password (an
 * MD5-crypt record) is not kept: the leftovers say which must be set again.
 */
import type { ImportedState } from '../../../import/imported-state';
import { parseDeconzScrypt } from '../../../lib/deconz-scrypt';
import type { Leftover } from './map-resources';
import type { DeconzNetwork } from './network';
import { int, str } from './values';
import type { ZllDb } from './zll';

const ARM_FLAGS: [number, string][] = [
  [0x100, 'A'],
  [0x200, 'S'],
  [0x400, 'N'],
];
const ALARM_TIMINGS = [
  'disarmed_entry_delay',
  'disarmed_exit_delay',
  'armed_away_entry_delay',
  'armed_away_exit_delay',
  'armed_away_trigger_duration',
  'armed_stay_entry_delay',
  'armed_stay_exit_delay',
  'armed_stay_trigger_duration',
  'armed_night_entry_delay',
  'armed_night_exit_delay',
  'armed_night_trigger_duration',
];
const ARM_MODES = ['disarmed', 'armed_away', 'armed_stay', 'armed_night'];

function settingsOf(config: Map<string, string>, network: DeconzNetwork): ImportedState['settings'] {
  const settings: ImportedState['settings'] = { zigbeechannel: network.channel };
  const text = (key: string) => config.get(key)?.trim() || undefined;
  const number = (key: string) => (text(key) !== undefined && Number.isFinite(Number(text(key))) ? Number(text(key)) : undefined);
  const flag = (key: string) => (text(key) === undefined ? undefined : text(key) === 'true' || text(key) === '1');
  const name = text('name');
  if (name) settings.name = name;
  const timezone = text('timezone');
  if (timezone && Intl.supportedValuesOf('timeZone').concat('Etc/UTC', 'UTC').includes(timezone)) settings.timezone = timezone;
  const timeformat = text('timeformat');
  if (timeformat === '12h' || timeformat === '24h') settings.timeformat = timeformat;
  const updatechannel = text('updatechannel');
  if (updatechannel === 'stable' || updatechannel === 'alpha' || updatechannel === 'beta') settings.updatechannel = updatechannel;
  for (const key of ['networkopenduration', 'groupdelay', 'lightlastseeninterval'] as const) {
    const value = number(key);
    if (value !== undefined) settings[key] = value;
  }
  for (const key of ['websocketnotifyall', 'otauactive', 'disablePermitJoinAutoOff'] as const) {
    const value = flag(key);
    if (value !== undefined) settings[key] = value;
  }
  return settings;
}

function alarmOf(db: ZllDb, leftovers: Leftover[]): Pick<ImportedState, 'alarmSystems' | 'alarmDevices'> {
  const items = new Map<number, Map<string, string>>();
  for (const row of db.rows('alarm_systems_ritems')) {
    const id = int(row.as_id);
    items.set(id, (items.get(id) ?? new Map()).set(str(row, 'suffix'), str(row, 'value')));
  }
  const alarmSystems = db.rows('alarm_systems').map((row) => {
    const id = int(row.id);
    const own = items.get(id) ?? new Map<string, string>();
    const timings = Object.fromEntries(
      ALARM_TIMINGS.flatMap((key) => {
        const value = Number(own.get(`config/${key}`));
        return Number.isInteger(value) && value >= 0 ? [[key, value]] : [];
      }),
    );
    const armmode = own.get('config/armmode') ?? 'disarmed';
    // A countdown does not survive the move: a system that was arming or in alarm starts settled.
    const mode = ARM_MODES.includes(armmode) ? armmode : 'disarmed';
    return {
      id: String(id),
      name: own.get('attr/name') || `Alarm system ${id}`,
      config: JSON.stringify(timings),
      pin: null as string | null,
      armmode: mode,
      armstate: mode,
      deadline: null,
    };
  });
  const alarmDevices = db.rows('alarm_systems_devices').map((row) => {
    const flags = int(row.flags) || 0;
    const mask = ARM_FLAGS.filter(([bit]) => flags & bit)
      .map(([, letter]) => letter)
      .join('');
    return { uniqueid: str(row, 'uniqueid').toLowerCase(), alarmsystem: String(int(row.as_id)), armmask: mask || 'none', trigger: null };
  });
  // herdgate keeps one PIN per system (code0); deCONZ's scrypt record of it is checkable as it is.
  for (const code of db.rows('secrets').filter((row) => /^as_\d+_code\d+$/.test(str(row, 'uniqueid')))) {
    const [, system, n] = /^as_(\d+)_code(\d+)$/.exec(str(code, 'uniqueid'))!;
    const target = alarmSystems.find((a) => a.id === String(Number(system)));
    const phc = str(code, 'secret');
    if (target && n === '0' && parseDeconzScrypt(phc)) {
      target.pin = JSON.stringify({ scheme: 'deconz-scrypt', phc });
      continue;
    }
    leftovers.push({
      what: `alarm PIN ${str(code, 'uniqueid')}`,
      why:
        n === '0' && target
          ? 'deCONZ\'s record of it is no scrypt record herdgate can check: set it again with PUT /alarmsystems/<id>/config {"code0": …}'
          : 'herdgate keeps one PIN per alarm system (code0): set any other again as code0',
    });
  }
  return { alarmSystems, alarmDevices };
}

export function mapGateway(
  db: ZllDb,
  network: DeconzNetwork,
): { out: Pick<ImportedState, 'identity' | 'radio' | 'settings' | 'alarmSystems' | 'alarmDevices'>; leftovers: Leftover[] } {
  const config = new Map(db.rows('config2').map((row) => [str(row, 'key'), str(row, 'value')]));
  const leftovers: Leftover[] = [];
  const uuid = config.get('uuid')?.replace(/[{}]/g, '');
  const identity = { bridgeid: network.mac.toUpperCase(), mac: network.mac.match(/../g)!.join(':'), panid: network.panId, ...(uuid ? { uuid } : {}) };
  const password = config.get('gwpassword');
  if (password)
    leftovers.push({
      what: 'the gateway password',
      why: 'deCONZ keeps it as an MD5-crypt hash; herdgate uses GATEWAY_USER/GATEWAY_PASSWORD (default delight/delight) until it is set with PUT /config/password',
    });
  return {
    out: {
      identity,
      radio: { zigbeechannel: network.channel, fwversion: '0x26780700', devicename: 'ConBee II' },
      settings: settingsOf(config, network),
      ...alarmOf(db, leftovers),
    },
    leftovers,
  };
}
