import type { Models } from 'zigbee-herdsman';

/**
 * Reporting the bridge sets up beyond the definition's `configure`, as deCONZ does for the same
 * devices: changes a device makes by itself (its window-open detector, its mounting mode) must reach
 * the gateway, and converters configure no reporting for them. Data, not device branches: a row
 * applies when the device has the cluster as an input and its definition exposes one of the keys.
 */
export interface ExtraReport {
  cluster: string;
  attribute: string;
  keys: readonly string[];
  /** Seconds. */
  min: number;
  max: number;
  /** Only where the definition's converters read nothing of the cluster (the bridge's own reader, translate.ts, takes it). */
  unread?: true;
}

export const EXTRA_REPORTING: readonly ExtraReport[] = [
  { cluster: 'hvacThermostat', attribute: 'danfossWindowOpenInternal', keys: ['window_open_internal'], min: 1, max: 3600 },
  { cluster: 'hvacThermostat', attribute: 'danfossMountedModeActive', keys: ['mounted_mode_active'], min: 1, max: 3600 },
  { cluster: 'hvacUserInterfaceCfg', attribute: 'keypadLockout', keys: ['keypad_lockout'], min: 1, max: 3600 },
  { cluster: 'hvacUserInterfaceCfg', attribute: 'danfossViewingDirection', keys: ['viewing_direction'], min: 1, max: 3600 },
  // An air-quality monitor's own verdict on the VOC level (the converters configure the reading only).
  { cluster: 'manuSpecificLumi', attribute: 'airQuality', keys: ['air_quality'], min: 1, max: 3600 },
  // A switch module's or shutter control's electrical measurement (ubisys S2 and J1, which deCONZ
  // shows as ZHAPower): their definitions bind only the metering cluster beside it, so the active
  // power the device reports never arrived. Plugs whose definitions read the cluster keep their own.
  { cluster: 'haElectricalMeasurement', attribute: 'activePower', keys: ['power'], min: 1, max: 300, unread: true },
];

/**
 * Bind and configure the extra reports that apply to the device; throws the first failure.
 * `read`: the clusters the definition's own converters read.
 */
export async function configureExtraReporting(
  device: Models.Device,
  coordinator: Models.Endpoint,
  exposed: ReadonlySet<string>,
  read: ReadonlySet<string> = new Set(),
  table = EXTRA_REPORTING,
): Promise<number> {
  let configured = 0;
  for (const endpoint of device.endpoints) {
    const clusters = new Set(endpoint.getInputClusters().map((cluster) => cluster.name));
    const rows = table.filter((row) => clusters.has(row.cluster) && row.keys.some((key) => exposed.has(key)) && !(row.unread && read.has(row.cluster)));
    for (const cluster of new Set(rows.map((row) => row.cluster))) {
      if (!endpoint.binds.some((bind) => bind.cluster.name === cluster && bind.target === coordinator)) await endpoint.bind(cluster, coordinator);
      for (const row of rows.filter((r) => r.cluster === cluster)) {
        // One attribute per frame: standard and manufacturer-specific attributes cannot share one.
        await endpoint.configureReporting(cluster, [
          { attribute: row.attribute, minimumReportInterval: row.min, maximumReportInterval: row.max, reportableChange: 0 },
        ] as never);
        configured += 1;
      }
    }
  }
  return configured;
}
