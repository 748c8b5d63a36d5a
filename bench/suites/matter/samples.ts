/**
 * The Matter suite's samples, interleaved with the same path over herdgate's MQTT contract so
 * both share the run's load: a Matter OnOff command from the controller → the radio sees the
 * frame to the lamp, beside an MQTT `…/set` → that frame; the door opened at the radio → the
 * controller's subscription report, beside → the bridge's MQTT state message.
 */
import type { BenchRadio } from '../../lib/bench-radio';
import type { RunningStack } from '../../lib/bridge-stack';
import { isOpen } from '../../lib/bridge-rounds';
import type { MatterController } from '../../../test/helpers/matter-controller';

const SAMPLE_TIMEOUT_MS = 10_000;
/** Lets the state message of one sample pass before the next starts (both paths alike). */
const GAP_MS = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface MatterTargets {
  lamp: string;
  door: string;
  /** The bridged Matter endpoint numbers of the lamp and the door. */
  lampEndpoint: number;
  doorEndpoint: number;
  /** matter.js's OnOff cluster (imported lazily by the suite, after the controller's environment is set). */
  onOffCluster: unknown;
}

export interface MatterSamples {
  matterCommandMs: number[];
  /** The Matter command's own round trip: sent → the controller has the bridge's answer (device acknowledged). */
  matterAnsweredMs: number[];
  mqttCommandMs: number[];
  matterReportMs: number[];
  mqttReportMs: number[];
}

function reportOf(controller: MatterController, endpoint: number, closed: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no Matter report of the door ${closed ? 'closed' : 'open'} within ${SAMPLE_TIMEOUT_MS} ms`));
    }, SAMPLE_TIMEOUT_MS);
    const stop = controller.onReport((report) => {
      if (report.endpoint !== endpoint || report.attribute !== 'stateValue' || report.value !== closed) return;
      clearTimeout(timer);
      stop();
      resolve(performance.now());
    });
  });
}

function onOffReport(controller: MatterController, endpoint: number, on: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no Matter report of the lamp ${on ? 'on' : 'off'} within ${SAMPLE_TIMEOUT_MS} ms`));
    }, SAMPLE_TIMEOUT_MS);
    const stop = controller.onReport((report) => {
      if (report.endpoint !== endpoint || report.attribute !== 'onOff' || report.value !== on) return;
      clearTimeout(timer);
      stop();
      resolve(performance.now());
    });
  });
}

export async function measureMatter(
  radio: BenchRadio,
  stack: RunningStack,
  controller: MatterController,
  targets: MatterTargets,
  samples: number,
): Promise<MatterSamples> {
  const result: MatterSamples = { matterCommandMs: [], matterAnsweredMs: [], mqttCommandMs: [], matterReportMs: [], mqttReportMs: [] };
  const onOff = controller.cluster<{ on(): Promise<void>; off(): Promise<void> }>(targets.lampEndpoint, targets.onOffCluster);
  const lampOn = () => radio.attribute(targets.lamp, 'genOnOff', 'onOff') === 1;
  for (let i = 0; i < samples; i++) {
    // Matter first on even samples, MQTT first on odd ones.
    for (const path of i % 2 === 0 ? (['matter', 'mqtt'] as const) : (['mqtt', 'matter'] as const)) {
      const on = !lampOn();
      const frame = radio.nextFrameTo(targets.lamp, SAMPLE_TIMEOUT_MS);
      const seen = onOffReport(controller, targets.lampEndpoint, on);
      const state = stack.waitOn(targets.lamp, on, SAMPLE_TIMEOUT_MS);
      const sent = performance.now();
      if (path === 'matter') {
        await (on ? onOff.on() : onOff.off());
        result.matterAnsweredMs.push(performance.now() - sent);
        result.matterCommandMs.push((await frame) - sent);
      } else {
        await stack.publishOn(targets.lamp, on);
        result.mqttCommandMs.push((await frame) - sent);
      }
      await Promise.all([state, seen]);
      await sleep(GAP_MS);

      const open = !isOpen(radio, targets.door);
      const matter = reportOf(controller, targets.doorEndpoint, !open);
      const mqtt = stack.waitContact(targets.door, open, SAMPLE_TIMEOUT_MS);
      const acted = performance.now();
      radio.act(targets.door, open ? 'open' : 'close');
      // One report reaches both: each path's figure is taken from the same instant.
      const [matterAt, mqttAt] = await Promise.all([matter, mqtt]);
      result.matterReportMs.push(matterAt - acted);
      result.mqttReportMs.push(mqttAt - acted);
      await sleep(GAP_MS);
    }
  }
  return result;
}
