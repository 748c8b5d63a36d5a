/** Cluster behaviours by cluster name: `servers` for in-clusters, `clients` for out-clusters. */
import type { Behaviour } from '../behaviour';
import { color } from './color';
import { groups } from './groups';
import { iasAceClient } from './ias-ace';
import { iasZone } from './ias-zone';
import { identify } from './identify';
import { level } from './level';
import { onOff } from './on-off';
import * as passive from './passive';
import { scenes } from './scenes';
import * as shadeMotor from './shade-motor';
import { thermostat } from './thermostat';
import { time } from './time';
import { tuya } from './tuya';
import { windowCovering } from './window-covering';
import { deviceSetup } from './device-setup';
import { otaClient } from './ota';

export const servers: Record<string, Behaviour> = {
  genBasic: passive.basic,
  genPowerCfg: passive.powerCfg,
  genIdentify: identify,
  genGroups: groups,
  genScenes: scenes,
  genOnOff: onOff,
  genLevelCtrl: level,
  genPollCtrl: passive.pollCtrl,
  genTime: time,
  haDiagnostic: passive.diagnostic,
  lightingColorCtrl: color,
  closuresWindowCovering: windowCovering,
  closuresDoorLock: passive.doorLock,
  manuSpecificLumi: passive.lumi,
  hvacThermostat: thermostat,
  hvacFanCtrl: passive.fanCtrl,
  hvacUserInterfaceCfg: passive.userInterface,
  msIlluminanceMeasurement: passive.illuminance,
  msTemperatureMeasurement: passive.temperature,
  msPressureMeasurement: passive.pressure,
  msRelativeHumidity: passive.humidity,
  msOccupancySensing: passive.occupancy,
  ssIasZone: iasZone,
  genMultistateInput: passive.multistateInput,
  genAnalogInput: passive.analogInput,
  genAnalogOutput: shadeMotor.analogOutput,
  genMultistateOutput: shadeMotor.multistateOutput,
  manuSpecificTuya: tuya,
  manuSpecificUbisysDeviceSetup: deviceSetup,
};

export const clients: Record<string, Behaviour> = {
  ssIasAce: iasAceClient,
  genOta: otaClient,
};
