/**
 * ZDO the radio core answers: everything addressed to the coordinator itself, and the
 * network-level requests to devices that need registry knowledge (addresses, leave, LQI and
 * routing tables, unicast permit join). Other device ZDO is the device's own responder.
 */
import type { CoordinatorInfo } from '../network/host-port';
import type { DeviceRegistry } from '../network/registry';
import { neighboursOf, routesOf } from '../network/topology';
import type { Ieee } from '../network/types';
import { ByteReader } from '../protocol/index';
import * as frames from './network-zdo-frames';
import { NETWORK_LEVEL_REQUESTS, ZdoCluster, ZdoStatus, responseCluster } from './network-zdo-ids';

export interface ZdoDeps {
  registry: DeviceRegistry;
  coordinator: CoordinatorInfo;
  /** Sends a ZDO response from `fromNwk` to the host. */
  reply(fromNwk: number, clusterId: number, asdu: Uint8Array): void;
  permitJoin(seconds: number): void;
  /** Removes a device after its leave response went out. */
  leave(ieee: Ieee): void;
  /** Runs the coordinator's energy scan; `done` gets the result once the scan time has passed. */
  energyScan(scan: EnergyScanRequest, done: (result: EnergyScanResult) => void): void;
}

export interface EnergyScanRequest {
  mask: number;
  /** 0-5: each channel is listened to for (2^duration + 1) superframes. */
  duration: number;
  count: number;
}

export interface EnergyScanResult {
  /** One ED value per scanned channel, lowest channel first. */
  energies: number[];
  transmissions: number;
  failures: number;
}

/** Scan durations above 5 are commands: 0xFE changes the channel, 0xFF the manager and mask; neither is answered. */
const MAX_SCAN_DURATION = 5;
const CHANGE_CHANNEL = 0xfe;
const VALID_CHANNELS = 0x07fff800;

export const isNetworkLevel = (clusterId: number): boolean => NETWORK_LEVEL_REQUESTS.has(clusterId);

/** Answers a ZDO request sent to NWK 0x0000 (or by IEEE to the coordinator). */
export function answerCoordinatorZdo(deps: ZdoDeps, clusterId: number, asdu: Uint8Array): void {
  const r = new ByteReader(asdu);
  const tsn = r.u8();
  const send = (bytes: Uint8Array) => deps.reply(0, responseCluster(clusterId), bytes);
  const endpoints = deps.coordinator.endpoints();
  switch (clusterId) {
    case ZdoCluster.NodeDescReq:
      return send(frames.coordinatorNodeDescriptor(tsn));
    case ZdoCluster.ActiveEpReq:
      return send(frames.activeEndpoints(tsn, 0, [...endpoints.keys()]));
    case ZdoCluster.SimpleDescReq: {
      r.u16();
      return send(frames.simpleDescriptor(tsn, 0, endpoints.get(r.u8())));
    }
    case ZdoCluster.MgmtNwkUpdateReq:
      return answerNwkUpdate(deps, tsn, r, send);
    default:
      if (isNetworkLevel(clusterId)) return answerNetworkZdo(deps, 0, clusterId, asdu);
      return send(frames.statusOnly(tsn, ZdoStatus.NotSupported));
  }
}

/** Mgmt_NWK_Update_req to the coordinator: an energy scan answered with Mgmt_NWK_Update_notify once it is done. */
function answerNwkUpdate(deps: ZdoDeps, tsn: number, r: ByteReader, send: (bytes: Uint8Array) => void): void {
  const mask = ((r.u16() | (r.u16() << 16)) >>> 0) & VALID_CHANNELS;
  const duration = r.u8();
  if (duration >= CHANGE_CHANNEL) return;
  if (duration > MAX_SCAN_DURATION) return send(frames.nwkUpdateNotify(tsn, ZdoStatus.InvalidRequestType, 0, 0, 0, []));
  const count = r.remaining > 0 ? r.u8() : 1;
  deps.energyScan({ mask, duration, count }, (result) =>
    send(frames.nwkUpdateNotify(tsn, ZdoStatus.Success, mask, result.transmissions, result.failures, result.energies)),
  );
}

/** Answers a network-level request on behalf of `nwk` (0 = coordinator). */
export function answerNetworkZdo(deps: ZdoDeps, nwk: number, clusterId: number, asdu: Uint8Array): void {
  const r = new ByteReader(asdu);
  const tsn = r.u8();
  const send = (bytes: Uint8Array) => deps.reply(nwk, responseCluster(clusterId), bytes);
  const self = nwk === 0 ? undefined : deps.registry.byAddress(nwk);
  const ieee = self ? self.device.identity.ieee : deps.coordinator.ieee();
  switch (clusterId) {
    case ZdoCluster.NwkAddrReq:
    case ZdoCluster.IeeeAddrReq:
      return send(frames.addressResponse(tsn, ieee, nwk));
    case ZdoCluster.MgmtLqiReq: {
      const table = neighboursOf(nwk, deps.registry, deps.coordinator.ieee());
      return send(frames.lqiTable(tsn, r.remaining > 0 ? r.u8() : 0, deps.coordinator.extendedPanId(), table));
    }
    case ZdoCluster.MgmtRtgReq:
      return send(frames.routingTable(tsn, r.remaining > 0 ? r.u8() : 0, routesOf(nwk, deps.registry)));
    case ZdoCluster.MgmtPermitJoinReq:
      deps.permitJoin(r.u8());
      return send(frames.statusOnly(tsn, ZdoStatus.Success));
    case ZdoCluster.MgmtLeaveReq:
      send(frames.statusOnly(tsn, self ? ZdoStatus.Success : ZdoStatus.NotSupported));
      if (self) deps.leave(self.device.identity.ieee);
      return;
    default:
      return send(frames.statusOnly(tsn, ZdoStatus.NotSupported));
  }
}
