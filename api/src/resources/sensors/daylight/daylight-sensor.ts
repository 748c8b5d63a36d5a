import type { Logger } from 'pino';
import { withUnsetItems } from '@herdgate/shared/deconz';
import type { Clock } from '../../../services/clock';
import type { Timers } from '../../../services/timers';
import type { Store } from '../../../store/types';
import { newEtag, type SensorsCore } from '../model';
import { lastUpdated } from '../timestamps';
import type { Items, SensorRecord } from '../types';
import { daylightAt, type DaylightSettings } from './daylight-state';

/** Re-evaluate at the next solar moment, but at least every 10 minutes (clock jumps, DST) and not in a busy loop. */
const MAX_WAIT_MS = 10 * 60_000;
const MIN_WAIT_MS = 1_000;

export interface DaylightDeps {
  core: SensorsCore;
  store: Store;
  clock: Clock;
  logger: Logger;
  timers: Timers;
}

/**
 * The Daylight sensor's state items. deCONZ adds `sunrise`/`sunset` once it first computes them (a
 * location is set); here they are `null` until then, as every other item not set yet, so a client
 * that reads them by name (pydeconz) finds them from the start.
 */
const DAYLIGHT_ITEMS = ['dark', 'daylight', 'status', 'sunrise', 'sunset'] as const;

/** deCONZ's fixed identity of the Daylight sensor (deconz-behavior.md §13). */
function freshDaylight(id: string, uniqueid: string): SensorRecord {
  return {
    id,
    kind: 'daylight',
    uniqueid,
    type: 'Daylight',
    name: 'Daylight',
    modelid: 'PHDL00',
    manufacturername: 'Philips',
    swversion: '1.0',
    state: withUnsetItems(DAYLIGHT_ITEMS, { lastupdated: 'none' }),
    config: { configured: false, on: true, sunriseoffset: 30, sunsetoffset: -30 },
    localConfig: {},
    etag: newEtag(),
    deleted: false,
  };
}

export function settingsOf(config: Items): DaylightSettings | undefined {
  const { lat, long, sunriseoffset, sunsetoffset } = config;
  if (typeof lat !== 'number' || typeof long !== 'number') return undefined;
  return { lat, long, sunriseoffset: Number(sunriseoffset ?? 30), sunsetoffset: Number(sunsetoffset ?? -30) };
}

/**
 * The Daylight sensor: created with the first free sensor id on first start, its `daylight`,
 * `dark`, `status`, `sunrise` and `sunset` recomputed from the injected clock at each solar moment.
 * The values are derived, so only its config (coordinates, offsets) is persisted.
 */
export class DaylightSensor {
  private timer: unknown;
  private stopped = false;

  constructor(private readonly deps: DaylightDeps) {}

  async start(): Promise<void> {
    const found = this.find();
    // A sensor stored before an item was shown (or taken over from deCONZ) gets it at its unset value.
    if (found && [...DAYLIGHT_ITEMS, 'lastupdated'].some((item) => !(item in found.state)))
      this.deps.core.applyVolatile({ ...found, state: withUnsetItems(DAYLIGHT_ITEMS, { lastupdated: 'none', ...found.state }) }, []);
    if (!found) {
      const id = await this.deps.store.allocateId('sensors');
      const uniqueid = `${this.deps.store.identity().mac}-01`;
      await this.deps.core.insert(freshDaylight(id, uniqueid));
      this.deps.logger.info({ sensor: id }, 'daylight sensor created');
    }
    this.tick();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) this.deps.timers.clear(this.timer);
    this.timer = undefined;
  }

  find(): SensorRecord | undefined {
    for (const record of this.deps.core.all()) if (record.kind === 'daylight') return record;
    return undefined;
  }

  /** Recompute now (after a config change, on the timer, or when a test moved the clock). */
  tick(): void {
    const record = this.find();
    if (!record || this.stopped) return;
    const now = this.deps.clock.now();
    const settings = settingsOf(record.config);
    if (settings) {
      const { values, next } = daylightAt(now, settings);
      const changed = Object.entries(values).some(([key, value]) => record.state[key] !== value);
      if (changed) {
        const state: Items = { ...values, lastupdated: lastUpdated(now) };
        this.deps.core.applyVolatile({ ...record, state }, []);
      }
      this.schedule(next === undefined ? MAX_WAIT_MS : next - now);
    }
  }

  private schedule(waitMs: number): void {
    if (this.timer !== undefined) this.deps.timers.clear(this.timer);
    const ms = Math.min(MAX_WAIT_MS, Math.max(MIN_WAIT_MS, waitMs + 50));
    this.timer = this.deps.timers.set(() => {
      this.timer = undefined;
      this.tick();
    }, ms);
  }
}
