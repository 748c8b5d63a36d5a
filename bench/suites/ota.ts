/**
 * Device firmware updates (issue #26 item 7): one update's time and bytes per second on the virtual
 * radio, herdgate's bridge against Zigbee2MQTT 2.14.1, the same image through the same override
 * index, both asked the same way (Zigbee2MQTT's `bridge/request/device/ota_update/update`, answered
 * at the update's end); and a lamp's command → state latency while an update runs against without.
 *
 * Knobs: BENCH_OTA_UPDATES=4 (lamps updated one after another), BENCH_OTA_SAMPLES=15 (commands per
 * phase), BENCH_OTA_SIZE=6000 (image bytes); BENCH_QUICK=1 / --quick: 2 updates, 5 commands, 3000 bytes.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOtaImage, otaFiller } from '@herdgate/shared/ota';
import type { NetworkDefinition } from '@herdgate/virtual-radio';
import { startBenchRadio } from '../lib/bench-radio';
import type { RunningStack, StackDriver } from '../lib/bridge-stack';
import { herdgateZ2mApiStack } from '../lib/herdgate-stack';
import { errorText } from '../lib/interleaved';
import { fmtMs, table } from '../lib/markdown';
import { connectWatch } from '../lib/mqtt-watch';
import { median, percentile } from '../lib/stats';
import type { BenchContext, BenchSection } from '../lib/types';
import { positiveKnob } from '../lib/knobs';
import { ensureZigbee2mqtt, z2mScratchDir } from '../lib/z2m/install';
import { zigbee2mqttStack } from '../lib/z2m/stack';

const planOf = (ctx: BenchContext) => ({
  updates: positiveKnob(process.env.BENCH_OTA_UPDATES, ctx.quick ? 2 : 4),
  samples: positiveKnob(process.env.BENCH_OTA_SAMPLES, ctx.quick ? 5 : 15),
  size: positiveKnob(process.env.BENCH_OTA_SIZE, ctx.quick ? 3_000 : 6_000),
});
/** Zigbee2MQTT's smallest block response delay (ms); herdgate is set to the same. */
const BLOCK_DELAY_MS = 50;
const BLOCK_SIZE = 50;
/** The bridge's api account (Zigbee2MQTT's bare broker takes any login). */
const ACCOUNT = { user: 'bench-api', password: 'bench-ota-password' };
const ieeeOf = (n: number) => `00178801ff0a${n.toString(16).padStart(4, '0')}`;

export const timeoutMs = (ctx: BenchContext) => {
  const plan = planOf(ctx);
  const perUpdate = 20_000 + (plan.size / BLOCK_SIZE) * BLOCK_DELAY_MS * 4;
  return 2 * (180_000 + plan.updates * perUpdate + plan.samples * 2 * 2_000);
};

interface StackFigures {
  name: string;
  updateMs: number[];
  bytesPerS: number[];
  idleMs: number[];
  busyMs: number[];
  error?: string;
}

export default async function run(ctx: BenchContext): Promise<BenchSection> {
  const plan = planOf(ctx);
  const install = await ensureZigbee2mqtt(ctx.log);
  const drivers: StackDriver[] = [herdgateZ2mApiStack, ...(install.ok ? [zigbee2mqttStack(install)] : [])];
  const missing = install.ok ? [] : [`Zigbee2MQTT could not be installed into ${z2mScratchDir()}: ${errorText(install.error)}`];
  const figures: StackFigures[] = [];
  // One after the other, each on its own fresh radio: two OTA transfers at once would share the radio.
  for (const driver of drivers) {
    const work = mkdtempSync(join(tmpdir(), 'herdgate-bench-ota-'));
    try {
      figures.push(await measure(driver, work, plan, ctx.log));
    } catch (error) {
      figures.push({ name: driver.name, updateMs: [], bytesPerS: [], idleMs: [], busyMs: [], error: errorText(error) });
      ctx.log(`${driver.name}: ${errorText(error)}`);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  return {
    title: 'Device firmware updates (OTA): herdgate against Zigbee2MQTT on the same virtual radio',
    method: [
      `Stacks, one after the other, each on its own fresh ConBee emulator in the suite process: ${drivers.map((d) => d.describe).join('; ')}.`,
      `Network: ${plan.updates + 1} Hue LCT015 bulbs, paired at the first start. One image one file version above the bulbs' own`,
      `(${plan.size} bytes of payload, built with the OTA header format), named in one override index that both read`,
      `(herdgate: OTA_INDEX; Zigbee2MQTT: ota.zigbee_ota_override_index_location); block size ${BLOCK_SIZE} bytes and a block`,
      `response delay of ${BLOCK_DELAY_MS} ms on both (Zigbee2MQTT's minimum). Each of ${plan.updates} bulbs is updated in turn with`,
      "`bridge/request/device/ota_update/update {id}` on the stack's broker: the time is the request's publish → its `ok` response",
      '(both answer at the end of the transfer, after reading the new build id), bytes/s the image file over that time.',
      `Command latency: ${plan.samples} \`<name>/set {"state"}\` → state message round trips on the last bulb with nothing else`,
      `running, then ${plan.samples} while the next update runs. Ratios are herdgate ÷ Zigbee2MQTT (below 1 = herdgate ahead).`,
      ...(missing.length > 0 ? [`Missing: ${missing.join('; ')}.`] : []),
    ].join(' '),
    markdown: render(figures),
  };
}

async function measure(driver: StackDriver, work: string, plan: ReturnType<typeof planOf>, log: (line: string) => void): Promise<StackFigures> {
  const bulbs = Array.from({ length: plan.updates + 1 }, (_, i) => ieeeOf(i + 1));
  const network: NetworkDefinition = { description: 'OTA bench', devices: bulbs.map((ieee) => ({ model: 'LCT015', ieee })) };
  const radio = await startBenchRadio(join(work, 'radio'), network);
  let stack: RunningStack | undefined;
  try {
    const index = writeImage(join(work, 'images'), plan.size);
    const dataDir = join(work, 'data');
    // Each stack reads its own settings and ignores the other's: herdgate's environment, Zigbee2MQTT's overrides.
    const env = {
      // Firmware updates are for the api's and admin accounts: the measuring client logs in as the api.
      MQTT_USER: ACCOUNT.user,
      MQTT_PASSWORD: ACCOUNT.password,
      OTA_INDEX: index.path,
      OTA_DIR: join(work, 'empty-ota'),
      OTA_BLOCK_DELAY_MS: String(BLOCK_DELAY_MS),
      OTA_BLOCK_SIZE: String(BLOCK_SIZE),
      ZIGBEE2MQTT_CONFIG_OTA_ZIGBEE_OTA_OVERRIDE_INDEX_LOCATION: index.path,
      ZIGBEE2MQTT_CONFIG_OTA_IMAGE_BLOCK_RESPONSE_DELAY: String(BLOCK_DELAY_MS),
      ZIGBEE2MQTT_CONFIG_OTA_DEFAULT_MAXIMUM_DATA_SIZE: String(BLOCK_SIZE),
      ZIGBEE2MQTT_CONFIG_OTA_DISABLE_AUTOMATIC_UPDATE_CHECK: 'true',
    };
    mkdirSync(env.OTA_DIR, { recursive: true });
    log(`${driver.name}: pairing ${bulbs.length} bulbs`);
    stack = await driver.start({ radioPort: radio.port, dataDir, devices: bulbs, pairing: true, timeoutMs: 180_000, log, env });
    const url = new URL(stack.mqttUrl!);
    url.username = ACCOUNT.user;
    url.password = ACCOUNT.password;
    const watch = await connectWatch(url.href, ['zigbee2mqtt/bridge/response/device/ota_update/#']);
    try {
      const commandLamp = bulbs.at(-1)!;
      let on = false;
      const roundTrip = async () => {
        on = !on;
        const arrived = stack!.waitOn(commandLamp, on, 15_000);
        const sent = performance.now();
        await stack!.publishOn(commandLamp, on);
        return (await arrived) - sent;
      };
      const idleMs: number[] = [];
      for (let i = 0; i < plan.samples; i++) idleMs.push(await roundTrip());
      const updateMs: number[] = [];
      const busyMs: number[] = [];
      for (const [n, bulb] of bulbs.slice(0, -1).entries()) {
        const transaction = `bench-${n}`;
        const answer = watch.next(
          (m) => m.topic.endsWith('/ota_update/update') && (JSON.parse(m.text) as { transaction?: string }).transaction === transaction,
          600_000,
          `the update of ${bulb}`,
        );
        answer.catch(() => {});
        const started = performance.now();
        await watch.publish('zigbee2mqtt/bridge/request/device/ota_update/update', { id: `0x${bulb}`, transaction });
        // Commands while this update runs (the first update only, so every sample overlaps one).
        if (n === 0) for (let i = 0; i < plan.samples; i++) busyMs.push(await roundTrip());
        const response = await answer;
        const body = JSON.parse(response.text) as { status: string; error?: string };
        if (body.status !== 'ok') throw new Error(`the update of ${bulb} failed: ${body.error}`);
        updateMs.push(response.at - started);
        log(`${driver.name}: ${bulb} updated in ${fmtMs(response.at - started)} ms`);
      }
      return { name: driver.name, updateMs, bytesPerS: updateMs.map((ms) => index.bytes / (ms / 1000)), idleMs, busyMs };
    } finally {
      await watch.close();
    }
  } finally {
    await stack?.stop();
    await radio.stop();
  }
}

/** One image one version above the bulbs' own (their catalogue model's OTA identity), and the override index both stacks read. */
function writeImage(dir: string, size: number): { path: string; bytes: number } {
  const model = JSON.parse(readFileSync(new URL('../../bridge/virtual-radio/catalogue/LCT015.json', import.meta.url), 'utf8')) as {
    manufacturerCode: number;
    ota: { imageType: number; fileVersion: number };
  };
  const { manufacturerCode } = model;
  const { imageType, fileVersion } = model.ota;
  const to = fileVersion + 1;
  const image = buildOtaImage({ manufacturerCode, imageType, fileVersion: to, headerString: 'bench-upgrade', payload: otaFiller(size, to) });
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'bench-upgrade.ota');
  writeFileSync(file, image);
  const entry = {
    fileName: 'bench-upgrade.ota',
    fileVersion: to,
    fileSize: image.length,
    url: file,
    imageType,
    manufacturerCode,
    sha512: createHash('sha512').update(image).digest('hex'),
    otaHeaderString: 'bench-upgrade',
  };
  const path = join(dir, 'index.json');
  writeFileSync(path, JSON.stringify([entry]));
  return { path, bytes: image.length };
}

function render(figures: StackFigures[]): string {
  const [subject, baseline] = figures;
  const cell = (values: number[], unit: 'ms' | 'rate') =>
    values.length === 0 ? '—' : unit === 'ms' ? `${fmtMs(median(values))} ms` : `${Math.round(median(values))} B/s`;
  const p99 = (values: number[]) => (values.length === 0 ? '—' : `${fmtMs(percentile(values, 99))} ms`);
  const ratio = (a: number[] | undefined, b: number[] | undefined) => (a && b && a.length > 0 && b.length > 0 ? (median(a) / median(b)).toFixed(2) : '—');
  const rows = figures.map((f) => [
    f.name,
    cell(f.updateMs, 'ms'),
    cell(f.bytesPerS, 'rate'),
    cell(f.idleMs, 'ms'),
    p99(f.idleMs),
    cell(f.busyMs, 'ms'),
    p99(f.busyMs),
    f.error ?? '',
  ]);
  const lines = [
    table(['Stack', 'Update (median)', 'Throughput (median)', 'Command idle p50', 'idle p99', 'Command during update p50', 'during p99', 'Error'], rows),
  ];
  if (subject && baseline) {
    lines.push(
      '',
      table(
        ['Ratio herdgate ÷ Zigbee2MQTT', 'Value'],
        [
          ['Update time', ratio(subject.updateMs, baseline.updateMs)],
          ['Throughput', ratio(subject.bytesPerS, baseline.bytesPerS)],
          ['Command during update p50', ratio(subject.busyMs, baseline.busyMs)],
        ],
      ),
    );
  }
  if (subject) lines.push('', `herdgate's own command p50 during an update ÷ idle: ${ratio(subject.busyMs, subject.idleMs)}.`);
  return lines.join('\n');
}
