/** Wire constants of the deCONZ serial protocol (ConBee II firmware), as zigbee-herdsman's deconz driver uses them. */

export const Command = {
  ApsDataConfirm: 0x04,
  DeviceState: 0x07,
  ChangeNetworkState: 0x08,
  ReadParameter: 0x0a,
  WriteParameter: 0x0b,
  Version: 0x0d,
  DeviceStateChanged: 0x0e,
  ApsDataRequest: 0x12,
  ApsDataIndication: 0x17,
  UpdateNeighbour: 0x1d,
} as const;

export const Status = {
  Success: 0,
  Failure: 1,
  Busy: 2,
  Timeout: 3,
  Unsupported: 4,
  Error: 5,
  NoNetwork: 6,
  InvalidValue: 7,
} as const;

export const NetworkState = { Offline: 0, Joining: 1, Connected: 2, Leaving: 3 } as const;

/** Bits of the device-state byte beside the two network-state bits. */
export const StateBit = {
  ConfirmWaiting: 0x04,
  IndicationWaiting: 0x08,
  ConfigChanged: 0x10,
  FreeSlots: 0x20,
} as const;

export const Param = {
  MacAddress: 0x01,
  NwkPanId: 0x05,
  NwkNetworkAddress: 0x07,
  NwkExtendedPanId: 0x08,
  ApsDesignedCoordinator: 0x09,
  ApsChannelMask: 0x0a,
  ApsUseExtendedPanId: 0x0b,
  ApsUseInsecureJoin: 0x0d,
  ApsTrustCenterAddress: 0x0e,
  SecurityMode: 0x10,
  NetworkStatus: 0x11,
  Endpoint: 0x13,
  PredefinedPanId: 0x15,
  StaticNetworkAddress: 0x16,
  NetworkKey: 0x18,
  LinkKey: 0x19,
  CurrentChannel: 0x1c,
  PermitJoin: 0x21,
  ProtocolVersion: 0x22,
  NwkUpdateId: 0x24,
  WatchdogTtl: 0x26,
  FrameCounter: 0x27,
  ZdpResponseHandling: 0x28,
  DebugLogLevel: 0x29,
} as const;

export const AddressMode = { Group: 1, Nwk: 2, Ieee: 3, NwkAndIeee: 4 } as const;

/** APS-DATA.confirm statuses a real radio reports. */
export const ConfirmStatus = {
  Success: 0x00,
  ApsNoAck: 0xa7,
  RouteDiscoveryFailed: 0xd0,
  MacNoAck: 0xe9,
  MacTransactionExpired: 0xf0,
} as const;
