/**
 * The emulated EmberZNet NCP: EZSP commands in, one response each, then the callbacks the command
 * caused, sent as asynchronous callback frames. It is the EZSP front of the shared simulated network
 * (a `HostPort`). Transport-free: `send` is set by the ASH link, `reboot` by the front.
 */
import type { ApsRequest } from '../protocol/index';
import type { CoordinatorInfo, HostPort, InterPanIndication, PendingConfirm, PendingIndication } from '../network/host-port';
import type { InterPanRequest } from '../network/touchlink';
import type { CommandHandler, NcpContext } from './context';
import { ByteReader, ByteWriter } from './ezsp-codec';
import { encodeEzspResponse, EzspStatus, FrameId, parseEzspCommand } from './ezsp-frame';
import { interPanHandlers, macFilterMatch } from './interpan';
import { deviceLeft, incomingMessage, messageSent, messagingHandlers, SendTable } from './messaging';
import { networkHandlers } from './network-commands';
import { freshRam } from './ncp-state';
import type { NcpRam, PersistedEmber } from './ncp-state';
import { keyHandlers } from './key-commands';
import { expireTransientKeys } from './sec-man';
import { securityHandlers } from './security-commands';
import { stackHandlers } from './stack-commands';
import { childChanged, tableHandlers } from './table-commands';
import { tokenHandlers } from './token-commands';
import { effectiveEui64 } from './tokens';

export interface EmberNcpDeps {
  tokens: PersistedEmber;
  route(request: ApsRequest): void;
  interPan(request: InterPanRequest): void;
  changed(): void;
  /** The device registry's IEEE for a NWK address (incoming frames name their sender's EUI64). */
  ieeeOf(nwk: number): string | undefined;
  /** The NWK address of a device's parent (0: the coordinator), for source routes. */
  parentOf(nwk: number): number | undefined;
  /** EmberNodeType of an end device (3 rx-on, 4 sleepy); undefined for a router. */
  endDeviceType(nwk: number): number | undefined;
  now(): number;
  log(event: string, detail?: Record<string, unknown>): void;
}

export class EmberNcp implements HostPort {
  readonly ram: NcpRam = freshRam();
  private readonly sends = new SendTable();
  private readonly handlers: Record<number, CommandHandler>;
  private readonly ctx: NcpContext;
  private pendingCallbacks: Uint8Array[] | undefined;
  private lastSequence = 0;
  /** resetNode: the NCP reboots once its response is out. */
  private rebootPending = false;
  /** Set by the ASH link; frames sent while no host is connected are lost, as on a UART. */
  send: (frame: Uint8Array) => void = () => {};
  /** Set by the front: the NCP reboots by itself (RSTACK to the host). */
  reboot: () => void = () => {};

  constructor(private readonly deps: EmberNcpDeps) {
    this.handlers = {
      ...stackHandlers,
      ...networkHandlers,
      ...securityHandlers,
      ...keyHandlers,
      ...tokenHandlers,
      ...tableHandlers,
      ...messagingHandlers(this.sends),
      ...interPanHandlers,
    };
    this.ctx = {
      tokens: deps.tokens,
      ram: this.ram,
      route: deps.route,
      interPan: deps.interPan,
      changed: deps.changed,
      log: deps.log,
      now: deps.now,
      reboot: () => {
        this.rebootPending = true;
      },
      callback: (frameId, params) => this.callback(frameId, params),
    };
  }

  get tokens(): PersistedEmber {
    return this.deps.tokens;
  }

  /** One EZSP frame from the host: exactly one response, then any callbacks it caused. */
  handle(bytes: Uint8Array): void {
    const command = parseEzspCommand(bytes);
    if (!command) return this.deps.log('ezsp-short-frame', { length: bytes.length });
    this.lastSequence = command.sequence;
    this.pendingCallbacks = [];
    try {
      const { frameId, params } = this.answer(command.frameId, command.params, command.legacy);
      this.send(encodeEzspResponse(command.sequence, frameId, params, { legacy: command.legacy }));
    } finally {
      const queued = this.pendingCallbacks;
      this.pendingCallbacks = undefined;
      for (const frame of queued) this.send(frame);
      if (this.rebootPending) {
        this.rebootPending = false;
        this.reboot();
      }
    }
  }

  private answer(frameId: number, params: Uint8Array, legacy: boolean): { frameId: number; params: Uint8Array } {
    const invalid = (status: number) => ({ frameId: FrameId.InvalidCommand, params: Uint8Array.of(status) });
    // The legacy layout (and EZSP 5-7's) is understood for the host's first `version` only.
    if (legacy && frameId !== FrameId.Version) return invalid(EzspStatus.UnsupportedControl);
    // Until the host has said which EZSP version it speaks, only `version` is understood.
    if (frameId !== FrameId.Version && this.ram.protocol === undefined) return invalid(EzspStatus.VersionNotSet);
    const handler = this.handlers[frameId];
    if (!handler) {
      this.deps.log('ezsp-unknown-command', { frameId });
      return invalid(EzspStatus.InvalidFrameId);
    }
    try {
      return { frameId, params: handler(this.ctx, new ByteReader(params)) };
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      this.deps.log('ezsp-short-command', { frameId });
      return invalid(EzspStatus.InvalidValue);
    }
  }

  private callback(frameId: number, params: Uint8Array): void {
    const frame = encodeEzspResponse(this.lastSequence, frameId, params, { callback: true });
    if (this.pendingCallbacks) this.pendingCallbacks.push(frame);
    else this.send(frame);
  }

  /** A reset (RST from the host, or the NCP's own): RAM is gone, tokens stay. */
  reset(): void {
    Object.assign(this.ram, freshRam());
    this.sends.clear();
    this.deps.tokens.bootCounter = ((this.deps.tokens.bootCounter ?? 0) + 1) & 0xffff;
    this.deps.changed();
  }

  confirm(confirm: PendingConfirm): void {
    messageSent(this.ctx, this.sends, confirm);
  }

  indicate(ind: PendingIndication): void {
    if (!this.ram.networkUp) return;
    this.routeRecord(ind);
    incomingMessage(this.ctx, ind, this.deps.ieeeOf, (nwk, ieee) => this.joined(nwk, ieee));
  }

  /** A device announced itself: a child of the coordinator is in its child table first, then the TC join. */
  private joined(nwk: number, ieee: string): number {
    const type = this.deps.endDeviceType(nwk);
    const parent = this.deps.parentOf(nwk) ?? 0;
    if (type !== undefined && parent === 0) childChanged(this.ctx, ieee, nwk, type, true);
    return parent;
  }

  /**
   * A concentrator learns the route of a device behind a router from the route record that comes
   * with its first frame: incomingRouteRecordHandler with the relay (its parent), once per route.
   */
  private routeRecord(ind: PendingIndication): void {
    const parent = this.deps.parentOf(ind.srcNwk);
    if (parent === undefined || parent === 0 || this.ram.routes.get(ind.srcNwk) === parent) return;
    this.ram.routes.set(ind.srcNwk, parent);
    const w = new ByteWriter()
      .u16(ind.srcNwk)
      .ieee(ind.srcIeee ?? this.deps.ieeeOf(ind.srcNwk) ?? '0000000000000000')
      .u8(ind.lqi)
      .i8(ind.rssi);
    this.ctx.callback(FrameId.IncomingRouteRecordHandler, w.u8(1).u16(parent).done());
  }

  left(nwk: number, ieee: string): void {
    if (!this.ram.networkUp) return;
    const child = this.deps.tokens.children?.find((c) => c?.ieee === ieee);
    if (child) childChanged(this.ctx, ieee, nwk, child.type, false);
    deviceLeft(this.ctx, nwk, ieee);
  }

  interPan(ind: InterPanIndication): void {
    macFilterMatch(this.ctx, ind);
  }

  /** The link key a joining device must hold: its transient key (an install code), else its key-table entry. */
  linkKey(ieee: string): Uint8Array | undefined {
    expireTransientKeys(this.ram, this.deps.now());
    const key = this.ram.transientKeys.get(ieee)?.key ?? this.deps.tokens.keyTable.find((entry) => entry?.ieee === ieee)?.key;
    return key === undefined ? undefined : Uint8Array.from(Buffer.from(key, 'hex'));
  }

  /** The coordinator as the network sees it. */
  readonly coordinator: CoordinatorInfo = {
    ieee: () => effectiveEui64(this.deps.tokens),
    extendedPanId: () => Uint8Array.from(Buffer.from(this.deps.tokens.network?.extendedPanId ?? '0'.repeat(16), 'hex')),
    endpoints: () => new Map([...this.ram.endpoints].sort(([a], [b]) => a - b)),
    channel: () => this.deps.tokens.network?.channel ?? 0,
    panId: () => this.deps.tokens.network?.panId ?? 0xffff,
  };
}
