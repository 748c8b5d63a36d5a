/**
 * What a Zigbee2MQTT folder holds that herdgate does not take, each with the reason, for the dry
 * run and the import's report: code (external converters and extensions), the other gateway's own
 * settings (frontend, MQTT, Home Assistant, OTA…) and the device and group options with no
 * herdgate equivalent.
 */
import type { HerdsmanDb } from './herdsman-db';
import type { Options, Z2mSettings } from './settings';
import type { Z2mFolder } from './source';

export interface Leftover {
  what: string;
  why: string;
}

/** Top-level settings herdgate has its own way for (taken ones are not listed). */
const SETTINGS: Record<string, string> = {
  frontend: 'herdgate serves its own web app at /',
  homeassistant: 'herdgate publishes Home Assistant MQTT discovery itself (Z2M_HOMEASSISTANT, Z2M_DISCOVERY_TOPIC; on by default)',
  mqtt: 'herdgate runs its own MQTT broker (port 1883); its Zigbee2MQTT-compatible API publishes under Z2M_BASE_TOPIC (default zigbee2mqtt)',
  availability: 'herdgate tracks availability itself (REST reachable)',
  ota: "herdgate's OTA settings are its own (REST /config otau*)",
  passlist: 'herdgate has no join allow list: open the network only for the devices you pair',
  blocklist: 'herdgate has no join block list',
  device_options: 'options for every device have no herdgate equivalent',
  external_converters: 'herdgate runs the definitions of zigbee-herdsman-converters only',
  extensions: 'herdgate runs no Zigbee2MQTT extensions',
  map_options: 'herdgate draws its own network map',
  health: 'herdgate has its own health output',
};
const FOLDERS: Record<string, string> = {
  external_converters: 'external converters: herdgate runs the definitions of zigbee-herdsman-converters only',
  external_extensions: 'external extensions: herdgate runs no Zigbee2MQTT extensions',
  extension: 'extensions: herdgate runs no Zigbee2MQTT extensions',
  ota: 'OTA images: herdgate keeps its own OTA store',
  log: "logs: Zigbee2MQTT's own",
};
/** Device and group options that are taken (the rest are listed). */
const TAKEN_OPTIONS = new Set(['friendly_name']);

function optionCounts(maps: Record<string, Options>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const options of Object.values(maps)) {
    for (const key of Object.keys(options)) if (!TAKEN_OPTIONS.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

export function leftoversOf(folder: Z2mFolder, settings: Z2mSettings, db: HerdsmanDb): Leftover[] {
  const out: Leftover[] = [];
  for (const [key, why] of Object.entries(SETTINGS))
    if (settings.raw[key] !== undefined && settings.raw[key] !== null) out.push({ what: `${key} settings`, why });
  const mqtt = settings.raw.mqtt as Options | undefined;
  if (typeof mqtt?.base_topic === 'string' && mqtt.base_topic !== 'zigbee2mqtt')
    out.push({
      what: `mqtt.base_topic ${mqtt.base_topic}`,
      why: `start herdgate with Z2M_BASE_TOPIC=${mqtt.base_topic} so scripts written for it keep their topics`,
    });
  const advanced = settings.raw.advanced as Options | undefined;
  const other = Object.keys(advanced ?? {}).filter((key) => !['pan_id', 'ext_pan_id', 'channel', 'network_key'].includes(key));
  if (other.length > 0)
    out.push({ what: `advanced settings ${other.join(', ')}`, why: "Zigbee2MQTT's own (logging, state cache, output format); herdgate has its own settings" });
  for (const entry of folder.entries) {
    const why = FOLDERS[entry];
    if (why) out.push({ what: `the ${entry} folder (${why.slice(0, why.indexOf(':'))})`, why: why.slice(why.indexOf(':') + 2) });
  }
  for (const [option, count] of optionCounts(settings.devices))
    out.push({ what: `device option ${option} (${count} device(s))`, why: 'no herdgate equivalent' });
  for (const [option, count] of optionCounts(settings.groups)) out.push({ what: `group option ${option} (${count} group(s))`, why: 'no herdgate equivalent' });
  const scenes = db.devices.reduce(
    (sum, d) => sum + d.endpoints.reduce((n, ep) => n + Object.keys((ep as { meta?: { scenes?: object } }).meta?.scenes ?? {}).length, 0),
    0,
  );
  if (scenes > 0)
    out.push({
      what: `${scenes} scene(s) kept by Zigbee2MQTT`,
      why: 'they stay stored on the devices; REST scenes are made again with POST /groups/<id>/scenes',
    });
  return out;
}
