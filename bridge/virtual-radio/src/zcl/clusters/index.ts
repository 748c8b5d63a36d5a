/** Every cluster the simulated devices know, looked up by id or name. */
import { closuresWindowCovering } from './closures';
import { closuresDoorLock } from './door-lock';
import type { AttributeDef, ClusterDef, CommandDef } from './define';
import {
  genAnalogInput,
  genAnalogOutput,
  genBasic,
  genGroups,
  genIdentify,
  genLevelCtrl,
  genMultistateInput,
  genMultistateOutput,
  genOnOff,
  genPollCtrl,
  genPowerCfg,
  genScenes,
  haDiagnostic,
} from './general';
import { hvacFanCtrl, hvacThermostat, hvacUserInterfaceCfg } from './hvac';
import { lightingColorCtrl } from './lighting';
import { msIlluminanceMeasurement, msOccupancySensing, msPressureMeasurement, msRelativeHumidity, msTemperatureMeasurement } from './measurement';
import { haElectricalMeasurement, seMetering } from './metering';
import { ssIasAce, ssIasZone } from './security';
import { genTime } from './time';
import { heimanClusterSpecial } from './heiman';
import { manuSpecificLumi } from './lumi';
import { manuSpecificTuya } from './tuya';
import { manuSpecificUbisysDeviceSetup } from './ubisys';
import { genOta } from './ota';

export type { AttributeDef, ClusterDef, CommandDef, FieldDef, FieldType } from './define';

const all: ClusterDef[] = [
  genBasic,
  genPowerCfg,
  genIdentify,
  genGroups,
  genScenes,
  genOnOff,
  genLevelCtrl,
  genPollCtrl,
  genTime,
  genOta,
  haDiagnostic,
  genAnalogInput,
  genAnalogOutput,
  genMultistateInput,
  genMultistateOutput,
  lightingColorCtrl,
  closuresDoorLock,
  closuresWindowCovering,
  hvacThermostat,
  hvacFanCtrl,
  hvacUserInterfaceCfg,
  msIlluminanceMeasurement,
  msTemperatureMeasurement,
  msPressureMeasurement,
  msRelativeHumidity,
  msOccupancySensing,
  ssIasZone,
  ssIasAce,
  seMetering,
  haElectricalMeasurement,
  manuSpecificLumi,
  manuSpecificTuya,
  heimanClusterSpecial,
  manuSpecificUbisysDeviceSetup,
];

const byId = new Map(all.map((c) => [c.id, c]));
const byName = new Map(all.map((c) => [c.name, c]));

export function clusterById(id: number): ClusterDef | undefined {
  return byId.get(id);
}

export function clusterByName(name: string): ClusterDef | undefined {
  return byName.get(name);
}

/** Resolves a cluster given as a name or a number (catalogue files use either). */
export function resolveCluster(ref: string | number): ClusterDef | undefined {
  return typeof ref === 'number' ? byId.get(ref) : byName.get(ref);
}

export function attributeById(cluster: ClusterDef, id: number, manufacturerCode?: number): AttributeDef | undefined {
  return cluster.attributes.find((a) => a.id === id && a.manufacturerCode === manufacturerCode);
}

export function attributeByName(cluster: ClusterDef, name: string): AttributeDef | undefined {
  return cluster.attributes.find((a) => a.name === name);
}

export function commandById(cluster: ClusterDef, direction: 'toServer' | 'toClient', id: number): CommandDef | undefined {
  return (direction === 'toServer' ? cluster.commands : cluster.responses).find((c) => c.id === id);
}

export function commandByName(cluster: ClusterDef, direction: 'toServer' | 'toClient', name: string): CommandDef | undefined {
  return (direction === 'toServer' ? cluster.commands : cluster.responses).find((c) => c.name === name);
}
