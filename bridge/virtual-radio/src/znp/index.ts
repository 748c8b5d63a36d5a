/** Pure Z-Stack ZNP (MT over UNPI) protocol layer: framing, command layouts, ZDO mapping, NIB. No I/O. */
export { encodeUnpi, fcs, MtType, SOF, Subsystem, UnpiDecoder } from './unpi';
export type { MtFrame, UnpiEvent } from './unpi';
export { decodeFields, encodeFields } from './fields';
export type { Field, FieldType, FieldValue, Fields } from './fields';
export { commandName, MT } from './commands';
export type { MtCommand, MtCommandName } from './commands';
export { callbackCommand, decodeZdoRequest, isZdoRequestCommand, ZdoClusters, zdoCallbackData } from './zdo-map';
export type { ZdoRequest } from './zdo-map';
export { buildNib, firstChannel, NIB_LENGTH, readNib } from './nib';
export type { NibFacts } from './nib';
