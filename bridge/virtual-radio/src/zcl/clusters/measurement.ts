/** Measurement and sensing clusters (ZCL chapter 4). */
import { type ClusterDef, attr } from './define';

const SIGNIFY = 0x100b;

const measured = (id: number, name: string, type: 'int16' | 'uint16'): ClusterDef => ({
  id,
  name,
  attributes: [
    attr(0x0000, 'measuredValue', type),
    attr(0x0001, 'minMeasuredValue', type),
    attr(0x0002, 'maxMeasuredValue', type),
    attr(0x0003, 'tolerance', 'uint16'),
  ],
  commands: [],
  responses: [],
});

export const msIlluminanceMeasurement: ClusterDef = {
  ...measured(0x0400, 'msIlluminanceMeasurement', 'uint16'),
  attributes: [...measured(0, '', 'uint16').attributes, attr(0x0004, 'lightSensorType', 'enum8')],
};
export const msTemperatureMeasurement = measured(0x0402, 'msTemperatureMeasurement', 'int16');
export const msPressureMeasurement: ClusterDef = {
  ...measured(0x0403, 'msPressureMeasurement', 'int16'),
  attributes: [...measured(0, '', 'int16').attributes, attr(0x0010, 'scaledValue', 'int16'), attr(0x0014, 'scale', 'int8')],
};
export const msRelativeHumidity = measured(0x0405, 'msRelativeHumidity', 'uint16');

export const msOccupancySensing: ClusterDef = {
  id: 0x0406,
  name: 'msOccupancySensing',
  attributes: [
    attr(0x0000, 'occupancy', 'map8'),
    attr(0x0001, 'occupancySensorType', 'enum8'),
    attr(0x0010, 'pirOToUDelay', 'uint16', 'rw'),
    attr(0x0011, 'pirUToODelay', 'uint16', 'rw'),
    // Hue motion sensors expose their sensitivity as a Signify-specific attribute.
    attr(0x0030, 'motionSensitivity', 'uint8', 'rw', SIGNIFY),
  ],
  commands: [],
  responses: [],
};
