/**
 * The reporting engine (ZCL 2.5.7/2.5.11): an attribute is reported only when configure-reporting asked
 * for it, no sooner than `min` seconds after the last report, at least every `max` seconds (0 = no
 * periodic report), and, for analog types, only when it moved by `change` since the last report.
 */
import { type AttributeDef, type ClusterDef, type ZclValue, isAnalog } from '../zcl/index';
import type { Timers } from './timers';

export interface ReportingConfig {
  endpoint: number;
  cluster: number;
  attribute: number;
  min: number;
  max: number;
  change?: number;
}

interface Entry {
  config: ReportingConfig;
  cluster: ClusterDef;
  attr: AttributeDef;
  lastValue?: ZclValue;
  lastTime: number;
}

export interface ReportingHost {
  timers: Timers;
  now(): number;
  current(endpoint: number, cluster: ClusterDef, attr: AttributeDef): ZclValue | undefined;
  /** Sends one report frame (the host decides where: bound destinations). */
  send(endpoint: number, cluster: ClusterDef, attr: AttributeDef, value: ZclValue): void;
}

/** ZCL: a maximum interval of 0xFFFF switches reporting off for the attribute. */
export const REPORTING_OFF = 0xffff;

const keyOf = (endpoint: number, cluster: number, attribute: number) => `${endpoint}/${cluster}/${attribute}`;

export class ReportingEngine {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly host: ReportingHost) {}

  configure(config: ReportingConfig, cluster: ClusterDef, attr: AttributeDef): void {
    const key = keyOf(config.endpoint, config.cluster, config.attribute);
    this.host.timers.clearPrefix(`report:${key}`);
    if (config.max === REPORTING_OFF) {
      this.entries.delete(key);
      return;
    }
    const entry: Entry = { config, cluster, attr, lastTime: -Infinity };
    this.entries.set(key, entry);
    this.armPeriodic(key, entry);
  }

  get(endpoint: number, cluster: number, attribute: number): ReportingConfig | undefined {
    const entry = this.entries.get(keyOf(endpoint, cluster, attribute));
    return entry && { ...entry.config };
  }

  list(): ReportingConfig[] {
    return [...this.entries.values()].map((e) => ({ ...e.config }));
  }

  /** (Re)arms periodic timers, e.g. after restore or `start()`. */
  start(): void {
    for (const [key, entry] of this.entries) this.armPeriodic(key, entry);
  }

  attributeChanged(endpoint: number, cluster: ClusterDef, attr: AttributeDef, value: ZclValue): void {
    const key = keyOf(endpoint, cluster.id, attr.id);
    const entry = this.entries.get(key);
    if (!entry || !this.significant(entry, value)) return;
    const wait = entry.lastTime + entry.config.min * 1000 - this.host.now();
    if (wait <= 0) this.report(key, entry);
    else if (!this.host.timers.has(`report:${key}:min`)) this.host.timers.set(`report:${key}:min`, () => this.report(key, entry), wait);
  }

  private significant(entry: Entry, value: ZclValue): boolean {
    if (entry.lastValue === undefined) return true;
    if (isAnalog(entry.attr.type) && typeof value === 'number' && typeof entry.lastValue === 'number') {
      const change = entry.config.change ?? 0;
      const delta = Math.abs(value - entry.lastValue);
      return change > 0 ? delta >= change : delta > 0;
    }
    return JSON.stringify(value) !== JSON.stringify(entry.lastValue);
  }

  private report(key: string, entry: Entry): void {
    const value = this.host.current(entry.config.endpoint, entry.cluster, entry.attr);
    this.host.timers.clear(`report:${key}:min`);
    if (value === undefined) return;
    entry.lastValue = value;
    entry.lastTime = this.host.now();
    this.host.send(entry.config.endpoint, entry.cluster, entry.attr, value);
    this.armPeriodic(key, entry);
  }

  private armPeriodic(key: string, entry: Entry): void {
    if (entry.config.max === 0) return;
    this.host.timers.set(`report:${key}:max`, () => this.report(key, entry), entry.config.max * 1000);
  }
}
