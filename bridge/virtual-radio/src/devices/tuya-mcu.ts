/**
 * The MCU of a Tuya device: the data points its catalogue entry declares, kept in the device's memory
 * (persisted), written by the host's dataRequest, reported by the device itself, plus the clock the
 * host sets through Tuya's time sync. Generic: what a data point means is the converters' business;
 * the MCU only knows each point's type, range and whether the host may write it.
 */
import type { Destination } from '../network/types';
import { type CommandPayload, DpType, type DpValue, type TuyaDatapoint, decodeDpValue, encodeDpValue } from '../zcl/index';
import type { DatapointSpec, TuyaSpec } from './catalogue-schema';
import type { DeviceMemory } from './memory';
import type { SendOptions } from './send-options';
import type { Timers } from './timers';

const C = 'manuSpecificTuya';
const COORDINATOR: Destination[] = [{ kind: 'coordinator', endpoint: 1 }];
const HOUR_MS = 3_600_000;

export type ChangeResult = { ok: true; dp: number; value: DpValue } | { ok: false; error: string };

/** Why `value` cannot be this data point's, or undefined when it can. */
export function datapointProblem(spec: DatapointSpec, value: unknown): string | undefined {
  const int = (lo: number, hi: number) =>
    typeof value === 'number' && Number.isInteger(value) && value >= lo && value <= hi ? undefined : `expected an integer from ${lo} to ${hi}`;
  let problem: string | undefined;
  switch (spec.type) {
    case 'bool':
      problem = typeof value === 'boolean' ? undefined : 'expected true or false';
      break;
    case 'value':
      problem = int(-(2 ** 31), 2 ** 31 - 1);
      break;
    case 'enum':
      problem = int(0, 255);
      break;
    case 'bitmap':
      problem = int(0, 2 ** (8 * spec.size) - 1);
      break;
    case 'string':
      problem = typeof value === 'string' ? undefined : 'expected a string';
      break;
    case 'raw':
      problem = Array.isArray(value) && value.every((b) => Number.isInteger(b) && b >= 0 && b <= 255) ? undefined : 'expected a list of bytes';
  }
  if (problem || typeof value !== 'number') return problem;
  if (spec.min !== undefined && value < spec.min) return `below ${spec.min}`;
  if (spec.max !== undefined && value > spec.max) return `above ${spec.max}`;
  return undefined;
}

/** What the MCU uses of its device (the device host, seen through the part an MCU needs). */
export interface McuHost {
  readonly memory: DeviceMemory;
  readonly timers: Timers;
  now(): number;
  changed(): void;
  sendCommand(endpoint: number, cluster: string, command: string, payload: CommandPayload, options: SendOptions): void;
}

export class TuyaMcu {
  private seq = 0;

  constructor(
    private readonly host: McuHost,
    readonly spec: TuyaSpec,
  ) {}

  get endpoint(): number {
    return this.spec.endpoint;
  }

  value(dp: number): DpValue | undefined {
    return this.host.memory.datapoints[dp] ?? this.spec.datapoints[dp]?.value;
  }

  /** dp id → name, type and value, as the control interface shows them. */
  view(): Record<string, { name: string; type: string; value: DpValue }> {
    return Object.fromEntries(
      Object.entries(this.spec.datapoints).map(([dp, spec]) => [dp, { name: spec.name, type: spec.type, value: this.value(Number(dp))! }]),
    );
  }

  /**
   * The host's dataRequest: each point the MCU takes is stored and confirmed with its own
   * dataResponse (the real MCU confirms them one by one, and the converters read one point a frame).
   * A point it does not have, cannot write, or whose type or range is wrong is dropped unanswered.
   */
  request(seq: number, points: readonly TuyaDatapoint[]): void {
    for (const point of points) {
      const spec = this.spec.datapoints[point.dp];
      if (!spec || spec.readOnly || DpType[spec.type] !== point.type) continue;
      let value = decodeDpValue(spec.type, point.data);
      // A short raw write sets the leading bytes and keeps the rest (a valve's window detection
      // takes its on/off byte alone and keeps its temperature drop and minutes).
      const held = this.value(point.dp);
      if (spec.type === 'raw' && Array.isArray(value) && Array.isArray(held) && value.length < held.length) value = [...value, ...held.slice(value.length)];
      if (value === undefined || datapointProblem(spec, value)) continue;
      this.store(point.dp, value);
      this.send('dataResponse', seq, point.dp);
      this.follow(point.dp, value);
    }
  }

  /** What the MCU sets by itself once a point took a value (catalogue `follows`), reported if it changed. */
  private follow(dp: number, value: DpValue): void {
    for (const { when, set } of this.spec.follows) {
      if (Number(when.dp) !== dp || JSON.stringify(when.value) !== JSON.stringify(value)) continue;
      if (JSON.stringify(this.value(Number(set.dp))) === JSON.stringify(set.value)) continue;
      this.store(Number(set.dp), set.value);
      this.send('dataReport', this.nextSeq(), Number(set.dp));
    }
  }

  /** The MCU changes a point by itself (a new measurement, a button on the device) and reports it. */
  change(ref: string | number, value: unknown): ChangeResult {
    const dp = typeof ref === 'number' ? ref : Number(Object.entries(this.spec.datapoints).find(([id, s]) => s.name === ref || id === ref)?.[0]);
    const spec = this.spec.datapoints[dp];
    if (!spec)
      return {
        ok: false,
        error: `no data point ${JSON.stringify(ref)} (has: ${Object.entries(this.spec.datapoints)
          .map(([id, s]) => `${id} ${s.name}`)
          .join(', ')})`,
      };
    const problem = datapointProblem(spec, value);
    if (problem) return { ok: false, error: `data point ${dp} (${spec.name}): ${problem}` };
    this.store(dp, value as DpValue);
    this.send('dataReport', this.nextSeq(), dp);
    this.follow(dp, value as DpValue);
    return { ok: true, dp, value: value as DpValue };
  }

  /** dataQuery: every point, one report each. */
  reportAll(): void {
    for (const dp of Object.keys(this.spec.datapoints)) this.send('dataReport', this.nextSeq(), Number(dp));
  }

  version(seq: number): void {
    this.host.sendCommand(
      this.endpoint,
      C,
      'mcuVersionResponse',
      { seq, version: this.spec.mcuVersion },
      { direction: 'toClient', to: COORDINATOR, disableDefaultResponse: true },
    );
  }

  /**
   * The host's time: UTC and local seconds, big-endian (1970 or 2000 based, as the host chose). The
   * first answer is the MCU's sign that a gateway is there: it reports its whole state, as a Tuya
   * MCU does once its module says the network is connected.
   */
  setClock(payload: readonly number[]): boolean {
    if (payload.length !== 8) return false;
    const first = this.host.memory.mcuClock === undefined;
    const u32 = (at: number) => payload.slice(at, at + 4).reduce((acc, b) => acc * 256 + b, 0);
    this.host.memory.mcuClock = { utc: u32(0), local: u32(4), at: this.host.now() };
    this.host.changed();
    this.schedule(HOUR_MS);
    if (first) this.reportAll();
    return true;
  }

  /** The clock as of now, or undefined before the host set it. */
  clock(): { utc: number; local: number } | undefined {
    const set = this.host.memory.mcuClock;
    if (!set) return undefined;
    const elapsed = Math.floor((this.host.now() - set.at) / 1000);
    return { utc: set.utc + elapsed, local: set.local + elapsed };
  }

  /** Asks for the time soon after start, again until answered, then hourly, as Tuya MCUs do. */
  start(): void {
    this.schedule(1000);
  }

  private schedule(ms: number): void {
    this.host.timers.set(
      'tuya:time',
      () => {
        this.host.sendCommand(this.endpoint, C, 'mcuSyncTime', { payloadSize: this.nextSeq() }, { direction: 'toClient', to: COORDINATOR });
        this.schedule(this.host.memory.mcuClock ? HOUR_MS : this.spec.timeRequestSeconds * 1000);
      },
      ms,
    );
  }

  private store(dp: number, value: DpValue): void {
    this.host.memory.datapoints[dp] = value;
    this.host.changed();
  }

  private send(command: 'dataResponse' | 'dataReport', seq: number, dp: number): void {
    const spec = this.spec.datapoints[dp]!;
    const data = encodeDpValue(spec.type, this.value(dp)!, spec.size);
    this.host.sendCommand(this.endpoint, C, command, { seq, dpValues: [{ dp, type: DpType[spec.type], data }] }, { direction: 'toClient', to: COORDINATOR });
  }

  private nextSeq(): number {
    this.seq = (this.seq + 1) & 0xffff;
    return this.seq;
  }
}
