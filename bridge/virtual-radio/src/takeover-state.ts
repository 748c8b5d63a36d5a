/**
 * A radio state file that makes the virtual ConBee II the stick another gateway left behind (a
 * deCONZ takeover): its MAC, a formed network with that gateway's PAN id, channel, network key,
 * update id and frame counter, and its devices already joined at their network addresses, each
 * simulated by the catalogue model with the same Zigbee model id and manufacturer, configured as
 * the old gateway left them (reports bound to the coordinator, group memberships, the scenes it
 * stored in each light, which a recall to the group plays from the light itself). As deCONZ
 * leaves a stick, APS_USE_EXTENDED_PANID is 0 (the extended PAN id follows the MAC).
 */
import { NetworkState, Param, ieeeToBytes } from './protocol/index';
import { CatalogueError, loadCatalogue, parseCatalogueEntry, type CatalogueEntry } from './devices/index';
import type { PersistedDevice } from './network/persisted';
import { ParameterStore } from './radio/parameter-store';
import type { RadioState } from './radio/state-file';

export interface TakeoverNetwork {
  /** 16 hex digits each. */
  mac: string;
  panId: number;
  channel: number;
  /** 32 hex digits, in the byte order the host configures. */
  networkKey: string;
  nwkUpdateId: number;
  frameCounter: number;
  /** `groups`: the Zigbee groups the device's endpoints are members of; `scenes`: those stored in it. */
  devices: {
    ieee: string;
    nwk: number;
    modelId: string;
    manufacturer: string;
    groups?: number[];
    scenes?: TakeoverScene[];
    /** What the old gateway stored of the device, for one the catalogue lacks. */
    descriptors?: TakeoverDescriptors;
  }[];
}

/** A device's node and simple descriptors as the old gateway stored them. */
export interface TakeoverDescriptors {
  router: boolean;
  mains: boolean;
  manufacturerCode?: number;
  swBuildId?: string;
  endpoints: { id: number; profileId: number; deviceId: number; inClusters: number[]; outClusters: number[] }[];
}

/**
 * A catalogue entry for a device the catalogue lacks, from its descriptors: it answers the ZDO
 * descriptors and genBasic identity the old gateway knew, and its clusters behave as the catalogue's
 * clusters do. Undefined when no endpoint was stored (nothing to simulate) or the descriptors do not
 * make a valid entry.
 */
export function descriptorEntry(modelId: string, manufacturer: string, d: TakeoverDescriptors): CatalogueEntry | undefined {
  const endpoints = d.endpoints.filter((ep) => ep.id >= 1 && ep.id <= 0xf0);
  if (endpoints.length === 0) return undefined;
  const entry = {
    description: `${manufacturer || 'unknown maker'} ${modelId || 'unknown model'}, made from the descriptors the old gateway stored`,
    manufacturerName: manufacturer,
    modelId,
    manufacturerCode: d.manufacturerCode ?? 0,
    logicalType: d.router ? 'router' : 'end-device',
    // As in Device_annce: mains-powered router with its receiver on, or a sleepy battery end device.
    macCapabilities: d.router ? 0x8e : d.mains ? 0x8c : 0x80,
    basic: { powerSource: d.mains ? 1 : 3, ...(d.swBuildId ? { swBuildId: d.swBuildId } : {}) },
    endpoints: endpoints.map((ep) => ({ ...ep, version: 1, attributes: {} })),
  };
  try {
    return parseCatalogueEntry(`descriptors of ${modelId}`, entry);
  } catch (err) {
    if (err instanceof CatalogueError) return undefined;
    throw err;
  }
}

/** A scene as the old gateway stored it in one light endpoint (raw ZCL values: x/y 0-65535, ct mireds). */
export interface TakeoverScene {
  endpoint: number;
  group: number;
  scene: number;
  /** Tenths of a second. */
  transitionTime: number;
  on: boolean;
  bri?: number;
  x?: number;
  y?: number;
  ct?: number;
}

/** A stored scene's values per cluster the endpoint has (on/off, level, colour), as the scenes cluster keeps them. */
function sceneValues(scene: TakeoverScene, inClusters: readonly number[]): Record<string, Record<string, number>> {
  const values: Record<string, Record<string, number>> = {};
  if (inClusters.includes(0x0006)) values['6'] = { onOff: scene.on ? 1 : 0 };
  if (inClusters.includes(0x0008) && scene.bri !== undefined) values['8'] = { currentLevel: scene.bri };
  if (inClusters.includes(0x0300)) {
    const colour: Record<string, number> = {};
    if (scene.x !== undefined && scene.y !== undefined) Object.assign(colour, { currentX: scene.x, currentY: scene.y });
    if (scene.ct !== undefined) colour.colorTemperature = scene.ct;
    if (Object.keys(colour).length > 0) values['768'] = colour;
  }
  return values;
}

/**
 * The reports a gateway sets up at pairing (deCONZ does the same): cluster → attribute, bound to the
 * coordinator, so the devices report to the new gateway at once.
 */
const REPORTED: Record<number, number> = {
  0x0006: 0x0000,
  0x0008: 0x0000,
  0x0400: 0x0000,
  0x0402: 0x0000,
  0x0405: 0x0000,
  0x0406: 0x0000,
  0x0500: 0x0002,
  0x0201: 0x0000,
  0x0001: 0x0021,
};

function configuredSnapshot(entry: CatalogueEntry, coordinator: string, groups: number[], stored: TakeoverScene[]) {
  const bindings = [];
  const reporting = [];
  const memberships: Record<string, Record<string, string>> = {};
  for (const ep of entry.endpoints) {
    for (const cluster of ep.inClusters) {
      const attribute = REPORTED[cluster];
      if (attribute === undefined) continue;
      bindings.push({ endpoint: ep.id, cluster, to: { kind: 'ieee' as const, ieee: coordinator, endpoint: 1 } });
      reporting.push({ endpoint: ep.id, cluster, attribute, min: 1, max: 300 });
    }
    // Group members are the endpoints that take group commands (on/off servers).
    if (groups.length > 0 && ep.inClusters.includes(0x0006)) memberships[String(ep.id)] = Object.fromEntries(groups.map((g) => [String(g), '']));
  }
  const scenes = stored.flatMap((scene) => {
    const ep = entry.endpoints.find((e) => e.id === scene.endpoint);
    return ep
      ? [{ endpoint: ep.id, group: scene.group, scene: scene.scene, transitionTime: scene.transitionTime, values: sceneValues(scene, ep.inClusters) }]
      : [];
  });
  return { version: 1, attributes: {}, reporting, memory: { bindings, groups: memberships, scenes } };
}

const u16 = (v: number) => Uint8Array.of(v & 0xff, v >> 8);
const u32 = (v: number) => Uint8Array.of(v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff);

/**
 * The state; the devices made from their descriptors because the catalogue has no model for them
 * (`generic`); and those with neither (`unknown`, not simulated).
 */
export function takeoverState(
  network: TakeoverNetwork,
  catalogueDir?: string,
): { state: RadioState; generic: TakeoverNetwork['devices']; unknown: TakeoverNetwork['devices'] } {
  const params = ParameterStore.fresh(network.mac);
  const mac = ieeeToBytes(network.mac);
  params.set(Param.ApsDesignedCoordinator, Uint8Array.of(1));
  params.set(Param.NwkPanId, u16(network.panId));
  params.set(Param.PredefinedPanId, Uint8Array.of(1));
  params.set(Param.NwkNetworkAddress, u16(0));
  params.set(Param.NwkExtendedPanId, mac);
  params.set(Param.ApsUseExtendedPanId, new Uint8Array(8));
  params.set(Param.ApsTrustCenterAddress, mac);
  params.set(Param.ApsChannelMask, u32(1 << network.channel));
  params.set(Param.CurrentChannel, Uint8Array.of(network.channel));
  params.set(Param.NetworkKey, Uint8Array.from([0, ...Buffer.from(network.networkKey, 'hex')]));
  params.set(Param.NwkUpdateId, Uint8Array.of(network.nwkUpdateId & 0xff));
  params.set(Param.FrameCounter, u32(network.frameCounter));
  const catalogue = [...loadCatalogue(catalogueDir)];
  const devices: PersistedDevice[] = [];
  const generic: TakeoverNetwork['devices'] = [];
  const unknown: TakeoverNetwork['devices'] = [];
  for (const device of network.devices) {
    const match =
      catalogue.find(([, e]) => e.modelId === device.modelId && e.manufacturerName === device.manufacturer) ??
      catalogue.find(([, e]) => e.modelId === device.modelId);
    const own = match ? undefined : device.descriptors && descriptorEntry(device.modelId, device.manufacturer, device.descriptors);
    const entry = match?.[1] ?? own;
    if (!entry) {
      unknown.push(device);
      continue;
    }
    if (own) generic.push(device);
    const snapshot = configuredSnapshot(entry, network.mac, device.groups ?? [], device.scenes ?? []);
    devices.push({
      ieee: device.ieee.replace(/^0x/, '').toLowerCase(),
      nwk: device.nwk,
      model: match?.[0] ?? (device.modelId || `descriptors-${device.ieee}`),
      online: true,
      parent: 0,
      lqi: 200,
      snapshot,
      ...(own ? { definition: own } : {}),
    });
  }
  return {
    state: { version: 1, protocol: 'deconz', networkState: NetworkState.Connected, parameters: params.persist(), network: { devices, pool: [] } },
    generic,
    unknown,
  };
}
