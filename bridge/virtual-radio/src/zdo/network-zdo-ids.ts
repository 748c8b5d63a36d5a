/** ZDO cluster ids the radio core answers itself (coordinator and network-level requests). */
export const ZdoCluster = {
  NwkAddrReq: 0x0000,
  IeeeAddrReq: 0x0001,
  NodeDescReq: 0x0002,
  SimpleDescReq: 0x0004,
  ActiveEpReq: 0x0005,
  DeviceAnnce: 0x0013,
  MgmtLqiReq: 0x0031,
  MgmtRtgReq: 0x0032,
  MgmtLeaveReq: 0x0034,
  MgmtPermitJoinReq: 0x0036,
  MgmtNwkUpdateReq: 0x0038,
} as const;

export const ZdoStatus = { Success: 0x00, InvalidRequestType: 0x80, InvalidEp: 0x82, NotSupported: 0x84, DeviceNotFound: 0x81 } as const;

/** Response cluster of a request. */
export const responseCluster = (request: number): number => request | 0x8000;

/** ZDO requests about the network the radio core answers even when addressed to a device. */
export const NETWORK_LEVEL_REQUESTS: ReadonlySet<number> = new Set([
  ZdoCluster.NwkAddrReq,
  ZdoCluster.IeeeAddrReq,
  ZdoCluster.MgmtLqiReq,
  ZdoCluster.MgmtRtgReq,
  ZdoCluster.MgmtLeaveReq,
  ZdoCluster.MgmtPermitJoinReq,
]);
