/**
 * Virtual radio benchmark: real zigbee-herdsman 11.1.1 (child process) against the virtual radio
 * (this process). Measures start against a matching radio state (baseline: a fresh start, which has
 * to reconfigure the network), join + interview per device, ZCL command round trips through herdsman
 * (baseline: a raw DEVICE_STATE round trip on the same radio, the socket floor), and the time to join
 * and interview a 200-device network. Every child and server it starts, it stops.
 */
import { join } from 'node:path';
import type { BenchContext, BenchSection } from '../lib/types';
import { percentile, spread } from '../lib/stats';
import { startVirtualRadio, type VirtualRadio, createDeviceFactory, timingProfiles, catalogueModels, generateNetwork } from '@herdgate/virtual-radio';
import { HerdsmanChild } from '../../bridge/virtual-radio/test/support/herdsman-child';
import { RawHost } from '../../bridge/virtual-radio/test/support/raw-host';
import { tempDir } from '../../bridge/virtual-radio/test/support/temp-dir';
import { runKickRounds, type KickRoundsResult } from '../../bridge/test/support/deconz-kick-rounds';

const ms = (v: number) => `${v < 1 ? v.toFixed(3) : v.toFixed(1)} ms`;

async function withHerdsman<T>(radio: VirtualRadio, dir: string, fn: (h: HerdsmanChild, startMs: number) => Promise<T>): Promise<T> {
  const herdsman = await HerdsmanChild.spawn();
  try {
    const started = await herdsman.call('start', { port: radio.port, dir }, 30_000);
    return await fn(herdsman, started.ms);
  } finally {
    await herdsman.stop();
  }
}

/** Start times: fresh (reconfigure) vs matching state, each in a new herdsman process. */
async function measureStart(ctx: BenchContext, rounds: number): Promise<{ fresh: number[]; matching: number[] }> {
  const fresh: number[] = [];
  const matching: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const dir = tempDir('bench-vr-start');
    const radio = await startVirtualRadio({ factory: createDeviceFactory(), statePath: join(dir.path, 'radio.json') });
    try {
      fresh.push(await withHerdsman(radio, dir.path, async (_h, t) => t));
      matching.push(await withHerdsman(radio, dir.path, async (_h, t) => t));
      ctx.log(`start round ${i + 1}/${rounds}: fresh ${fresh[i]} ms, matching ${matching[i]} ms`);
    } finally {
      await radio.stop();
      dir.remove();
    }
  }
  return { fresh, matching };
}

interface DeviceFigures {
  joinInterview: Record<string, number>;
  /** Models whose interview did not succeed within the deadline. */
  unfinished: string[];
  command: number[];
  /** Commands with random gaps: they wait for herdsman's 100 ms driver tick. */
  spaced: number[];
  read: number[];
  floor: number[];
}

/** One device per model joins; then command/read round trips against the colour bulb. */
async function measureDevices(ctx: BenchContext, commands: number): Promise<DeviceFigures> {
  const dir = tempDir('bench-vr-devices');
  const models = catalogueModels();
  const network = { devices: models.map((model, i) => ({ model, ieee: `00124b02${(i + 1).toString(16).padStart(8, '0')}` })) };
  const radio = await startVirtualRadio({ factory: createDeviceFactory(), network });
  try {
    const floor = await rawFloor(radio, commands);
    return await withHerdsman(radio, dir.path, async (h) => {
      const permitAt = await h.call('now');
      await h.call('permitJoin', { seconds: 200 });
      const done = await h.call('waitInterviewCount', { count: models.length, timeoutMs: 20_000, partial: true }, 25_000);
      const joinInterview: Record<string, number> = {};
      network.devices.forEach((d) => {
        const t = done.interviews[d.ieee];
        if (t?.joined && t.interviewed) joinInterview[d.model] = t.interviewed - t.joined;
      });
      const unfinished = network.devices.filter((d) => !joinInterview[d.model]).map((d) => d.model);
      ctx.log(
        `${models.length} models: ${Object.keys(joinInterview).length} interviewed in ${Date.now() - permitAt} ms; not done: ${unfinished.join(', ') || 'none'}`,
      );
      const bulb = network.devices.find((d) => d.model === 'LCT015') ?? network.devices[0];
      const target = { ieee: bulb.ieee, endpoint: 11, cluster: 'genOnOff', command: 'toggle' };
      const command: number[] = await h.call('commandLoop', { ...target, count: commands }, 120_000);
      const spaced: number[] = await h.call('commandLoop', { ...target, count: Math.ceil(commands / 4), maxGapMs: 200 }, 120_000);
      const read: number[] = [];
      for (let i = 0; i < commands; i++) {
        const t0 = performance.now();
        await h.call('read', { ieee: bulb.ieee, endpoint: 11, cluster: 'genOnOff', attributes: ['onOff'] });
        read.push(performance.now() - t0);
      }
      return { joinInterview, unfinished, command, spaced, read, floor };
    });
  } finally {
    await radio.stop();
    dir.remove();
  }
}

/** The socket floor: DEVICE_STATE request → response on a raw connection (before herdsman connects). */
async function rawFloor(radio: VirtualRadio, rounds: number): Promise<number[]> {
  const host = await RawHost.connect(radio.port);
  const out: number[] = [];
  try {
    for (let i = 0; i < rounds; i++) {
      const seq = (i % 250) + 1;
      const t0 = performance.now();
      host.send(0x07, seq, [0, 0, 0]);
      await host.next((f) => f.command === 0x07 && f.seq === seq);
      out.push(performance.now() - t0);
    }
  } finally {
    host.close();
    await new Promise((r) => setTimeout(r, 50));
  }
  return out;
}

/** A generated network joins and is interviewed through one permit join. */
async function measureNetwork(ctx: BenchContext, count: number): Promise<{ totalMs: number; perDevice: number[]; failed: number }> {
  const dir = tempDir('bench-vr-network');
  const radio = await startVirtualRadio({ factory: createDeviceFactory(), network: generateNetwork(count, catalogueModels()), timing: timingProfiles.fast });
  try {
    return await withHerdsman(radio, dir.path, async (h) => {
      const permitAt = await h.call('now');
      await h.call('permitJoin', { seconds: 254 });
      // Wait in slices until every device is done, or nothing finished for a whole slice (a device the
      // herdsman interview cannot complete must not hold the run for its full 10-minute bound).
      let done: any;
      let finished = -1;
      for (const end = Date.now() + 600_000; Date.now() < end; ) {
        done = await h.call('waitInterviewCount', { count, timeoutMs: 30_000, partial: true }, 35_000);
        const now = Object.values(done.interviews as Record<string, { interviewed?: number }>).filter((t) => t.interviewed).length;
        if (now >= count || now === finished) break;
        finished = now;
      }
      const times = Object.values(done.interviews) as Array<{ joined?: number; interviewed?: number }>;
      const last = Math.max(...times.map((t) => t.interviewed ?? 0));
      ctx.log(`${count} devices joined and interviewed in ${last - permitAt} ms`);
      const perDevice = times.filter((t) => t.joined && t.interviewed).map((t) => t.interviewed! - t.joined!);
      return { totalMs: last - permitAt, perDevice, failed: count - perDevice.length + done.failed.length };
    });
  } finally {
    await radio.stop();
    dir.remove();
  }
}

/**
 * herdgate's deconz fast path (bridge/src/zigbee/deconz-kick.ts) on vs off, interleaved command by
 * command in one herdsman process against one bulb, so both sides share the machine's noise.
 */
async function measureFastPath(ctx: BenchContext, rounds: number): Promise<{ spaced: KickRoundsResult; backToBack: KickRoundsResult }> {
  const spaced = await runKickRounds({ rounds, minGapMs: 20, maxGapMs: 200, timeoutMs: 120_000 });
  const backToBack = await runKickRounds({ rounds, minGapMs: 0, maxGapMs: 0, timeoutMs: 120_000 });
  const p50 = (v: number[]) => ms(percentile(v, 50));
  ctx.log(
    `fast path (installed: ${spaced.installed}): gaps p50 on ${p50(spaced.on)} / off ${p50(spaced.off)}; back to back on ${p50(backToBack.on)} / off ${p50(backToBack.off)}`,
  );
  return { spaced, backToBack };
}

export default async function run(ctx: BenchContext): Promise<BenchSection> {
  const start = await measureStart(ctx, ctx.quick ? 1 : 3);
  const devices = await measureDevices(ctx, ctx.quick ? 20 : 200);
  const fast = await measureFastPath(ctx, ctx.quick ? 10 : 150);
  const networkSize = ctx.quick ? 20 : 200;
  const network = await measureNetwork(ctx, networkSize);

  const s = { fresh: spread(start.fresh), matching: spread(start.matching) };
  const ratio = (a: number[], b: number[]) => `${(percentile(a, 50) / percentile(b, 50)).toFixed(2)}×`;
  const pct = (v: number[]) => [50, 90, 99].map((p) => ms(percentile(v, p))).join(' | ');
  const jis = Object.entries(devices.joinInterview).sort(([a], [b]) => a.localeCompare(b));
  const markdown = [
    '| Herdsman start | median | min | max | vs fresh | target |',
    '| --- | --- | --- | --- | --- | --- |',
    `| matching radio state (resume) | ${ms(s.matching.median)} | ${ms(s.matching.min)} | ${ms(s.matching.max)} | ${(s.matching.median / s.fresh.median).toFixed(2)}× | ≤ 2000 ms |`,
    `| fresh radio (reconfigure, baseline) | ${ms(s.fresh.median)} | ${ms(s.fresh.min)} | ${ms(s.fresh.max)} | 1.00× | — |`,
    '',
    `| Round trip through herdsman (LCT015) | n | p50 | p90 | p99 | p50 vs target |`,
    '| --- | --- | --- | --- | --- | --- |',
    `| \`genOnOff toggle\` back to back (next command queued as the last one returns) | ${devices.command.length} | ${pct(devices.command)} | ${(percentile(devices.command, 50) / 10).toFixed(2)}× of 10 ms |`,
    `| \`genOnOff toggle\` with random 0–200 ms gaps (waits for herdsman's 100 ms tick) | ${devices.spaced.length} | ${pct(devices.spaced)} | — |`,
    `| \`read genOnOff onOff\` incl. the IPC hop to the herdsman child | ${devices.read.length} | ${pct(devices.read)} | — |`,
    `| raw DEVICE_STATE round trip on the socket (floor, baseline) | ${devices.floor.length} | ${pct(devices.floor)} | — |`,
    '',
    `| deconz fast path (LCT015, on/off interleaved in one process) | n | p50 | p90 | p99 | p50 on vs off |`,
    '| --- | --- | --- | --- | --- | --- |',
    `| random 20–200 ms gaps, **fast path on** (herdgate) | ${fast.spaced.on.length} | ${pct(fast.spaced.on)} | ${ratio(fast.spaced.on, fast.spaced.off)} |`,
    `| random 20–200 ms gaps, fast path off (plain herdsman, baseline) | ${fast.spaced.off.length} | ${pct(fast.spaced.off)} | 1.00× |`,
    `| back to back, **fast path on** | ${fast.backToBack.on.length} | ${pct(fast.backToBack.on)} | ${ratio(fast.backToBack.on, fast.backToBack.off)} |`,
    `| back to back, fast path off (baseline) | ${fast.backToBack.off.length} | ${pct(fast.backToBack.off)} | 1.00× |`,
    '',
    '| Join + interview (deviceJoined → interview done) | ms |',
    '| --- | --- |',
    ...jis.map(([model, t]) => `| ${model} | ${t} |`),
    `| **median over models** | ${ms(spread(jis.map(([, t]) => t)).median)} |`,
    ...devices.unfinished.map((m) => `| ${m} | not interviewed within 20 s |`),
    '',
    `| ${networkSize}-device network, one permit join | value |`,
    '| --- | --- |',
    `| permit join → last interview done | ${(network.totalMs / 1000).toFixed(1)} s |`,
    `| per device join → interview, p50 / p90 | ${ms(percentile(network.perDevice, 50))} / ${ms(percentile(network.perDevice, 90))} |`,
    `| devices not interviewed (failed or past the deadline) | ${network.failed} |`,
  ].join('\n');
  return {
    title: 'Virtual radio + zigbee-herdsman 11.1.1',
    method: [
      'The virtual radio runs in the benchmark process on 127.0.0.1 with the `fast` timing profile (1 ms air time per hop,',
      'pooled devices joining 50 ms apart); real zigbee-herdsman 11.1.1 runs in a child process (one Controller per',
      'process) driven over IPC. Start: a new herdsman process against a fresh radio (reconfigure path, the baseline), then',
      `a second one against the saved, matching state; ${start.fresh.length} round(s). Join + interview: one device per catalogue model in the`,
      "pairing pool, one permit join, time from deviceJoined to a successful interview (IAS devices include herdsman's",
      'enrolment waits). Round trips: command times are measured inside the herdsman process around `endpoint.command`,',
      "back to back (as the prototype measured) and with random gaps (an independent command waits for the deconz driver's",
      '100 ms tick unless the radio happens to nudge it, as with real firmware); the read time includes the IPC hop to the',
      "child; the socket floor is a raw DEVICE_STATE request/response on the same radio. Fast path: herdgate's deconz",
      '`enqueueApsDataRequest` kick (bridge/src/zigbee/deconz-kick.ts) switched on and off command by command in one',
      `herdsman child against one LCT015 (${fast.spaced.on.length} commands per side, random 20–200 ms idle gaps, then the same back to back);`,
      'the rows above it are plain herdsman (the virtual-radio driver child installs no fast path).',
      `Network: ${networkSize} generated devices (a realistic mix, \`networks/generate.ts\`) joining through one permit join.`,
    ].join(' '),
    markdown,
  };
}
