import type { Logger } from 'pino';
import { Zcl, type Models } from 'zigbee-herdsman';
import { LUMI_STATUS } from './lumi-smoke-status';
import { readReported } from './reported-reads';

/**
 * Attributes read once after a device is configured (and again on `device/refresh`), so items a
 * device only reports on change (battery, thermostat setpoints and modes) are known from the start
 * instead of after the first report, which for a setpoint may be never.
 *
 * Data, not device branches: a row is read when the device has the cluster as an input on that
 * endpoint and its definition exposes one of the row's converter keys. The answers come back as
 * ordinary `readResponse` messages, so the definition's own fromZigbee converters turn them into
 * state exactly as they do reports.
 */
export interface InitialRead {
  cluster: string;
  /** Its name in herdsman's cluster table, or its id where the converters' cluster names none. */
  attribute: string | number;
  /** Converter keys the attribute feeds; the row is read only when the definition exposes one. */
  keys: readonly string[];
  /** A manufacturer-specific attribute: read apart from the cluster's standard ones (one code per frame). */
  manufacturer?: true;
  /** Its manufacturer code, where the converters' attribute definition leaves it out (they pass it per call). */
  code?: number;
}

export const INITIAL_READS: readonly InitialRead[] = [
  // Lights and plugs: deCONZ shows `on`, `bri`, colour and position from the moment a device pairs;
  // without a read they stay unknown until the first change is reported.
  { cluster: 'genOnOff', attribute: 'onOff', keys: ['state'] },
  { cluster: 'genLevelCtrl', attribute: 'currentLevel', keys: ['brightness'] },
  // A light's start-up brightness (deCONZ top-level `powerup`), where the definition can set it.
  { cluster: 'genLevelCtrl', attribute: 'startUpCurrentLevel', keys: ['current_level_startup'] },
  { cluster: 'lightingColorCtrl', attribute: 'colorMode', keys: ['color_temp', 'color_xy', 'color_hs'] },
  { cluster: 'lightingColorCtrl', attribute: 'colorTemperature', keys: ['color_temp'] },
  { cluster: 'lightingColorCtrl', attribute: 'currentX', keys: ['color_xy'] },
  { cluster: 'lightingColorCtrl', attribute: 'currentY', keys: ['color_xy'] },
  { cluster: 'closuresWindowCovering', attribute: 'currentPositionLiftPercentage', keys: ['position'] },
  { cluster: 'closuresWindowCovering', attribute: 'currentPositionTiltPercentage', keys: ['tilt'] },
  // A calibrating covering controller's type (deCONZ `windowcoveringtype`, see cover-calibration.ts).
  { cluster: 'closuresWindowCovering', attribute: 'windowCoveringType', keys: ['window_covering_type'] },
  // ubisys' switch modules: what their inputs do (deCONZ `mode`, see input-setup.ts).
  { cluster: 'manuSpecificUbisysDeviceSetup', attribute: 'inputActions', keys: ['input_actions'] },
  { cluster: 'genPowerCfg', attribute: 'batteryPercentageRemaining', keys: ['battery'] },
  // The Hue wall switch module's device mode (a Signify-specific basic attribute of its definition).
  { cluster: 'genBasic', attribute: 'deviceMode', keys: ['device_mode'] },
  // Hue motion sensors: the LED indication Signify keeps in a basic attribute of its own (deCONZ
  // reads it when the sensor pairs; the definition's configure reads only delay and sensitivity).
  { cluster: 'genBasic', attribute: 'ledIndication', keys: ['led_indication'], manufacturer: true },
  // Devices that report voltage only (the converters derive a percentage from it, e.g. 3400-D).
  { cluster: 'genPowerCfg', attribute: 'batteryVoltage', keys: ['battery', 'voltage'] },
  { cluster: 'hvacThermostat', attribute: 'localTemp', keys: ['local_temperature'] },
  { cluster: 'hvacThermostat', attribute: 'occupiedHeatingSetpoint', keys: ['occupied_heating_setpoint'] },
  { cluster: 'hvacThermostat', attribute: 'occupiedCoolingSetpoint', keys: ['occupied_cooling_setpoint'] },
  { cluster: 'hvacThermostat', attribute: 'systemMode', keys: ['system_mode'] },
  { cluster: 'hvacThermostat', attribute: 'runningState', keys: ['running_state'] },
  { cluster: 'hvacThermostat', attribute: 'localTemperatureCalibration', keys: ['local_temperature_calibration'] },
  { cluster: 'hvacFanCtrl', attribute: 'fanMode', keys: ['fan_mode'] },
  // An AC interface's louvre position (deCONZ `swingmode`).
  { cluster: 'hvacThermostat', attribute: 'acLouverPosition', keys: ['ac_louver_position'] },
  // Floor-heating thermostats (ELKO's attributes, sent without a manufacturer code): the floor
  // probe's reading, which probe regulates, the child lock.
  { cluster: 'hvacThermostat', attribute: 'elkoExternalTemp', keys: ['floor_temp'] },
  { cluster: 'hvacThermostat', attribute: 'elkoSensor', keys: ['sensor'] },
  { cluster: 'hvacThermostat', attribute: 'elkoChildLock', keys: ['child_lock'] },
  // A valve's vendor host flags (Eurotronic: mode, mirrored display, key lock), shown as `hostflags`.
  { cluster: 'hvacThermostat', attribute: 'hostFlags', keys: ['host_flags'], manufacturer: true, code: 0x1037 },
  // Metering plugs: power, voltage, current and energy from the start, not from the first report.
  { cluster: 'haElectricalMeasurement', attribute: 'activePower', keys: ['power'] },
  { cluster: 'haElectricalMeasurement', attribute: 'rmsVoltage', keys: ['voltage'] },
  { cluster: 'haElectricalMeasurement', attribute: 'rmsCurrent', keys: ['current'] },
  { cluster: 'seMetering', attribute: 'currentSummDelivered', keys: ['energy'] },
  // A Develco meter interface's settings (deCONZ `pulseconfiguration`, `interfacemode`).
  { cluster: 'seMetering', attribute: 'develcoPulseConfiguration', keys: ['pulse_configuration'], manufacturer: true },
  { cluster: 'seMetering', attribute: 'develcoInterfaceMode', keys: ['interface_mode'], manufacturer: true },
  // Radiator valves: what deCONZ shows of a valve's own settings and detectors from the start. The
  // Danfoss attributes are the converters' names for that vendor's manufacturer-specific ones.
  { cluster: 'hvacThermostat', attribute: 'pIHeatingDemand', keys: ['pi_heating_demand'] },
  { cluster: 'hvacThermostat', attribute: 'programingOperMode', keys: ['programming_operation_mode'] },
  { cluster: 'hvacUserInterfaceCfg', attribute: 'keypadLockout', keys: ['keypad_lockout'] },
  { cluster: 'hvacThermostat', attribute: 'danfossWindowOpenInternal', keys: ['window_open_internal'], manufacturer: true },
  { cluster: 'hvacThermostat', attribute: 'danfossWindowOpenExternal', keys: ['window_open_external'], manufacturer: true },
  { cluster: 'hvacThermostat', attribute: 'danfossWindowOpenFeatureEnable', keys: ['window_open_feature'], manufacturer: true },
  { cluster: 'hvacThermostat', attribute: 'danfossMountedModeActive', keys: ['mounted_mode_active'], manufacturer: true },
  { cluster: 'hvacThermostat', attribute: 'danfossMountedModeControl', keys: ['mounted_mode_control'], manufacturer: true },
  { cluster: 'hvacThermostat', attribute: 'danfossExternalMeasuredRoomSensor', keys: ['external_measured_room_sensor'], manufacturer: true },
  { cluster: 'hvacThermostat', attribute: 'danfossRegulationSetpointOffset', keys: ['regulation_setpoint_offset'], manufacturer: true },
  { cluster: 'hvacUserInterfaceCfg', attribute: 'danfossViewingDirection', keys: ['viewing_direction'], manufacturer: true },
  { cluster: 'haDiagnostic', attribute: 'danfossSystemStatusCode', keys: ['system_status_code'], manufacturer: true },
  // Air-quality monitors: the VOC level and the device's own verdict.
  { cluster: 'genAnalogInput', attribute: 'presentValue', keys: ['voc'] },
  { cluster: 'manuSpecificLumi', attribute: 'airQuality', keys: ['air_quality'], manufacturer: true },
  // Aqara's wireless switches: their click mode (0x0125, which the converters read by id).
  { cluster: 'manuSpecificLumi', attribute: 0x0125, keys: ['click_mode'], manufacturer: true },
  // Aqara's roller shade driver E1: whether it is charging (0x0409, by id as the converters' get
  // reads it), gated on `charging_status`, which only these rechargeable Lumi devices expose; its
  // position in the analog output. Its battery (0x040a) is not read here, nor the FP1 presence
  // sensor's sensitivity, presence and approach distance: their definitions' configure reads them,
  // and those answers reach the device state (interview-hold.ts keeps what a device says before
  // its interview is announced); device/refresh reads them through the converters' own getters.
  { cluster: 'manuSpecificLumi', attribute: 0x0409, keys: ['charging_status'], manufacturer: true },
  { cluster: 'genAnalogOutput', attribute: 'presentValue', keys: ['position'] },
  // A device clock (genTime server): what the gateway shows as a ZHATime sensor.
  { cluster: 'genTime', attribute: 'time', keys: ['time_utc'] },
  { cluster: 'genTime', attribute: 'localTime', keys: ['time_local'] },
  { cluster: 'genTime', attribute: 'lastSetTime', keys: ['time_last_set'] },
  // IAS zones: the alarm, tamper and low-battery bits, so the sensor's state is known on pairing.
  {
    cluster: 'ssIasZone',
    attribute: 'zoneStatus',
    keys: ['contact', 'water_leak', 'smoke', 'carbon_monoxide', 'occupancy', 'alarm', 'vibration', 'tamper', 'battery_low'],
  },
  // Whether the zone is enrolled with the coordinator (deCONZ's `enrolled`, ias-zone-extras.ts).
  { cluster: 'ssIasZone', attribute: 'zoneState', keys: ['zone_state'] },
  // Xiaomi's smoke detector: the sensitivity in its Lumi status (by id, see lumi-smoke-status.ts).
  { cluster: 'ssIasZone', attribute: LUMI_STATUS, keys: ['sensitivity'], manufacturer: true, code: 0x115f },
];

/** Every name and property in an exposes list, features of composite exposes (climate) included. */
export function exposedKeys(exposes: ReadonlyArray<Record<string, unknown>>): Set<string> {
  const keys = new Set<string>();
  const visit = (list: ReadonlyArray<Record<string, unknown>>) => {
    for (const expose of list) {
      for (const field of ['name', 'property'] as const) {
        if (typeof expose[field] === 'string') keys.add(expose[field] as string);
      }
      if (Array.isArray(expose.features)) visit(expose.features as Array<Record<string, unknown>>);
    }
  };
  visit(exposes);
  return keys;
}

/** Plan key of a manufacturer-specific batch: `<cluster>#manufacturer`, plus the code where a row names one. */
const MANUFACTURER_BATCH = '#manufacturer';

/**
 * The reads due on one endpoint: attribute names grouped by cluster, in table order; a cluster's
 * manufacturer-specific attributes form their own batch (`<cluster>#manufacturer`).
 */
export function planReads(inputClusters: ReadonlySet<string>, exposed: ReadonlySet<string>, table = INITIAL_READS): Map<string, Array<string | number>> {
  const plan = new Map<string, Array<string | number>>();
  for (const row of table) {
    if (!inputClusters.has(row.cluster) || !row.keys.some((key) => exposed.has(key))) continue;
    const batch = row.manufacturer ? `${row.cluster}${MANUFACTURER_BATCH}${row.code ?? ''}` : row.cluster;
    plan.set(batch, [...(plan.get(batch) ?? []), row.attribute]);
  }
  return plan;
}

export interface ReadOutcome {
  /** Cluster reads answered (fully, or in part with unsupported attributes left out). */
  read: number;
  /** Cluster reads that got no answer (timeout, no route...), with the error. */
  failed: Array<{ cluster: string; err: unknown }>;
  /** `<cluster>.<attribute>` of every attribute asked for by name. */
  asked: string[];
}

/**
 * Whether the device's cluster definition, with the custom attributes its converters add, names the
 * attribute: a vendor's attribute (ELKO's child lock) is read only on that vendor's devices, never
 * in a batch that herdsman would refuse as a whole for one unknown name.
 */
function knows(device: Models.Device, row: InitialRead): boolean {
  // An attribute given by id is one the converters name by id too (Aqara's click mode): herdsman
  // reads it by id whatever its cluster table says.
  if (typeof row.attribute === 'number') return true;
  try {
    return Zcl.Utils.getClusterAttribute(Zcl.Utils.getCluster(row.cluster, undefined, device.customClusters), row.attribute, undefined) !== undefined;
  } catch {
    return false;
  }
}

/** One ZCL read per planned cluster of one endpoint; `skip` leaves out rows already read otherwise. */
export async function readPlanned(endpoint: Models.Endpoint, exposed: ReadonlySet<string>, skip: ReadonlySet<string> = new Set()): Promise<ReadOutcome> {
  const clusters = new Set(endpoint.getInputClusters().map((cluster) => cluster.name));
  const device = endpoint.getDevice();
  const table = INITIAL_READS.filter((row) => !row.keys.every((key) => skip.has(key)) && knows(device, row));
  const outcome: ReadOutcome = { read: 0, failed: [], asked: [] };
  for (const [batch, attributes] of planReads(clusters, exposed, table)) {
    const [cluster, code] = batch.split(MANUFACTURER_BATCH);
    for (const attribute of attributes) if (typeof attribute === 'string') outcome.asked.push(`${cluster}.${attribute}`);
    try {
      await endpoint.read(cluster!, attributes as never, code ? { manufacturerCode: Number(code) } : {});
      outcome.read += 1;
    } catch (err) {
      // A non-success record (say, no calibration attribute) fails the whole read in herdsman,
      // but the answer was a readResponse: its supported values reached the converters already.
      if (err instanceof Zcl.StatusError) outcome.read += 1;
      else outcome.failed.push({ cluster, err });
    }
  }
  return outcome;
}

/**
 * The reads after configure, on every endpoint, then every reported attribute they left out
 * (reported-reads.ts). A cluster that gets no answer is logged and skipped; the values then arrive
 * with the next report or a refresh. Never throws.
 */
export async function readInitialState(
  device: Models.Device,
  exposed: ReadonlySet<string>,
  log: Pick<Logger, 'debug' | 'warn'>,
): Promise<{ read: number; failed: number }> {
  let read = 0;
  let failed = 0;
  const asked = new Set<string>();
  const warn = (endpoint: number, cluster: string, err: unknown) =>
    log.warn({ err, ieee: device.ieeeAddr, endpoint, cluster }, 'initial read failed; the values arrive with the next report or a refresh');
  for (const endpoint of device.endpoints) {
    const outcome = await readPlanned(endpoint, exposed);
    read += outcome.read;
    failed += outcome.failed.length;
    for (const name of outcome.asked) asked.add(name);
    for (const { cluster, err } of outcome.failed) warn(endpoint.ID, cluster, err);
  }
  const reported = await readReported(device, asked);
  read += reported.read;
  failed += reported.failed.length;
  for (const { endpoint, cluster, err } of reported.failed) warn(endpoint, cluster, err);
  log.debug({ ieee: device.ieeeAddr, read, failed }, 'initial reads done');
  return { read, failed };
}
