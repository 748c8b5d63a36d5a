/**
 * Pure encoders of the ZDO responses the radio core sends (asdu bytes, first byte = ZDO TSN).
 */
import { ByteWriter } from '../protocol/index';
import type { Neighbour } from '../network/topology';

export function statusOnly(tsn: number, status: number): Uint8Array {
  return Uint8Array.of(tsn, status);
}

/** IEEE_addr_rsp / NWK_addr_rsp (single device request type). */
export function addressResponse(tsn: number, ieee: string, nwk: number): Uint8Array {
  return new ByteWriter().u8(tsn).u8(0).ieee(ieee).u16(nwk).done();
}

/** Node_Desc_rsp for the coordinator (dresden elektronik manufacturer code, stack revision 22). */
export function coordinatorNodeDescriptor(tsn: number): Uint8Array {
  return new ByteWriter()
    .u8(tsn)
    .u8(0)
    .u16(0x0000)
    .u8(0x00) // logical type coordinator
    .u8(0x40) // 2.4 GHz
    .u8(0x8f) // alt PAN coordinator, FFD, mains, rx on when idle, allocate address
    .u16(0x1135)
    .u8(0x50)
    .u16(0x00a0)
    .u16(0x2c41) // primary trust centre + network manager, compliance revision 22
    .u16(0x00a0)
    .u8(0x00)
    .done();
}

export function activeEndpoints(tsn: number, nwk: number, endpoints: number[]): Uint8Array {
  return new ByteWriter().u8(tsn).u8(0).u16(nwk).u8(endpoints.length).bytes(endpoints).done();
}

/** `descriptor` = endpoint, profile, device id, version, in clusters, out clusters (param 0x13 minus index). */
export function simpleDescriptor(tsn: number, nwk: number, descriptor: Uint8Array | undefined): Uint8Array {
  if (!descriptor) return new ByteWriter().u8(tsn).u8(0x82).u16(nwk).u8(0).done();
  return new ByteWriter().u8(tsn).u8(0).u16(nwk).u8(descriptor.length).bytes(descriptor).done();
}

const LQI_PAGE = 3;

export function lqiTable(tsn: number, start: number, extPanId: Uint8Array, table: Neighbour[]): Uint8Array {
  const page = table.slice(start, start + LQI_PAGE);
  const w = new ByteWriter().u8(tsn).u8(0).u8(table.length).u8(start).u8(page.length);
  for (const n of page) {
    w.bytes(extPanId).ieee(n.ieee).u16(n.nwk);
    w.u8(n.deviceType | ((n.rxOnWhenIdle ? 1 : 0) << 2) | (n.relationship << 4));
    w.u8(0x02).u8(n.depth).u8(n.lqi); // permit join unknown
  }
  return w.done();
}

export function routingTable(tsn: number, start: number, routes: Array<{ dest: number; nextHop: number }>): Uint8Array {
  const page = routes.slice(start, start + 10);
  const w = new ByteWriter().u8(tsn).u8(0).u8(routes.length).u8(start).u8(page.length);
  for (const r of page) w.u16(r.dest).u8(0x00).u16(r.nextHop);
  return w.done();
}

/** Mgmt_NWK_Update_notify: status, scanned channels u32, total transmissions u16, failures u16, one ED value per channel. */
export function nwkUpdateNotify(tsn: number, status: number, scanned: number, transmissions: number, failures: number, energies: number[]): Uint8Array {
  const w = new ByteWriter()
    .u8(tsn)
    .u8(status)
    .u16(scanned & 0xffff)
    .u16(scanned >>> 16);
  return w.u16(Math.min(transmissions, 0xffff)).u16(Math.min(failures, 0xffff)).u8(energies.length).bytes(energies).done();
}

/** Device_annce: nwk, ieee, MAC capabilities. */
export function deviceAnnounce(tsn: number, nwk: number, ieee: string, macCapabilities: number): Uint8Array {
  return new ByteWriter().u8(tsn).u16(nwk).ieee(ieee).u8(macCapabilities).done();
}
