/**
 * An independent ZCL codec (no zigbee-herdsman import), so a bug on either side of the emulated radio
 * shows up as a failed test instead of cancelling out.
 */
export { Reader, Writer, ZclDecodeError, readIeee, writeIeee } from './buffer';
export { type DataTypeName, type ZclArray, type ZclValue, isAnalog, isZclArray, readValue, typeById, typeId, writeValue } from './data-types';
export { type ZclFrame, type ZclHeader, decodeFrame, encodeFrame } from './frame';
export * from './global';
export * from './structured';
export * from './commands';
export * from './clusters/index';
export * from './report-config';
export * from './tuya-datapoints';
