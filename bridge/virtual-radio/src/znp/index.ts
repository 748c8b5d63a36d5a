/** Pure Z-Stack ZNP (MT over UNPI) protocol layer: framing, command layouts, ZDO mapping, NIB. No I/O. */
export { encodeUnpi, fcs, MtType, SOF, Subsystem, UnpiDecoder } from './unpi';
export type { MtFrame, UnpiEvent } from './unpi';
export { decodeFields, encodeFields } from './fields';
export type { Field, FieldType, FieldValue, Fields } from './fields';
export { commandName, MT } from './commands';
export { rpcError, RpcErrorCode } from './rpc-error';
export type { MtCommand, MtCommandName } from './commands';
export { callbackCommand, decodeZdoRequest, isZdoRequestCommand, ZdoClusters, zdoCallbackData } from './zdo-map';
export type { ZdoRequest } from './zdo-map';
export { firstChannel, formedNib, NIB_LENGTH, NWK_ROUTER, readNib, withFacts } from './nib';
export type { NibFacts } from './nib';
