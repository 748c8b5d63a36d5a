/**
 * Joining and interviewing as the driver does it: permit join through the MT ZDO command (the
 * coordinator answers a broadcast one too), ZDO requests as AF frames from endpoint 0 to endpoint 0
 * answered through ZDO.MsgCbIncoming (after a route check), and ZCL through AF.DataRequestExt with
 * its AF.DataConfirm and AF.IncomingMsg, whose trailing MAC source and radius are checked.
 */
import type { ZnpClient, ZnpFrame } from './znp-client';
import { le16 } from './znp-nv';

export interface Incoming {
  cluster: number;
  srcAddr: number;
  srcEndpoint: number;
  dstEndpoint: number;
  data: Buffer;
  macSrcAddr: number;
  radius: number;
}

export interface Interview {
  logicalType: number;
  endpoints: number[];
  descriptors: Array<{ endpoint: number; profile: number; device: number; inClusters: number[] }>;
  basic: Record<number, string>;
}

const BASIC = 0x0000;

/** AF.IncomingMsg as the MT interface lays it out, to its last byte. */
export function parseIncoming(f: ZnpFrame): Incoming {
  const d = f.data;
  const len = d[16];
  if (d.length !== 17 + len + 3) throw new Error(`AF.IncomingMsg of ${d.length} bytes for ${len} data bytes`);
  return {
    cluster: d.readUInt16LE(2),
    srcAddr: d.readUInt16LE(4),
    srcEndpoint: d[6],
    dstEndpoint: d[7],
    data: d.subarray(17, 17 + len),
    macSrcAddr: d.readUInt16LE(17 + len),
    radius: d[19 + len],
  };
}

export class ZnpInterviewer {
  private tsn = 0;

  constructor(private readonly z: ZnpClient) {}

  private nextTsn(): number {
    this.tsn = (this.tsn % 255) + 1;
    return this.tsn;
  }

  /** Permit join on the coordinator (unicast), then network-wide (broadcast), each answered by 0x0000. */
  async permit(seconds: number): Promise<void> {
    for (const [mode, dst] of seconds === 0
      ? [[0x02, 0x0000]]
      : [
          [0x02, 0x0000],
          [0x0f, 0xfffc],
        ]) {
      const from = this.z.mark();
      const { data } = await this.z.sreq(0x25, 0x36, [mode, ...le16(dst), seconds, 1]);
      if (data[0] !== 0) throw new Error(`permit join refused: ${data[0]}`);
      await this.z.next((f) => f.cmd0 === 0x45 && f.cmd1 === 0xb6 && f.data.readUInt16LE(0) === 0x0000 && f.data[2] === 0, from);
    }
  }

  /** A ZDO request sent through AF; resolves with the response payload after its sequence number. */
  async zdo(nwk: number, cluster: number, payload: number[]): Promise<Buffer> {
    if (nwk !== 0x0000) {
      const route = await this.z.sreq(0x25, 0x46, [...le16(nwk), 0x01, 0x03]);
      if (route.data[0] !== 0) await this.z.sreq(0x25, 0x45, [...le16(nwk), 0x00, 30]);
    }
    const tsn = this.nextTsn();
    const frame = [tsn, ...payload];
    const from = this.z.mark();
    await this.dataRequestExt(nwk, 0, 0, cluster, tsn, frame);
    const answer = await this.z.next(
      (f) => f.cmd0 === 0x45 && f.cmd1 === 0xff && f.data.readUInt16LE(0) === nwk && f.data.readUInt16LE(3) === (cluster | 0x8000) && f.data[6] === tsn,
      from,
    );
    return answer.data.subarray(9);
  }

  /** A ZCL frame from endpoint 1; resolves with the answer that carries its sequence number. */
  async zcl(nwk: number, endpoint: number, cluster: number, command: number, payload: number[]): Promise<Incoming> {
    const tsn = this.nextTsn();
    const from = this.z.mark();
    await this.dataRequestExt(nwk, endpoint, 1, cluster, tsn, [0x00, tsn, command, ...payload]);
    const confirm = await this.z.next((f) => f.cmd0 === 0x44 && f.cmd1 === 0x80 && f.data[2] === tsn, from);
    if (confirm.data[0] !== 0) throw new Error(`delivery to 0x${nwk.toString(16)} failed: 0x${confirm.data[0].toString(16)}`);
    const answer = await this.z.next((f) => f.cmd0 === 0x44 && f.cmd1 === 0x81 && f.data.readUInt16LE(4) === nwk && f.data[18] === tsn, from);
    return parseIncoming(answer);
  }

  private async dataRequestExt(nwk: number, dstEndpoint: number, srcEndpoint: number, cluster: number, tsn: number, frame: number[]): Promise<void> {
    const address = [...le16(nwk), 0, 0, 0, 0, 0, 0];
    const { data } = await this.z.sreq(0x24, 0x02, [
      0x02,
      ...address,
      dstEndpoint,
      ...le16(0),
      srcEndpoint,
      ...le16(cluster),
      tsn,
      0,
      30,
      ...le16(frame.length),
      ...frame,
    ]);
    if (data[0] !== 0) throw new Error(`data request refused: ${data[0]}`);
  }

  /** Node descriptor, endpoints, simple descriptors, then model and manufacturer from Basic. */
  async interview(nwk: number): Promise<Interview> {
    const node = await this.zdo(nwk, 0x0002, le16(nwk));
    if (node[0] !== 0) throw new Error(`node descriptor: status ${node[0]}`);
    const active = await this.zdo(nwk, 0x0005, le16(nwk));
    const endpoints = [...active.subarray(4, 4 + active[3])];
    const descriptors = [];
    for (const endpoint of endpoints) {
      const d = await this.zdo(nwk, 0x0004, [...le16(nwk), endpoint]);
      const inCount = d[10];
      descriptors.push({
        endpoint: d[4],
        profile: d.readUInt16LE(5),
        device: d.readUInt16LE(7),
        inClusters: Array.from({ length: inCount }, (_, i) => d.readUInt16LE(11 + 2 * i)),
      });
    }
    const home = descriptors.find((d) => d.profile === 0x0104 && d.inClusters.includes(BASIC)) ?? descriptors[0];
    const basic: Record<number, string> = {};
    for (const attribute of [0x0004, 0x0005]) {
      const rsp = await this.zcl(nwk, home.endpoint, BASIC, 0x00, le16(attribute));
      const z = rsp.data; // header (3), attribute id, status, type 0x42, length, characters
      if (z[5] === 0 && z[6] === 0x42) basic[attribute] = z.subarray(8, 8 + z[7]).toString('latin1');
    }
    return { logicalType: node[3] & 0x07, endpoints, descriptors, basic };
  }
}
