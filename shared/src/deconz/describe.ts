import type { Subdevice, SubdeviceType } from '../mqtt/schemas/device';
import { bindItem, type BoundItem, type ItemBinding } from './bindings';
import { exposeNames, type ExposeJson } from './expose';
import { KEYPAD_ACTIONS, LIGHT_TYPE_RULES, SENSOR_TYPE_RULES, TYPE_TABLE } from './resource-types';
import type { SwitchRole } from './gestures';
import { hasButtonMap } from './button-maps';
import { ITEM_RULES } from './rules';
import { SWITCH_ITEMS } from './switch-items';
import { THERMOSTAT_ITEMS } from './thermostat-items';
import { VIBRATION_ITEMS } from './vibration-items';
import { AIR_QUALITY_ITEMS } from './air-quality-rules';
import { METERING_ITEMS } from './metering-items';
import { IAS_ITEMS, SELF_TEST_TYPES } from './ias-rules';
import { PRESENCE_ITEMS } from './presence-items';

/** Types whose items are bound to their device's exposes (see bindings.ts). */
export const BOUND_ITEMS: Partial<Record<SubdeviceType, readonly BoundItem[]>> = {
  ZHAThermostat: THERMOSTAT_ITEMS,
  ZHAVibration: VIBRATION_ITEMS,
  ZHAAirQuality: AIR_QUALITY_ITEMS,
  ZHASwitch: SWITCH_ITEMS,
  ZHAConsumption: METERING_ITEMS,
  ZHAPresence: PRESENCE_ITEMS,
  ...Object.fromEntries(SELF_TEST_TYPES.map((type) => [type, IAS_ITEMS])),
};

/** A sub-device plus what the bridge needs to read its state: the converter key suffix, if any. */
export interface SubdevicePlan extends Subdevice {
  /** Converter keys of a multi-endpoint device carry `_<suffix>` (e.g. `state_l1`). */
  suffix?: string;
  /** Items read and written through the device's own expose (thermostats), by item name. */
  bindings?: Record<string, ItemBinding>;
  /** A switch read its own way (a cube's gestures or rotation), see gestures.ts. */
  role?: SwitchRole;
  /** A switch whose buttons deCONZ numbers by a map of its own: the converters' model (button-maps.ts). */
  buttonmap?: string;
}

export interface DescribeInput {
  ieee: string;
  exposes: readonly ExposeJson[];
  /** Endpoint for exposes that name none and whose cluster is not found below. */
  defaultEndpoint: number;
  /** Converter endpoint names (`l1`, `left`) -> endpoint ids, from the definition's `endpoint()`. */
  endpointNames?: Readonly<Record<string, number>>;
  /** Cluster id -> first endpoint that has it (input or output), from the device's descriptors. */
  clusterEndpoints?: Readonly<Record<number, number>>;
  /** Cluster id -> first endpoint that has it as output (a client), for rules marked `client`. */
  clientClusterEndpoints?: Readonly<Record<number, number>>;
  /** The converters' model (picks a switch's button map). */
  model?: string;
}

/** herdsman `0x0017880102a3b4c5` -> deCONZ `00:17:88:01:02:a3:b4:c5`. */
export const ieeeToMac = (ieee: string) => ieee.slice(2).toLowerCase().match(/../g)!.join(':');

const hex = (value: number, width: number) => value.toString(16).padStart(width, '0');

// Lights are found by their on/off or covering cluster; sensors by the cluster in their uniqueid.
const LOOKUP_CLUSTER: Partial<Record<SubdeviceType, number>> = { 'Window covering device': 0x0102, 'Window covering controller': 0x0102 };
const lookupCluster = (type: SubdeviceType) =>
  TYPE_TABLE[type].cluster ?? LOOKUP_CLUSTER[type] ?? (TYPE_TABLE[type].resource === 'lights' ? 0x0006 : undefined);

interface Found {
  type: SubdeviceType;
  names: Set<string>;
  role?: SwitchRole;
  cluster?: number;
  client?: true;
}

/**
 * A switch that sets an option of its device (a Tuya valve's window or valve detection) rather than
 * switching a load: its state is not `state` (or `state_<endpoint>`). It is an item of the device's
 * other sub-device, not a plug of its own.
 */
const isOptionSwitch = (expose: ExposeJson) =>
  expose.type === 'switch' && (expose.features ?? []).some((f) => f.name === 'state' && f.property !== undefined && !/^state(_|$)/.test(f.property));

function typesOfGroup(group: readonly ExposeJson[]): Found[] {
  const generic = group.filter((expose) => isOptionSwitch(expose) || !LIGHT_TYPE_RULES.some((rule) => rule.expose === expose.type));
  const genericNames = exposeNames(generic);
  const found: Found[] = [];
  for (const expose of group) {
    if (isOptionSwitch(expose)) continue;
    const names = exposeNames([expose]);
    const rule = LIGHT_TYPE_RULES.find((r) => r.expose === expose.type && r.features.every((f) => names.has(f)));
    const seen = exposeNames(group.filter((other) => rule?.sees?.includes(other.type)));
    if (rule) found.push({ type: rule.type, names: new Set([...names, ...genericNames, ...seen]) });
  }
  const topLevel = new Map(generic.map((expose) => [expose.name ?? expose.property ?? '', expose]));
  const keypad = (topLevel.get('action')?.values ?? []).some((value) => KEYPAD_ACTIONS.has(String(value)));
  for (const rule of SENSOR_TYPE_RULES) {
    const expose = rule.names.map((name) => topLevel.get(name)).find((candidate) => candidate !== undefined);
    if (!expose || (keypad && rule.notOnKeypad)) continue;
    if (rule.unless?.some((name) => topLevel.has(name))) continue;
    const names = rule.without ? new Set([...genericNames].filter((name) => !rule.without!.includes(name))) : genericNames;
    const type = keypad && rule.type === 'ZHASwitch' ? 'ZHAAncillaryControl' : rule.type;
    found.push({
      type,
      names,
      ...(rule.role ? { role: rule.role } : {}),
      ...(rule.cluster !== undefined ? { cluster: rule.cluster } : {}),
      ...(rule.client ? { client: rule.client } : {}),
    });
  }
  return found;
}

function bindingsOf(type: SubdeviceType, group: readonly ExposeJson[], model?: string): Record<string, ItemBinding> | undefined {
  const rows = BOUND_ITEMS[type];
  if (!rows) return undefined;
  const bindings: Record<string, ItemBinding> = {};
  for (const row of rows) {
    const binding = bindItem(row, group, model);
    if (binding) bindings[row.item] = binding;
  }
  return Object.keys(bindings).length > 0 ? bindings : undefined;
}

/** An input mode is shown only where it is bound: the device's model has named presets. */
function withoutUnbound(type: SubdeviceType, lists: { state: string[]; config: string[] }, bindings: Record<string, ItemBinding> | undefined) {
  const rows = (BOUND_ITEMS[type] ?? []).filter((row) => row.keys.some((map) => map.kind === 'inputs'));
  const unbound = new Set(rows.map((row) => row.item).filter((item) => !bindings?.[item]));
  return { state: lists.state.filter((item) => !unbound.has(item)), config: lists.config.filter((item) => !unbound.has(item)) };
}

function itemsOf(type: SubdeviceType, names: Set<string>) {
  const lists = { state: [] as string[], config: [] as string[] };
  for (const rule of ITEM_RULES) {
    if (!rule.types.includes(type)) continue;
    if (rule.exposes.length > 0 && !rule.exposes.some((name) => names.has(name))) continue;
    if (!lists[rule.section].includes(rule.item)) lists[rule.section].push(rule.item);
  }
  return lists;
}

/** The deCONZ sub-devices a device presents, derived from its converter exposes. */
export function describeSubdevices(input: DescribeInput): SubdevicePlan[] {
  const groups = new Map<string | undefined, ExposeJson[]>();
  for (const expose of input.exposes) {
    groups.set(expose.endpoint, [...(groups.get(expose.endpoint) ?? []), expose]);
  }
  const mac = ieeeToMac(input.ieee);
  const plans: SubdevicePlan[] = [];
  for (const [suffix, group] of groups) {
    for (const { type, names, role, cluster: ruleCluster, client } of typesOfGroup(group)) {
      const { resource } = TYPE_TABLE[type];
      const cluster = ruleCluster ?? TYPE_TABLE[type].cluster;
      const byCluster = ruleCluster ?? lookupCluster(type);
      const endpoint =
        (suffix !== undefined ? input.endpointNames?.[suffix] : undefined) ??
        (byCluster !== undefined && client ? input.clientClusterEndpoints?.[byCluster] : undefined) ??
        (byCluster !== undefined ? input.clusterEndpoints?.[byCluster] : undefined) ??
        input.defaultEndpoint;
      const uniqueid = `${mac}-${hex(endpoint, 2)}${cluster === undefined ? '' : `-${hex(cluster, 4)}`}`;
      const buttonmap = type === 'ZHASwitch' && hasButtonMap(input.model) ? { buttonmap: input.model } : {};
      const bindings = bindingsOf(type, group, input.model);
      const plan: SubdevicePlan = {
        type,
        resource,
        uniqueid,
        endpoint,
        ...withoutUnbound(type, itemsOf(type, names), bindings),
        ...(role ? { role } : {}),
        ...buttonmap,
      };
      if (bindings) plan.bindings = bindings;
      plans.push(suffix === undefined ? plan : { ...plan, suffix });
    }
  }
  return plans;
}
