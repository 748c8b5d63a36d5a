/**
 * One matter.js endpoint per bridged spec: the device type, herdgate's forwarding servers where
 * Matter sends commands, and BridgedDeviceBasicInformation (name, reachability).
 */
import { Endpoint } from '@matter/main';
import { BooleanStateServer } from '@matter/main/behaviors/boolean-state';
import { BridgedDeviceBasicInformationServer } from '@matter/main/behaviors/bridged-device-basic-information';
import { OccupancySensingServer } from '@matter/main/behaviors/occupancy-sensing';
import { SmokeCoAlarmServer } from '@matter/main/behaviors/smoke-co-alarm';
import { ThermostatServer } from '@matter/main/behaviors/thermostat';
import { OccupancySensing } from '@matter/main/clusters';
import { ColorTemperatureLightDevice } from '@matter/main/devices/color-temperature-light';
import { ContactSensorDevice } from '@matter/main/devices/contact-sensor';
import { DimmableLightDevice } from '@matter/main/devices/dimmable-light';
import { ExtendedColorLightDevice } from '@matter/main/devices/extended-color-light';
import { HumiditySensorDevice } from '@matter/main/devices/humidity-sensor';
import { LightSensorDevice } from '@matter/main/devices/light-sensor';
import { OccupancySensorDevice } from '@matter/main/devices/occupancy-sensor';
import { OnOffLightDevice } from '@matter/main/devices/on-off-light';
import { OnOffPlugInUnitDevice } from '@matter/main/devices/on-off-plug-in-unit';
import { SmokeCoAlarmDevice } from '@matter/main/devices/smoke-co-alarm';
import { TemperatureSensorDevice } from '@matter/main/devices/temperature-sensor';
import { ThermostatDevice } from '@matter/main/devices/thermostat';
import { WaterLeakDetectorDevice } from '@matter/main/devices/water-leak-detector';
import { WindowCoveringDevice } from '@matter/main/devices/window-covering';
import {
  HerdgateColorServer,
  HerdgateCtColorServer,
  HerdgateLevelControlServer,
  HerdgateOnOffServer,
  HerdgatePlugOnOffServer,
  HerdgateLiftCoveringServer,
  HerdgateTiltCoveringServer,
} from './behaviors';
import type { BridgedSpec } from './kinds';

export interface BridgedIdentity {
  name: string;
  manufacturer: string;
  model: string;
  reachable: boolean;
}

const text = (value: string) => value.slice(0, 32);

// biome-ignore lint/suspicious/noExplicitAny: matter.js endpoint types differ per device type
function typeFor(spec: BridgedSpec): any {
  const ct = spec.ct ?? { min: 153, max: 500 };
  const ctState = {
    colorTempPhysicalMinMireds: ct.min,
    colorTempPhysicalMaxMireds: ct.max,
    coupleColorTempToLevelMinMireds: ct.min,
    colorTemperatureMireds: ct.min,
    startUpColorTemperatureMireds: null,
    colorMode: 2,
    enhancedColorMode: 2,
  };
  switch (spec.kind) {
    case 'onoff-light':
      return { type: OnOffLightDevice.with(HerdgateOnOffServer) };
    case 'dimmable-light':
      return { type: DimmableLightDevice.with(HerdgateOnOffServer, HerdgateLevelControlServer) };
    case 'ct-light':
      return {
        type: ColorTemperatureLightDevice.with(HerdgateOnOffServer, HerdgateLevelControlServer, HerdgateCtColorServer),
        state: { colorControl: ctState },
      };
    case 'color-light':
      return { type: ExtendedColorLightDevice.with(HerdgateOnOffServer, HerdgateLevelControlServer, HerdgateColorServer), state: { colorControl: ctState } };
    case 'plug':
      return { type: OnOffPlugInUnitDevice.with(HerdgatePlugOnOffServer) };
    // Type 8 (tilt blind, lift and tilt) or 0 (roller shade, lift only).
    case 'cover':
      return spec.tilt
        ? { type: WindowCoveringDevice.with(HerdgateTiltCoveringServer), state: { windowCovering: { type: 8, endProductType: 0 } } }
        : { type: WindowCoveringDevice.with(HerdgateLiftCoveringServer), state: { windowCovering: { type: 0, endProductType: 0 } } };
    case 'thermostat':
      return {
        type: ThermostatDevice.with(ThermostatServer.with('Heating')),
        state: {
          thermostat: {
            controlSequenceOfOperation: 2,
            systemMode: 4,
            localTemperature: null,
            occupiedHeatingSetpoint: 2000,
            minHeatSetpointLimit: 700,
            maxHeatSetpointLimit: 3000,
            absMinHeatSetpointLimit: 700,
            absMaxHeatSetpointLimit: 3000,
          },
        },
      };
    case 'contact':
      return { type: ContactSensorDevice.with(BooleanStateServer) };
    case 'water-leak':
      return { type: WaterLeakDetectorDevice.with(BooleanStateServer) };
    case 'occupancy':
      return {
        type: OccupancySensorDevice.with(OccupancySensingServer.with('PassiveInfrared')),
        state: { occupancySensing: { occupancySensorType: OccupancySensing.OccupancySensorType.Pir, occupancySensorTypeBitmap: { pir: true } } },
      };
    case 'temperature':
      return { type: TemperatureSensorDevice, state: { temperatureMeasurement: { measuredValue: null, minMeasuredValue: -4000, maxMeasuredValue: 12500 } } };
    case 'humidity':
      return { type: HumiditySensorDevice, state: { relativeHumidityMeasurement: { measuredValue: null, minMeasuredValue: 0, maxMeasuredValue: 10000 } } };
    case 'light-level':
      return { type: LightSensorDevice, state: { illuminanceMeasurement: { measuredValue: null, minMeasuredValue: 1, maxMeasuredValue: 0xfffe } } };
    case 'smoke':
      return {
        type: SmokeCoAlarmDevice.with(SmokeCoAlarmServer.with('SmokeAlarm')),
        state: { smokeCoAlarm: { smokeState: 0, expressedState: 0, batteryAlert: 0, endOfServiceAlert: 0 } },
      };
    case 'co':
      return {
        type: SmokeCoAlarmDevice.with(SmokeCoAlarmServer.with('CoAlarm')),
        state: { smokeCoAlarm: { coState: 0, expressedState: 0, batteryAlert: 0, endOfServiceAlert: 0 } },
      };
  }
}

/** A new (not yet added) endpoint for `spec`, with its Matter state taken from `identity`. */
export function createBridgedEndpoint(spec: BridgedSpec, identity: BridgedIdentity): Endpoint {
  const { type, state } = typeFor(spec);
  return new Endpoint(type.with(BridgedDeviceBasicInformationServer), {
    id: spec.id,
    ...state,
    bridgedDeviceBasicInformation: {
      nodeLabel: text(identity.name),
      vendorName: text(identity.manufacturer || 'unknown'),
      productName: text(identity.model || 'unknown'),
      uniqueId: text(spec.uniqueid.replace(/:/g, '')),
      reachable: identity.reachable,
    },
  });
}
