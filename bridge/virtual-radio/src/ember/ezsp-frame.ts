/**
 * EZSP frames as the NCP sees them. The host's first `version` command comes in the legacy layout
 * `[seq, fc, id]`, everything else in the extended one `[seq, fcLow, fcHigh, idLow, idHigh]` with
 * frame format version 1 in fcHigh. Responses set the direction bit; callbacks sent on their own
 * (not as a reply to `callback`) also set the asynchronous-callback bit.
 */
export interface EzspCommand {
  sequence: number;
  legacy: boolean;
  frameId: number;
  params: Uint8Array;
}

const FC_RESPONSE = 0x80;
const FC_ASYNC_CALLBACK = 0x10;
const FRAME_FORMAT_VERSION = 0x01;

export function parseEzspCommand(bytes: Uint8Array): EzspCommand | undefined {
  if (bytes.length < 3) return undefined;
  if (bytes.length >= 5 && (bytes[2] & 0x03) === FRAME_FORMAT_VERSION) {
    return { sequence: bytes[0], legacy: false, frameId: bytes[3] | (bytes[4] << 8), params: bytes.subarray(5) };
  }
  return { sequence: bytes[0], legacy: true, frameId: bytes[2], params: bytes.subarray(3) };
}

export function encodeEzspResponse(sequence: number, frameId: number, params: Uint8Array, options: { legacy?: boolean; callback?: boolean } = {}): Uint8Array {
  if (options.legacy) return Uint8Array.of(sequence, FC_RESPONSE, frameId & 0xff, ...params);
  const fcLow = FC_RESPONSE | (options.callback ? FC_ASYNC_CALLBACK : 0);
  return Uint8Array.of(sequence, fcLow, FRAME_FORMAT_VERSION, frameId & 0xff, frameId >> 8, ...params);
}

/** Frame ids (UG100), the ones this NCP answers or sends. */
export const FrameId = {
  Version: 0x0000,
  AddEndpoint: 0x0002,
  GetExtendedValue: 0x0003,
  Nop: 0x0005,
  Callback: 0x0006,
  NoCallbacks: 0x0007,
  SetConcentrator: 0x0010,
  SetManufacturerCode: 0x0015,
  NetworkInit: 0x0017,
  NetworkState: 0x0018,
  StackStatusHandler: 0x0019,
  FormNetwork: 0x001e,
  LeaveNetwork: 0x0020,
  PermitJoining: 0x0022,
  ChildJoinHandler: 0x0023,
  TrustCenterJoinHandler: 0x0024,
  GetEui64: 0x0026,
  GetNodeId: 0x0027,
  GetNetworkParameters: 0x0028,
  SendUnicast: 0x0034,
  SendBroadcast: 0x0036,
  SendMulticast: 0x0038,
  MessageSentHandler: 0x003f,
  IncomingMessageHandler: 0x0045,
  MacFilterMatchMessageHandler: 0x0046,
  SendRawMessage: 0x0051,
  GetConfigurationValue: 0x0052,
  SetConfigurationValue: 0x0053,
  SetPolicy: 0x0055,
  GetPolicy: 0x0056,
  InvalidCommand: 0x0058,
  IncomingRouteRecordHandler: 0x0059,
  SetSourceRouteDiscoveryMode: 0x005a,
  SetMulticastTableEntry: 0x0064,
  ReadAndClearCounters: 0x0065,
  SetInitialSecurityState: 0x0068,
  GetCurrentSecurityState: 0x0069,
  ClearTransientLinkKeys: 0x006b,
  BroadcastNextNetworkKey: 0x0073,
  BroadcastNetworkKeySwitch: 0x0074,
  EraseKeyTableEntry: 0x0076,
  TokenFactoryReset: 0x0077,
  SetRadioIeee802154CcaMode: 0x0095,
  RawTransmitCompleteHandler: 0x0098,
  SetRadioPower: 0x0099,
  GetValue: 0x00aa,
  SetValue: 0x00ab,
  ClearKeyTable: 0x00b1,
  SetLogicalAndRadioChannel: 0x00b9,
  GetTokenCount: 0x0100,
  GetTokenInfo: 0x0101,
  GetTokenData: 0x0102,
  SetTokenData: 0x0103,
  ResetNode: 0x0104,
  GetApsKeyInfo: 0x010c,
  ImportLinkKey: 0x010e,
  ExportLinkKeyByIndex: 0x010f,
  ImportTransientKey: 0x0111,
  ExportKey: 0x0114,
  GetNetworkKeyInfo: 0x0116,
  ImportKey: 0x0115,
  ExportLinkKeyByEui: 0x010d,
  CheckKeyContext: 0x0110,
  ExportTransientKeyByIndex: 0x0112,
  ExportTransientKeyByEui: 0x0113,
  GetChildData: 0x004a,
  GetMulticastTableEntry: 0x0063,
  GetSourceRouteTableEntry: 0x00c1,
  GetSourceRouteTableFilledSize: 0x00c2,
  GetSourceRouteTableTotalSize: 0x00c3,
} as const;

/** EZSP-level statuses (the one byte an INVALID_COMMAND response carries). */
export const EzspStatus = {
  Success: 0x00,
  VersionNotSet: 0x30,
  InvalidFrameId: 0x31,
  InvalidValue: 0x36,
  InvalidId: 0x37,
  InvalidCall: 0x38,
  UnsupportedControl: 0x49,
} as const;

/** SLStatus codes (u32 on the wire from EZSP 14 on). */
export const SlStatus = {
  Ok: 0x0000,
  Fail: 0x0001,
  InvalidState: 0x0002,
  NetworkUp: 0x0015,
  NetworkDown: 0x0016,
  NotJoined: 0x0017,
  NotAvailable: 0x000e,
  NotSupported: 0x000f,
  Full: 0x001c,
  InvalidParameter: 0x0021,
  InvalidType: 0x0026,
  InvalidIndex: 0x0027,
  NotFound: 0x002d,
  DeliveryFailed: 0x0c02,
  NetworkOpened: 0x0c18,
  NetworkClosed: 0x0c19,
  EzspError: 0x0c1e,
} as const;
