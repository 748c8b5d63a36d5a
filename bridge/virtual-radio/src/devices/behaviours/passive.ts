/**
 * Clusters that only hold attributes here: their values change through a person's actions (`set`) or
 * stay as the catalogue seeds them. Defaults are plausible readings of a room.
 */
import type { Behaviour } from '../behaviour';

export const basic: Behaviour = {
  defaults: { zclVersion: 3, appVersion: 1, stackVersion: 2, hwVersion: 1, powerSource: 1, locationDesc: '', physicalEnv: 0, deviceEnabled: 1 },
  commands: { resetFactDefault: () => ({ status: 0 }) },
};

export const powerCfg: Behaviour = {
  defaults: { batteryVoltage: 30, batteryPercentageRemaining: 200, batteryAlarmMask: 0, batteryVoltageMinThres: 24, batteryAlarmState: 0 },
};

export const pollCtrl: Behaviour = {
  // Quarter-seconds, as in ZCL 3.16: check in hourly, long poll every 5 s, short poll twice a second.
  defaults: { checkinInterval: 14400, longPollInterval: 20, shortPollInterval: 2, fastPollTimeout: 40 },
  commands: {
    checkinRsp: () => ({ silent: true }),
    fastPollStop: () => ({ status: 0 }),
    setLongPollInterval: () => ({ status: 0 }),
    setShortPollInterval: () => ({ status: 0 }),
  },
};

export const diagnostic: Behaviour = { defaults: { lastMessageLqi: 255, lastMessageRssi: -40 } };
export const fanCtrl: Behaviour = { defaults: { fanMode: 5, fanModeSequence: 2 } };
export const userInterface: Behaviour = { defaults: { tempDisplayMode: 0, keypadLockout: 0 } };

export const temperature: Behaviour = { defaults: { measuredValue: 2150, minMeasuredValue: -4000, maxMeasuredValue: 12500, tolerance: 50 } };
export const humidity: Behaviour = { defaults: { measuredValue: 4500, minMeasuredValue: 0, maxMeasuredValue: 10000, tolerance: 300 } };
export const pressure: Behaviour = {
  defaults: { measuredValue: 1013, minMeasuredValue: 300, maxMeasuredValue: 1100, tolerance: 1, scaledValue: 10130, scale: -1 },
};
/** 20001 = 10000 × log10(100 lx) + 1. */
export const illuminance: Behaviour = { defaults: { measuredValue: 20001, minMeasuredValue: 1, maxMeasuredValue: 0xfffe, tolerance: 0, lightSensorType: 0 } };
export const occupancy: Behaviour = { defaults: { occupancy: 0, occupancySensorType: 0, pirOToUDelay: 30, pirUToODelay: 0 } };
/** Aqara's cube: the last gesture code and the last rotation angle (degrees). */
export const multistateInput: Behaviour = { defaults: { presentValue: 0, outOfService: 0, statusFlags: 0 } };
export const analogInput: Behaviour = { defaults: { presentValue: 0, outOfService: 0, statusFlags: 0 } };

/** A lock's state, or (Lumi vibration sensor) the last event the catalogue seeds; the `vibrate` action reports it. */
export const doorLock: Behaviour = { defaults: {} };

/**
 * Lumi's manufacturer cluster: only what the catalogue seeds (the air monitor's verdict and display
 * unit, a switch's click mode, the FP1's presence). A write of the FP1's reset clears the presence
 * it holds, announced.
 */
export const lumi: Behaviour = {
  defaults: {},
  written: (host, endpoint, attr, value) => {
    if (attr === 'resetNoPresence' && value === 1) host.announce(endpoint, 'manuSpecificLumi', 'presence', 0);
  },
};
