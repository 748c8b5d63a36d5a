/**
 * @herdgate/shared/deconz — pure mapping between zigbee-herdsman-converters output and deCONZ
 * resources, as data tables: which sub-devices a device presents (from its exposes), converter
 * state -> deCONZ items, and deCONZ commands -> converter payloads. Golden fixtures in fixtures/.
 */
export * from './expose';
export * from './resource-types';
export * from './buttons';
export * from './gestures';
export * from './button-maps';
export * from './values';
export * from './describe';
export * from './to-deconz';
export * from './to-converter';
export * from './item-ranges';
export * from './item-kinds';
export { ITEM_RULES } from './rules';
export type { ItemRule } from './item-rules';
export type { BoundItem, ItemBinding, KeyMap } from './bindings';
