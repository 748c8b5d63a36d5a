/** The Zigbee OTA upgrade file format: build one (tests, demos) or check and read one (dropped files, devices). */
export * from './format';
export { buildOtaImage, otaFiller, type OtaElementSpec, type OtaImageSpec } from './build';
export { parseOtaImage, upgradeImageOf, type OtaParseOptions, type OtaParseResult, type OtaProblem } from './parse';
