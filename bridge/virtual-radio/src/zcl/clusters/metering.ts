/** Smart energy metering and electrical measurement (ZCL 10.4 and 4.9): what a metering plug serves. */
import { type ClusterDef, attr } from './define';

const DEVELCO = 0x1015;

export const seMetering: ClusterDef = {
  id: 0x0702,
  name: 'seMetering',
  attributes: [
    attr(0x0000, 'currentSummDelivered', 'uint48'),
    attr(0x0200, 'status', 'map8'),
    attr(0x0300, 'unitOfMeasure', 'enum8'),
    attr(0x0301, 'multiplier', 'uint24'),
    attr(0x0302, 'divisor', 'uint24'),
    attr(0x0303, 'summaFormatting', 'map8'),
    attr(0x0304, 'demandFormatting', 'map8'),
    attr(0x0306, 'meteringDeviceType', 'map8'),
    attr(0x0400, 'instantaneousDemand', 'int24'),
    // A Develco meter interface's own settings: pulses per unit and what it reads (0 electricity,
    // 1 gas, 2 water pulses; 0x100-0x104 meter protocols: Kamstrup KMP, Linky, IEC 62056-21, DSMR).
    attr(0x0300, 'develcoPulseConfiguration', 'uint16', 'rw', DEVELCO),
    attr(0x0301, 'develcoCurrentSummation', 'uint48', 'rw', DEVELCO),
    attr(0x0302, 'develcoInterfaceMode', 'enum16', 'rw', DEVELCO),
  ],
  commands: [],
  responses: [],
};

export const haElectricalMeasurement: ClusterDef = {
  id: 0x0b04,
  name: 'haElectricalMeasurement',
  attributes: [
    attr(0x0000, 'measurementType', 'map32'),
    attr(0x0505, 'rmsVoltage', 'uint16'),
    attr(0x0508, 'rmsCurrent', 'uint16'),
    attr(0x050b, 'activePower', 'int16'),
    attr(0x0600, 'acVoltageMultiplier', 'uint16'),
    attr(0x0601, 'acVoltageDivisor', 'uint16'),
    attr(0x0602, 'acCurrentMultiplier', 'uint16'),
    attr(0x0603, 'acCurrentDivisor', 'uint16'),
    attr(0x0604, 'acPowerMultiplier', 'uint16'),
    attr(0x0605, 'acPowerDivisor', 'uint16'),
  ],
  commands: [],
  responses: [],
};
