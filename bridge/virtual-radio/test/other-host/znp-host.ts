/**
 * The start-up of a Z-Stack host as zigpy-znp does it with its defaults (no configuration but the
 * port): probe the stick, read the network from NV, and if there is none form a temporary network
 * with random settings through BDB commissioning, then write the real network record, keys and
 * frame counter over it; start through BDB commissioning on the stored network, register the
 * endpoints and ask for every ZDO callback.
 */
import { randomBytes } from 'node:crypto';
import { RpcError } from './znp-client';
import type { ZnpClient } from './znp-client';
import { le16, le32, ZnpNv } from './znp-nv';

export const Item = {
  ExtAddr: 0x0001,
  StartupOption: 0x0003,
  Nib: 0x0021,
  ExtPanId: 0x002d,
  BcastDeliveryTime: 0x0030,
  ConcentratorEnable: 0x0032,
  ConcentratorDiscovery: 0x0033,
  ConcentratorRc: 0x0036,
  SrcRtgExpiry: 0x0038,
  ActiveKey: 0x003a,
  AlternKey: 0x003b,
  ChildAge: 0x003e,
  ApsUseExtPanId: 0x0047,
  OnANetwork: 0x0055,
  MigrationId: 0x005f,
  Configured: 0x0060,
  PrecfgKey: 0x0062,
  PrecfgKeysEnable: 0x0063,
  PanId: 0x0083,
  ChanList: 0x0084,
  LogicalType: 0x0087,
  ZdoDirectCb: 0x008f,
  TclkSeed: 0x0101,
  ConfiguredZStack1: 0x0f00,
} as const;
const Table = { TcLinkKeys: 0x0004, SecurityMaterial: 0x0007 } as const;
const APP_CNF_CAPABILITY = 1 << 10;
const STARTUP_CHANNELS = (1 << 15) | (1 << 20) | (1 << 25);
/** NIB offsets in the aligned (CC26xx) layout. */
const Nib = {
  securityLevel: 12,
  devAddress: 22,
  channel: 24,
  coordAddress: 26,
  panId: 36,
  channelList: 40,
  epid: 57,
  keyLoaded: 65,
  manager: 110,
  updateId: 114,
};

export interface NetworkInfo {
  panId: number;
  channel: number;
  extendedPanId: Buffer;
  key: Buffer;
  ieee: string;
  frameCounter: number;
}

export interface CommissioningResult {
  notifications: Array<{ status: number; mode: number; remaining: number }>;
}

const ieeeOf = (bytes: Buffer) => Buffer.from(bytes).reverse().toString('hex');

export class ZnpHost {
  readonly nv: ZnpNv;
  aligned = false;
  zstack = 0;

  constructor(readonly z: ZnpClient) {
    this.nv = new ZnpNv(z);
  }

  /** Ping, struct alignment and version, as the driver's connect does. */
  async connect(): Promise<void> {
    const capabilities = (await this.z.sreq(0x21, 0x01, [], 500)).data.readUInt16LE(0);
    if (!(capabilities & APP_CNF_CAPABILITY)) throw new Error(`capabilities 0x${capabilities.toString(16)}: Z-Stack 1.2, not supported here`);
    const device = (await this.z.sreq(0x27, 0x49, [0])).data;
    if (device.length !== 36 && device.length !== 28) throw new Error(`cannot tell the struct alignment from ${device.length} bytes`);
    this.aligned = device.length === 36;
    try {
      await this.nv.entry(Table.TcLinkKeys, 0);
      this.zstack = 3.3;
    } catch (error) {
      if (!(error instanceof RpcError)) throw error;
      this.zstack = 3.0;
    }
  }

  async reset(): Promise<void> {
    const from = this.z.mark();
    this.z.write(0x41, 0x00, [0x01]);
    await this.z.next((f) => f.cmd0 === 0x41 && f.cmd1 === 0x80, from);
  }

  /** The network in NV, or undefined when the stick is not on one. */
  async networkInfo(): Promise<NetworkInfo | undefined> {
    const nib = await this.nv.read(Item.Nib);
    if (!nib || nib[Nib.channel] === 0 || nib[Nib.keyLoaded] !== 1) return undefined;
    if ((await this.nv.read(Item.OnANetwork))?.[0] !== 1) return undefined;
    const extendedPanId = nib.subarray(Nib.epid, Nib.epid + 8);
    const key = (await this.nv.read(Item.ActiveKey))!;
    const material = (await this.nv.entries(Table.SecurityMaterial)).find((e) => e.subarray(4, 12).equals(extendedPanId));
    if (!material) throw new Error('no security material for this network');
    return {
      panId: nib.readUInt16LE(Nib.panId),
      channel: nib[Nib.channel],
      extendedPanId,
      key: key.subarray(1, 17),
      ieee: ieeeOf((await this.nv.read(Item.ExtAddr))!),
      frameCounter: material.readUInt32LE(0),
    };
  }

  /** BDB commissioning in formation mode; resolves once it reports no remaining modes and state 9. */
  async commission(): Promise<CommissioningResult> {
    const from = this.z.mark();
    const srsp = await this.z.sreq(0x2f, 0x05, [0x04]);
    if (srsp.data[0] !== 0) throw new Error(`commissioning refused: ${srsp.data[0]}`);
    await this.z.next((f) => f.cmd0 === 0x4f && f.cmd1 === 0x80 && f.data[2] === 0, from, 60_000);
    await this.z.next((f) => f.cmd0 === 0x45 && f.cmd1 === 0xc0 && f.data[0] === 9, from, 15_000);
    const notifications = this.z
      .since(from)
      .filter((f) => f.cmd0 === 0x4f && f.cmd1 === 0x80)
      .map((f) => ({ status: f.data[0], mode: f.data[1], remaining: f.data[2] }));
    const last = notifications.at(-1)!;
    if (last.status !== 0x00 && last.status !== 0x08) throw new Error(`formation failed: ${last.status}`);
    for (;;) {
      const nib = await this.nv.read(Item.Nib);
      if (nib && nib[Nib.channel] !== 0 && nib.readUInt16LE(Nib.panId) !== 0xfffe) return { notifications };
      await new Promise((r) => setTimeout(r, 1000));
    }
  }

  /** Forms a temporary network with random settings, then writes `net` over it. */
  async form(net: { panId: number; channel: number; extendedPanId: Buffer; key: Buffer }): Promise<CommissioningResult> {
    for (const id of [Item.ConfiguredZStack1, Item.Configured, Item.MigrationId, Item.OnANetwork]) await this.nv.delete(id);
    await this.nv.write(Item.StartupOption, [0x03]);
    await this.reset();
    await this.nv.write(Item.PanId, le16(0xffff), true);
    await this.nv.write(Item.ApsUseExtPanId, randomBytes(8), true);
    await this.nv.write(Item.PrecfgKey, randomBytes(16), true);
    await this.nv.write(Item.PrecfgKeysEnable, [0], true);
    await this.nv.write(Item.ChanList, le32(STARTUP_CHANNELS), true);
    await this.z.sreq(0x2f, 0x08, [1, ...le32(STARTUP_CHANNELS)]);
    await this.z.sreq(0x2f, 0x08, [0, ...le32(0)]);
    const temporary = await this.commission();
    await this.reset();
    const nib = (await this.nv.read(Item.Nib))!;
    nib.writeUInt16LE(0, Nib.devAddress);
    nib.writeUInt16LE(net.panId, Nib.panId);
    net.extendedPanId.copy(nib, Nib.epid);
    nib[Nib.updateId] = 0;
    nib[Nib.channel] = net.channel;
    nib.writeUInt32LE((1 << net.channel) >>> 0, Nib.channelList);
    nib[Nib.securityLevel] = 5;
    nib.writeUInt16LE(0, Nib.manager);
    nib.writeUInt16LE(0, Nib.coordAddress);
    const keyDescriptor = Buffer.from([0, ...net.key]);
    await this.nv.write(Item.Nib, nib, true);
    await this.nv.write(Item.ApsUseExtPanId, net.extendedPanId, true);
    await this.nv.write(Item.ExtPanId, net.extendedPanId, true);
    await this.nv.write(Item.PrecfgKey, net.key, true);
    await this.nv.write(Item.ChanList, le32((1 << net.channel) >>> 0), true);
    await this.nv.delete(Item.ExtAddr); // the stick puts its own IEEE back at the next reset
    await this.nv.write(Item.LogicalType, [0], true);
    await this.nv.write(Item.ActiveKey, keyDescriptor, true);
    await this.nv.write(Item.AlternKey, keyDescriptor, true);
    await this.nv.write(Item.TclkSeed, randomBytes(16), true);
    const material = Buffer.concat([Buffer.from(le32(0)), net.extendedPanId]);
    await this.nv.writeTable(Table.SecurityMaterial, [material], Buffer.alloc(12));
    await this.nv.write(Item.MigrationId, [1], true);
    await this.nv.write(Item.Configured, [0x55], true);
    await this.reset();
    return temporary;
  }

  /** Stack settings (the items must exist), reset, BDB start on the stored network, endpoints, ZDO callbacks. */
  async start(): Promise<CommissioningResult> {
    const settings: Array<[number, number]> = [
      [Item.LogicalType, 0],
      [Item.ConcentratorEnable, 1],
      [Item.ConcentratorDiscovery, 120],
      [Item.ConcentratorRc, 1],
      [Item.SrcRtgExpiry, 255],
      [Item.ChildAge, 0],
      [Item.BcastDeliveryTime, 30],
      [Item.ZdoDirectCb, 1],
    ];
    for (const [id, value] of settings) {
      const current = await this.nv.read(id);
      if (!current) throw new Error(`stack setting 0x${id.toString(16)} missing`);
      if (current.length !== 1 || current[0] !== value) await this.nv.write(id, [value]);
    }
    await this.reset();
    const result = await this.commission();
    await this.z.sreq(0x21, 0x02);
    // Endpoint 1: home automation; endpoint 2: ZLL, as the driver registers them.
    await this.register(1, 0x0104, 0x0400, [0x0000, 0x0006, 0x000a, 0x0019, 0x0501], [0x0001, 0x0020, 0x0500, 0x0502]);
    await this.register(2, 0xc05e, 0x0820, [0x0000], []);
    const registered = await this.z.sreq(0x25, 0x3e, le16(0xffff));
    if (registered.data[0] !== 0) throw new Error('ZDO callbacks refused');
    return result;
  }

  private async register(endpoint: number, profile: number, device: number, ins: number[], outs: number[]): Promise<void> {
    const { data } = await this.z.sreq(0x24, 0x00, [
      endpoint,
      ...le16(profile),
      ...le16(device),
      0,
      0,
      ins.length,
      ...ins.flatMap(le16),
      outs.length,
      ...outs.flatMap(le16),
    ]);
    if (data[0] !== 0) throw new Error(`endpoint ${endpoint} refused: ${data[0]}`);
  }
}
