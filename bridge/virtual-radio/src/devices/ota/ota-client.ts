/**
 * A device's OTA upgrade client (ZCL 11.13): it answers Image Notify with a Query Next Image Request
 * (a sleepy device only asks at its check-in), downloads the offered image block by block, checks it,
 * ends with an Upgrade End Request and, told when by the Upgrade End Response, reboots into the new
 * version. Server endpoint and times come from the frames, so any OTA server is served alike.
 */
import type { Destination, DeviceContext, DeviceIdentity, OtaFault, OtaView } from '../../network/types';
import { type ZclHeader, type ZclValue, resolveCluster } from '../../zcl/index';
import type { CatalogueEntry, OtaSpec } from '../catalogue-schema';
import type { DeviceMemory } from '../memory';
import type { Timers } from '../timers';
import { Download } from './download';
import { type BlockResponse, OtaStatus, UpgradeStatus, blockRequestFieldControl, encodeBlockRequestTail } from './ota-frames';
import { otaPacings } from './pacing';
import { type Identity, type Offer, imageProblem, offerProblem } from './verify';

const CLUSTER = 0x0019;
const A = 'genOta';
/** How long it waits for the answer to a Query Next Image or Upgrade End Request. */
const ANSWER_TIMEOUT_MS = 5_000;
const UPGRADE_ON_COMMAND = 0xffffffff;

type State = 'idle' | 'querying' | 'transfer' | 'ending' | 'upgrading';

/** The device as its OTA client sees it (the device host, kept narrow so behaviours can name the client). */
export interface OtaHost {
  readonly identity: DeviceIdentity;
  readonly entry: CatalogueEntry;
  readonly ctx: DeviceContext;
  readonly memory: DeviceMemory;
  readonly timers: Timers;
  now(): number;
  changed(): void;
  nextTsn(): number;
  set(endpoint: number, cluster: string, attr: string, value: ZclValue): void;
  emit(endpoint: number, clusterId: number, header: Omit<ZclHeader, 'tsn'> & { tsn?: number }, payload: Uint8Array, to: Destination[]): void;
}

export class OtaClient {
  readonly endpoint: number;
  private state: State = 'idle';
  private tsn = -1;
  /** The server's endpoint, from its notify; until then the one the network's OTA server has. */
  private serverEndpoint?: number;
  private download?: Download;
  private fault?: OtaFault;
  private lastResult?: OtaView['lastResult'];
  private random: number;
  private blocks = 0;

  constructor(
    private readonly host: OtaHost,
    private readonly spec: OtaSpec,
  ) {
    this.endpoint = spec.endpoint ?? host.entry.endpoints.find((e) => e.outClusters.includes(CLUSTER))!.id;
    this.random = Number.parseInt(host.identity.ieee.slice(-8), 16) >>> 0 || 1;
  }

  private get sleepy(): boolean {
    return !this.host.identity.rxOnWhenIdle;
  }

  private pacing() {
    return otaPacings[this.host.ctx.otaPacing?.() ?? 'realistic'];
  }

  private attr(name: string): number | undefined {
    return this.host.memory.clientState[this.endpoint]?.[A]?.[name];
  }

  private setAttrs(values: Record<string, number>): void {
    this.host.memory.setClientState(this.endpoint, A, values);
    this.host.changed();
  }

  get fileVersion(): number {
    return this.attr('currentFileVersion') ?? this.spec.fileVersion;
  }

  private identity(): Identity {
    const { manufacturerCode } = this.host.entry;
    return {
      ieee: this.host.identity.ieee,
      manufacturerCode,
      imageType: this.spec.imageType,
      ...(this.spec.hardwareVersion !== undefined ? { hardwareVersion: this.spec.hardwareVersion } : {}),
    };
  }

  /** A number in [0, 1) from the device's own generator (deterministic per IEEE). */
  private roll(): number {
    let x = this.random;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.random = x >>> 0 || 1;
    return this.random / 2 ** 32;
  }

  start(): void {
    if (this.attr('currentFileVersion') === undefined) {
      this.setAttrs({
        currentFileVersion: this.spec.fileVersion,
        currentZigbeeStackVersion: this.spec.stackVersion,
        manufacturerId: this.host.entry.manufacturerCode,
        imageTypeId: this.spec.imageType,
        imageUpgradeStatus: UpgradeStatus.normal,
        minimumBlockReqDelay: 0,
      });
    }
    this.repace();
  }

  /**
   * Schedules the periodic query (a sleepy device's check-in), the first in the second half of the
   * interval at a phase set by the address. Only on a network with an OTA server to ask.
   */
  repace(first = true): void {
    if (!this.host.ctx.otaServer) return;
    const interval = this.spec.queryIntervalS * 1000 * this.pacing().query;
    const phase = first ? (0.5 + Number.parseInt(this.host.identity.ieee.slice(-4), 16) / 0x20000) * interval : interval;
    this.host.timers.set(
      'ota:check-in',
      () => {
        if (this.host.ctx.otaServer?.() !== undefined && this.state === 'idle') this.query();
        this.repace(false);
      },
      Math.max(1, phase),
    );
  }

  private send(command: number, payload: number[]): number {
    const tsn = this.host.nextTsn();
    const header = { clusterSpecific: true, direction: 'toServer' as const, disableDefaultResponse: false, commandId: command, tsn };
    this.host.emit(this.endpoint, CLUSTER, header, Uint8Array.from(payload), [
      { kind: 'coordinator', endpoint: this.serverEndpoint ?? this.host.ctx.otaServer?.() ?? 1 },
    ]);
    return tsn;
  }

  /** Query Next Image Request; false when busy with a download or an upgrade. A new query supersedes one unanswered. */
  query(): boolean {
    if (this.state !== 'idle' && this.state !== 'querying') return false;
    const hw = this.spec.hardwareVersion;
    const { manufacturerCode } = this.host.entry;
    const w = [
      hw === undefined ? 0 : 1,
      ...le(manufacturerCode, 2),
      ...le(this.spec.imageType, 2),
      ...le(this.fileVersion, 4),
      ...(hw === undefined ? [] : le(hw, 2)),
    ];
    this.state = 'querying';
    this.tsn = this.send(0x01, w);
    this.host.timers.set('ota:answer', () => this.finish('no-answer'), ANSWER_TIMEOUT_MS);
    return true;
  }

  imageNotify(args: Record<string, unknown>, from: { srcEndpoint?: number; broadcast?: boolean }): void {
    // A sleepy device's receiver is off: it asks at its check-in, never in answer to a notify.
    if (this.sleepy || (this.state !== 'idle' && this.state !== 'querying')) return;
    const type = Number(args.payloadType);
    const own = this.identity();
    if (type >= 1 && Number(args.manufacturerCode) !== own.manufacturerCode && Number(args.manufacturerCode) !== 0xffff) return;
    if (type >= 2 && Number(args.imageType) !== own.imageType && Number(args.imageType) !== 0xffff) return;
    if (type >= 3 && Number(args.fileVersion) === this.fileVersion) return;
    // Query jitter (1-100) spreads the answers to a broadcast; a unicast notify is always answered.
    if (from.broadcast && Math.floor(this.roll() * 100) + 1 > Number(args.queryJitter)) return;
    this.serverEndpoint = from.srcEndpoint ?? 1;
    const delay = from.broadcast ? this.roll() * 1000 * this.pacing().wait : 0;
    this.host.timers.set('ota:notify', () => this.query(), delay);
  }

  queryNextImageResponse(args: Record<string, unknown>, tsn?: number): void {
    if (this.state !== 'querying' || tsn !== this.tsn) return;
    this.host.timers.clear('ota:answer');
    if (Number(args.status) !== OtaStatus.success) return this.finish(Number(args.status) === OtaStatus.noImageAvailable ? 'no-image' : 'not-authorized');
    const offer: Offer = {
      manufacturerCode: Number(args.manufacturerCode),
      imageType: Number(args.imageType),
      fileVersion: Number(args.fileVersion),
      imageSize: Number(args.imageSize),
    };
    const resumes = this.download?.sameImage(offer) === true;
    if (!resumes) this.blocks = 0;
    if (this.fault?.kind === 'refuse') return this.endRequest(OtaStatus.abort, offer, 'refused');
    const problem = offerProblem(offer, this.identity(), this.spec.maxImageSize);
    if (problem) return this.endRequest(OtaStatus.invalidImage, offer, 'invalid-image', problem);
    if (!resumes || !this.download) this.download = this.newDownload(offer);
    this.state = 'transfer';
    this.setAttrs({ imageUpgradeStatus: UpgradeStatus.downloading, downloadedFileVersion: offer.fileVersion, fileOffset: this.download.offset });
    this.download.resume();
  }

  private newDownload(offer: Offer): Download {
    return new Download(
      offer,
      this.spec.maxDataSize,
      {
        request: (offset, size, page) => {
          const image = [...le(offer.manufacturerCode, 2), ...le(offer.imageType, 2), ...le(offer.fileVersion, 4), ...le(offset, 4), size];
          this.blocks += 1;
          // An Image Page Request has no minimum block period: the response spacing says how fast to send.
          if (page !== undefined) return this.send(0x04, [0x00, ...image, ...le(page, 2), ...le(this.spec.responseSpacingMs, 2)]);
          const tail = { minimumBlockPeriod: this.attr('minimumBlockReqDelay') ?? 0 };
          return this.send(0x03, [blockRequestFieldControl(tail), ...image, ...encodeBlockRequestTail(tail)]);
        },
        later: (fn, ms) => this.host.timers.set('ota:block', fn, ms),
        blockDelay: () => Math.max(this.spec.blockDelayMs * this.pacing().block, (this.attr('minimumBlockReqDelay') ?? 0) * this.pacing().wait),
        waitMs: (seconds) => seconds * 1000 * this.pacing().wait,
        stallAt: () => (this.fault?.kind === 'stall' ? this.fault.afterBytes : undefined),
        complete: (bytes) => {
          const problem = this.fault?.kind === 'corrupt' ? 'the image fails its integrity check' : imageProblem(bytes, offer, this.identity());
          if (problem) return this.endRequest(OtaStatus.invalidImage, offer, 'invalid-image', problem);
          this.setAttrs({ imageUpgradeStatus: UpgradeStatus.complete });
          this.endRequest(OtaStatus.success, offer);
        },
        ended: (result) => this.finish(result, offer.fileVersion),
        setOffset: (offset) => this.setAttrs({ fileOffset: offset }),
        setMinimumBlockPeriod: (ms) => this.setAttrs({ minimumBlockReqDelay: ms }),
      },
      this.spec.pageSize,
    );
  }

  imageBlockResponse(response: BlockResponse, tsn?: number): void {
    if (this.state !== 'transfer' || !this.download || tsn === undefined) return;
    this.download.answer(tsn, response);
  }

  private endRequest(status: number, offer: Offer, result?: string, problem?: string): void {
    this.download?.halt();
    this.host.timers.clear('ota:block');
    this.tsn = this.send(0x06, [status, ...le(offer.manufacturerCode, 2), ...le(offer.imageType, 2), ...le(offer.fileVersion, 4)]);
    if (status !== OtaStatus.success) {
      this.download = undefined;
      return this.finish(result ?? 'failed', offer.fileVersion, problem);
    }
    this.state = 'ending';
    this.host.timers.set('ota:answer', () => this.finish('no-end-response', offer.fileVersion), ANSWER_TIMEOUT_MS);
  }

  upgradeEndResponse(args: Record<string, unknown>, tsn?: number): void {
    const offer = this.download?.offer;
    if (this.state !== 'ending' || !offer || tsn !== this.tsn) return;
    if (Number(args.fileVersion) !== offer.fileVersion && Number(args.fileVersion) !== 0xffffffff) return;
    this.host.timers.clear('ota:answer');
    this.state = 'upgrading';
    this.setAttrs({ imageUpgradeStatus: UpgradeStatus.waitingToUpgrade });
    const current = Number(args.currentTime);
    const upgrade = Number(args.upgradeTime);
    if (upgrade === UPGRADE_ON_COMMAND) return; // waits for an upgrade command this emulation does not send
    // currentTime 0: upgradeTime is a delay in seconds (ZCL 11.13.9.6); herdsman sends 0 and 1.
    const seconds = current === 0 ? upgrade : Math.max(0, upgrade - current);
    this.host.timers.set('ota:upgrade', () => this.install(offer), seconds * 1000 * this.pacing().wait);
  }

  /** Boots the new image: off the air for the reboot, then back with the new version, announced. */
  private install(offer: Offer): void {
    this.download = undefined;
    this.setAttrs({
      currentFileVersion: offer.fileVersion,
      imageUpgradeStatus: UpgradeStatus.normal,
      downloadedFileVersion: 0xffffffff,
      fileOffset: 0xffffffff,
    });
    const build = buildId(this.spec.swBuildId, offer.fileVersion);
    const basic = resolveCluster('genBasic')!;
    for (const ep of this.host.entry.endpoints) if (ep.inClusters.includes(basic.id)) this.host.set(ep.id, 'genBasic', 'swBuildId', build);
    this.finish('upgraded', offer.fileVersion);
    this.host.ctx.reboot?.(this.spec.rebootMs * this.pacing().wait);
  }

  private finish(result: string, fileVersion?: number, problem?: string): void {
    this.state = 'idle';
    this.tsn = -1;
    this.host.timers.clear('ota:answer');
    this.host.timers.clear('ota:block');
    if (!this.download || this.download.state === 'done') this.download = undefined;
    if (result !== 'upgraded') this.setAttrs({ imageUpgradeStatus: UpgradeStatus.normal });
    this.lastResult = { result, at: this.host.now(), ...(fileVersion !== undefined ? { fileVersion } : {}), ...(problem ? { problem } : {}) };
  }

  setFault(fault: OtaFault | undefined): void {
    this.fault = fault;
  }

  view(): OtaView {
    const d = this.download;
    const state = this.state === 'transfer' ? d!.state : d?.state === 'stalled' ? 'stalled' : this.state;
    return {
      manufacturerCode: this.host.entry.manufacturerCode,
      imageType: this.spec.imageType,
      fileVersion: this.fileVersion,
      stackVersion: this.spec.stackVersion,
      ...(this.spec.hardwareVersion !== undefined ? { hardwareVersion: this.spec.hardwareVersion } : {}),
      state,
      ...(d ? { download: { ...d.offer, offset: d.offset } } : {}),
      ...(this.lastResult ? { lastResult: this.lastResult } : {}),
      ...(this.fault ? { fault: this.fault } : {}),
      blocksRequested: this.blocks,
    };
  }
}

function le(value: number, bytes: number): number[] {
  return Array.from({ length: bytes }, (_, i) => Math.floor(value / 256 ** i) & 0xff);
}

/** genBasic swBuildId from the catalogue template. */
export function buildId(template: string, fileVersion: number): string {
  const b = (i: number) => String(Math.floor(fileVersion / 256 ** i) & 0xff);
  return template
    .replaceAll('{hex}', fileVersion.toString(16).padStart(8, '0'))
    .replaceAll('{version}', String(fileVersion))
    .replaceAll('{b3}', b(3))
    .replaceAll('{b2}', b(2))
    .replaceAll('{b1}', b(1))
    .replaceAll('{b0}', b(0));
}
