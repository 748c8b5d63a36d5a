import type { BridgeInfo } from '@herdgate/shared/mqtt';
import { clusterName, type ZigbeeDevice } from '../../zigbee/index';

/**
 * The retained bridge topics of the Zigbee2MQTT-compatible API, in Zigbee2MQTT's shapes
 * (`bridge/info`, `bridge/devices`, `bridge/groups`) built from what the bridge knows.
 */
const INTERVIEW_STATE = { pending: 'PENDING', in_progress: 'IN_PROGRESS', successful: 'SUCCESSFUL', failed: 'FAILED' } as const;

/** Zigbee2MQTT appends this to every device's exposes (the `linkquality` key of its state messages). */
const LINKQUALITY = {
  type: 'numeric',
  name: 'linkquality',
  label: 'Linkquality',
  property: 'linkquality',
  access: 1,
  unit: 'lqi',
  description: 'Link quality (signal strength)',
  value_min: 0,
  value_max: 255,
  category: 'diagnostic',
};
export const withLinkquality = (exposes: unknown[]) =>
  exposes.some((e) => (e as { name?: string }).name === 'linkquality') ? exposes : [...exposes, LINKQUALITY];

export function definitionPayload(device: ZigbeeDevice) {
  const definition = device.definition;
  if (!definition) return undefined;
  return {
    source: definition.z2m?.source ?? 'native',
    model: definition.model,
    vendor: definition.vendor,
    description: definition.description,
    exposes: withLinkquality(definition.z2m?.exposes ?? definition.exposes),
    supports_ota: definition.z2m?.supportsOta ?? false,
    options: definition.z2m?.options ?? [],
    ...(definition.z2m?.version ? { version: definition.z2m.version } : {}),
  };
}

function endpointName(device: ZigbeeDevice, id: number): string | undefined {
  const entry = Object.entries(device.definition?.endpointNames ?? {}).find(([, ep]) => ep === id);
  return entry && entry[0] !== 'default' ? entry[0] : undefined;
}

export function devicePayload(device: ZigbeeDevice, friendlyName: string, coordinator: string) {
  const endpoints = Object.fromEntries(
    device.endpoints.map((ep) => [
      String(ep.id),
      {
        ...(endpointName(device, ep.id) ? { name: endpointName(device, ep.id) } : {}),
        scenes: [],
        bindings: (ep.bindings ?? []).map((b) => ({
          cluster: clusterName(b.cluster),
          target: b.group === undefined ? { type: 'endpoint', ieee_address: coordinator, endpoint: 1 } : { type: 'group', id: b.group },
        })),
        configured_reportings: (ep.bindings ?? []).flatMap((b) =>
          b.reporting.map((r) => ({
            cluster: clusterName(b.cluster),
            attribute: r.attribute,
            minimum_report_interval: r.min,
            maximum_report_interval: r.max,
            reportable_change: r.change,
          })),
        ),
        clusters: { input: ep.inputClusters.map(clusterName), output: ep.outputClusters.map(clusterName) },
      },
    ]),
  );
  const definition = definitionPayload(device);
  return {
    ieee_address: device.ieee,
    type: device.type,
    network_address: device.nwk,
    supported: definition !== undefined && definition.source !== 'generated',
    friendly_name: friendlyName,
    disabled: false,
    ...(definition ? { definition } : {}),
    power_source: device.powerSource,
    software_build_id: device.swBuildId,
    date_code: device.dateCode,
    model_id: device.modelId,
    interviewing: device.interview === 'in_progress',
    interview_completed: device.interview === 'successful',
    interview_state: INTERVIEW_STATE[device.interview],
    manufacturer: device.manufacturerName,
    endpoints,
  };
}

/** Zigbee2MQTT lists the coordinator first; herdgate knows its address, type and firmware. */
export function coordinatorPayload(info: BridgeInfo) {
  return {
    ieee_address: info.coordinator.ieee,
    type: 'Coordinator',
    network_address: 0,
    supported: true,
    friendly_name: 'Coordinator',
    disabled: false,
    interviewing: false,
    interview_completed: true,
    interview_state: 'SUCCESSFUL',
    endpoints: {},
  };
}

export function groupsPayload(groups: Array<{ id: number; members: Array<{ ieee: string; endpoint: number }> }>, nameOf: (id: number) => string) {
  return groups.map((g) => ({
    id: g.id,
    friendly_name: g.id === 901 ? 'default_bind_group' : nameOf(g.id),
    scenes: [],
    members: g.members.map((m) => ({ ieee_address: m.ieee, endpoint: m.endpoint })),
  }));
}

export function infoPayload(
  info: BridgeInfo,
  options: { baseTopic: string; logLevel: string; homeassistant: boolean; lastSeen: string; permitJoinEnd?: number },
) {
  return {
    version: info.versions.herdgate,
    commit: 'herdgate',
    zigbee_herdsman: { version: info.versions.herdsman },
    zigbee_herdsman_converters: { version: info.versions.converters },
    coordinator: { ieee_address: info.coordinator.ieee, type: info.coordinator.type, meta: { revision: info.coordinator.firmware } },
    network: { pan_id: info.network.panid, extended_pan_id: info.network.extpanid, channel: info.network.channel },
    log_level: options.logLevel,
    permit_join: info.permit_join.open,
    ...(options.permitJoinEnd === undefined ? {} : { permit_join_end: options.permitJoinEnd }),
    restart_required: false,
    // Only the settings a client reads to find its way (no secrets: herdgate keeps none here).
    config: {
      mqtt: { base_topic: options.baseTopic },
      homeassistant: { enabled: options.homeassistant },
      advanced: {
        output: 'json',
        cache_state: true,
        last_seen: options.lastSeen,
        log_level: options.logLevel,
        channel: info.network.channel,
        pan_id: info.network.panid,
      },
      availability: { enabled: true },
      serial: { adapter: info.coordinator.type },
    },
    config_schema: {},
  };
}
