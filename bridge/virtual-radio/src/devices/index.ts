/**
 * The simulated devices' public face: a `DeviceFactory` over the catalogue (`catalogue/*.json`).
 * Models are keyed by file name; a model may also be asked for by its Zigbee model id.
 */
import type { DeviceContext, DeviceFactory, DeviceIdentity, DeviceSettings, SimDevice } from '../network/types';
import { CatalogueError, loadCatalogue, parseCatalogueEntry } from './catalogue';
import type { CatalogueEntry } from './catalogue-schema';
import { CatalogueDevice } from './sim-device';
import type { DeviceSnapshot } from './snapshot';

export { CatalogueError, loadCatalogue, parseCatalogueEntry } from './catalogue';
export type { CatalogueEntry } from './catalogue-schema';
export { SnapshotError } from './snapshot';

type NewIdentity = Omit<DeviceIdentity, 'model' | 'logicalType' | 'macCapabilities' | 'rxOnWhenIdle'>;

export interface DeviceFactoryOptions {
  /** Directory of catalogue JSON files (default: bridge/virtual-radio/catalogue). */
  catalogueDir?: string;
}

export function createDeviceFactory(options: DeviceFactoryOptions = {}): DeviceFactory & { entry(model: string): CatalogueEntry } {
  const catalogue = loadCatalogue(options.catalogueDir);

  const resolve = (model: string): [string, CatalogueEntry] => {
    const direct = catalogue.get(model);
    if (direct) return [model, direct];
    const byModelId = [...catalogue].filter(([, e]) => e.modelId === model);
    if (byModelId.length === 1) return byModelId[0];
    throw new CatalogueError(`unknown model "${model}" (known: ${[...catalogue.keys()].join(', ')})`);
  };

  const identityOf = (key: string, entry: CatalogueEntry, id: NewIdentity): DeviceIdentity => ({
    ieee: id.ieee.toLowerCase().replace(/^0x/, ''),
    nwk: id.nwk,
    model: key,
    logicalType: entry.logicalType,
    macCapabilities: entry.macCapabilities,
    rxOnWhenIdle: (entry.macCapabilities & 0x08) !== 0,
  });

  return {
    models: () => [...catalogue.keys()],
    entry: (model) => resolve(model)[1],
    touchlink: (model) => {
      const entry = catalogue.get(model);
      const TOUCHLINK_CLUSTER = 0x1000;
      const ep = entry?.touchlink ? entry.endpoints.find((e) => e.inClusters.includes(TOUCHLINK_CLUSTER)) : undefined;
      return ep && { id: ep.id, profileId: ep.profileId, deviceId: ep.deviceId, version: ep.version };
    },
    installCode: (model) => resolve(model)[1].installCode,
    create(model: string, identity: NewIdentity, ctx: DeviceContext, settings?: DeviceSettings): SimDevice {
      const [key, entry] = resolve(model);
      return new CatalogueDevice(identityOf(key, entry, identity), entry, ctx, undefined, settings);
    },
    restore(model: string, identity: NewIdentity, snapshot: unknown, ctx: DeviceContext, definition?: unknown): SimDevice {
      const [key, entry] = definition === undefined ? resolve(model) : [model, parseCatalogueEntry(`the state file's entry for ${identity.ieee}`, definition)];
      const device = new CatalogueDevice(identityOf(key, entry, identity), entry, ctx, snapshot as DeviceSnapshot);
      if (definition !== undefined) device.ownEntry = entry;
      return device;
    },
  };
}
