/**
 * The emulated CC2652 Z-Stack firmware: SREQs in, SRSPs and AREQs out. It is the Z-Stack front of
 * the shared simulated network (a `HostPort`): confirms become AF dataConfirm, device frames become
 * AF incomingMsg or ZDO callbacks, joins become tcDeviceInd + endDeviceAnnceInd, leaves leaveInd,
 * inter-PAN answers incomingMsgExt. Transport-free: `send` is set by the TCP link.
 */
import type { ApsRequest } from '../protocol/index';
import type { CoordinatorInfo, HostPort, InterPanIndication, PendingConfirm, PendingIndication } from '../network/host-port';
import type { InterPanRequest } from '../network/touchlink';
import {
  callbackCommand,
  commandName,
  decodeFields,
  encodeFields,
  isZdoRequestCommand,
  MT,
  MtType,
  rpcError,
  RpcErrorCode,
  Subsystem,
  zdoCallbackData,
} from '../znp/index';
import type { Fields, MtCommandName, MtFrame } from '../znp/index';
import { afHandlers, handleZdoRequest, networkFacts, ZDO_REQUEST_ID_BASE } from './af-commands';
import { CAPABILITY_SUBSYSTEMS, DeviceState, freshRam } from './firmware-state';
import type { FirmwareContext, FirmwareRam } from './firmware-state';
import { formationHandlers } from './formation';
import { coordinatorIeee, networkHandlers } from './network-commands';
import { nvHandlers } from './nv-commands';
import type { NvStore } from './nv-store';

const handlers: Partial<Record<MtCommandName, (ctx: FirmwareContext, req: Fields) => Fields | undefined>> = {
  ...nvHandlers,
  ...networkHandlers,
  ...formationHandlers,
  ...afHandlers,
};
const SUBSYSTEMS = new Set(CAPABILITY_SUBSYSTEMS.values());

export interface ZnpFirmwareDeps {
  nv: NvStore;
  route(request: ApsRequest): void;
  interPan(request: InterPanRequest): void;
  changed(): void;
  now(): number;
  log(event: string, detail?: Record<string, unknown>): void;
}

const ZDO_ANNOUNCE = 0x0013;
const ALL_ZDO_CLUSTERS = 0xffff;
/** A device's frames leave with radius 30 (twice the maximum depth) and arrive one hop later. */
const RESULT_RADIUS = 29;
/** deCONZ's "route discovery failed" becomes Z-Stack's NWK_NO_ROUTE, which herdsman retries. */
const CONFIRM_STATUS: ReadonlyMap<number, number> = new Map([[0xd0, 0xcd]]);

export class ZnpFirmware implements HostPort {
  readonly ram: FirmwareRam = freshRam();
  private readonly ctx: FirmwareContext;
  /** Set by the host link; frames sent while no host is connected are lost, as on a UART. */
  send: (frame: MtFrame) => void = () => {};
  private pendingAreqs: MtFrame[] | undefined;

  constructor(private readonly deps: ZnpFirmwareDeps) {
    this.ctx = {
      nv: deps.nv,
      ram: this.ram,
      route: deps.route,
      interPan: deps.interPan,
      changed: deps.changed,
      log: deps.log,
      areq: (name, fields) => this.areq(name, fields),
    };
  }

  /** One frame from the host. SREQs get exactly one SRSP (or RPC error), then any AREQs the command caused. */
  handle(frame: MtFrame): void {
    if (frame.type !== MtType.SREQ && frame.type !== MtType.AREQ) return;
    this.pendingAreqs = [];
    try {
      const response = this.dispatch(frame);
      if (response && frame.type === MtType.SREQ) this.send(response);
    } finally {
      const queued = this.pendingAreqs;
      this.pendingAreqs = undefined;
      for (const areq of queued) this.send(areq);
    }
  }

  private dispatch(frame: MtFrame): MtFrame | undefined {
    const srsp = (data: Uint8Array): MtFrame => ({ type: MtType.SRSP, subsystem: frame.subsystem, command: frame.command, data });
    const name = commandName(frame.subsystem, frame.command);
    const handler = name && handlers[name];
    try {
      if (name && handler) {
        const def = MT[name];
        const result = handler(this.ctx, decodeFields(def.request, frame.data));
        return result && 'response' in def ? srsp(encodeFields(def.response, result)) : undefined;
      }
      if (frame.subsystem === Subsystem.ZDO && isZdoRequestCommand(frame.command)) {
        return srsp(Uint8Array.of(handleZdoRequest(this.ctx, frame.command, frame.data).status as number));
      }
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      this.deps.log('short-command', { subsystem: frame.subsystem, command: frame.command });
      return rpcError(RpcErrorCode.InvalidLength, frame);
    }
    this.deps.log('unknown-command', { subsystem: frame.subsystem, command: frame.command });
    return rpcError(SUBSYSTEMS.has(frame.subsystem) ? RpcErrorCode.InvalidCommandId : RpcErrorCode.InvalidSubsystem, frame);
  }

  private areq(name: MtCommandName, fields: Fields): void {
    const def = MT[name];
    this.queue({ type: MtType.AREQ, subsystem: def.subsystem, command: def.id, data: encodeFields(def.request, fields) });
  }

  /** AREQs caused by a host command go out after its SRSP. */
  private queue(frame: MtFrame): void {
    if (this.pendingAreqs) this.pendingAreqs.push(frame);
    else this.send(frame);
  }

  confirm(confirm: PendingConfirm): void {
    if (confirm.requestId >= ZDO_REQUEST_ID_BASE) return;
    this.areq('dataConfirm', { status: CONFIRM_STATUS.get(confirm.status) ?? confirm.status, endpoint: confirm.srcEndpoint, transid: confirm.requestId });
  }

  indicate(ind: PendingIndication): void {
    if (this.ram.deviceState !== DeviceState.Coordinator) return;
    if (ind.profileId === 0) return this.indicateZdo(ind);
    const groupid = ind.dst.mode === 'group' ? ind.dst.group : 0;
    const wasbroadcast = ind.dst.mode === 'nwk' && ind.dst.nwk >= 0xfff8 ? 1 : 0;
    this.areq('incomingMsg', {
      groupid,
      clusterid: ind.clusterId,
      srcaddr: ind.srcNwk,
      srcendpoint: ind.srcEndpoint,
      dstendpoint: ind.dstEndpoint,
      wasbroadcast,
      linkquality: ind.lqi,
      securityuse: 0,
      timestamp: this.deps.now() >>> 0,
      transseqnumber: 0,
      len: ind.asdu.length,
      data: ind.asdu,
      macsrcaddr: ind.srcNwk,
      radius: RESULT_RADIUS,
    });
  }

  private indicateZdo(ind: PendingIndication): void {
    if (ind.clusterId === ZDO_ANNOUNCE) {
      // A join through the trust centre, then the device's own announcement.
      const ieee = Array.from(ind.asdu.subarray(3, 11))
        .reverse()
        .map((b) => b.toString(16).padStart(2, '0'))
        .join('');
      this.areq('tcDeviceInd', { nwkaddr: ind.srcNwk, extaddr: ieee, parentaddr: 0 });
    }
    const command = callbackCommand(ind.clusterId);
    if (command !== undefined) this.queue({ type: MtType.AREQ, subsystem: Subsystem.ZDO, command, data: zdoCallbackData(ind.srcNwk, ind.clusterId, ind.asdu) });
    const { zdoCallbacks } = this.ram;
    if (!zdoCallbacks.has(ind.clusterId) && !zdoCallbacks.has(ALL_ZDO_CLUSTERS)) return;
    // A host that registered for the cluster also gets the raw frame (ZDO_MSG_CB_INCOMING).
    const macdstaddr = ind.dst.mode === 'nwk' ? ind.dst.nwk : 0xffff;
    this.areq('msgCbIncoming', {
      srcaddr: ind.srcNwk,
      wasbroadcast: macdstaddr >= 0xfff8 ? 1 : 0,
      clusterid: ind.clusterId,
      securityuse: 0,
      seqnum: ind.asdu[0] ?? 0,
      macdstaddr,
      data: ind.asdu.subarray(1),
    });
  }

  left(nwk: number, ieee: string): void {
    if (this.ram.deviceState !== DeviceState.Coordinator) return;
    this.areq('leaveInd', { srcaddr: nwk, extaddr: ieee, request: 0, removechildren: 0, rejoin: 0 });
  }

  interPan(ind: InterPanIndication): void {
    const TOUCHLINK_ENDPOINT = 12;
    this.areq('incomingMsgExt', {
      groupid: 0,
      clusterid: ind.clusterId,
      srcaddrmode: 3,
      srcaddr: ind.srcIeee,
      srcendpoint: 0xfe,
      srcpanid: ind.srcPanId,
      dstendpoint: TOUCHLINK_ENDPOINT,
      wasbroadcast: 0,
      linkquality: ind.lqi,
      securityuse: 0,
      timestamp: this.deps.now() >>> 0,
      transseqnumber: 0,
      len: ind.asdu.length,
      data: ind.asdu,
    });
  }

  /** The coordinator as the network sees it. */
  readonly coordinator: CoordinatorInfo = {
    ieee: () => coordinatorIeee(this.ctx),
    extendedPanId: () => networkFacts(this.ctx).extendedPanId,
    endpoints: () => new Map([...this.ram.endpoints].sort(([a], [b]) => a - b)),
    channel: () => networkFacts(this.ctx).channel,
    panId: () => networkFacts(this.ctx).panId,
  };

  /** A reboot: the RAM state is gone, NV stays. */
  reboot(): void {
    Object.assign(this.ram, freshRam());
  }
}
