/**
 * Soak benchmark (issue 14 item 7): the herdgate bridge and api on the 200-device virtual network under an
 * hour of mixed traffic at a home's rate (bench/lib/soak.ts), RSS and event-loop delay at the start
 * and at the end. `SOAK_MINUTES` shortens it (`SOAK_MINUTES=3 npm run bench soak`); the baseline is
 * the same process at the start of the run: what matters is growth, not the absolute figures.
 */
import { runSoak, SOAK_RATES } from '../lib/soak';
import type { BenchContext, BenchSection } from '../lib/types';

const minutesOf = (ctx: BenchContext) => (ctx.quick ? 0.5 : Number(process.env.SOAK_MINUTES ?? 60));

/** The run's time limit grows with the soak (bench/run.ts asks before starting it). */
export const timeoutMs = (ctx: BenchContext) => (minutesOf(ctx) + 10) * 60_000;

const f1 = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : 'n/a');
const f2 = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : 'n/a');

export default async function run(ctx: BenchContext): Promise<BenchSection> {
  const minutes = minutesOf(ctx);
  const devices = ctx.quick ? 24 : 200;
  const figures = await runSoak({ devices, durationMs: minutes * 60_000, log: ctx.log, sampleEveryMs: ctx.quick ? 2_000 : 10_000 });
  const { sent, answers, rssMiB, loopLagMs, api } = figures;
  const total = sent.lampCommands + sent.groupcasts + sent.requests;
  const growth = rssMiB.end / rssMiB.start;
  return {
    title: 'Soak: mixed traffic on the 200-device network, bridge and api',
    method: [
      `The bridge bundle (plain node) on a fresh in-process virtual radio with ${devices} generated devices, paired, then restarted with`,
      '`bench/lib/loop-lag-probe.mjs` preloaded (perf_hooks event-loop delay, 5 s windows). Traffic for',
      `${minutes} min through the MQTT contract: ${SOAK_RATES.lampCommandsPerSecond} lamp commands/s (round robin, on/off and brightness),`,
      `${SOAK_RATES.sensorEventsPerSecond} contact sensor event/s (opened/closed at the radio), a groupcast to every lamp every`,
      `${SOAK_RATES.groupcastEverySeconds} s, and a device page plus network info every ${SOAK_RATES.requestsEverySeconds} s; every answer is checked.`,
      'The api (its Node entry `api/src/runtime/node/main.ts` through the tsx loader, as `npm start` ran it until it switched to the api bundle; the same probe preloaded) runs in its own process on a libSQL file,',
      `linked to the bridge's broker, with the REST traffic of the home's clients: ${SOAK_RATES.restLightCommandsPerSecond} light command/s (PUT …/state, round robin),`,
      `full reads of \`/lights\`, \`/sensors\` and \`/config\` every ${SOAK_RATES.restReadsEverySeconds} s, and one WebSocket client connected throughout, counting its events.`,
      'RSS (VmRSS) sampled every 10 s; "start" is the median of the first three samples and of the first three lag windows, "end"',
      'the same of the last three. The baseline is the start of the same process: the ratio end/start is the figure to watch (target:',
      "no growth beyond noise); a process's heap grows to its working size in the first minutes under load, so the RSS line along the run shows whether it keeps rising after that. Full hour: `BENCH_SUITE_TIMEOUT_MS` is not needed, the suite raises its own limit; short: `SOAK_MINUTES=3`.",
    ].join(' '),
    markdown: [
      '| | start | end | end/start |',
      '|---|---|---|---|',
      `| bridge RSS (MiB) | ${f1(rssMiB.start)} | ${f1(rssMiB.end)} | ${f2(growth)} |`,
      `| event-loop delay p50 (ms) | ${f2(loopLagMs.start.p50)} | ${f2(loopLagMs.end.p50)} | ${f2(loopLagMs.end.p50 / loopLagMs.start.p50)} |`,
      `| event-loop delay p99 (ms) | ${f2(loopLagMs.start.p99)} | ${f2(loopLagMs.end.p99)} | ${f2(loopLagMs.end.p99 / loopLagMs.start.p99)} |`,
      `| event-loop delay max (ms) | ${f1(loopLagMs.start.max)} | ${f1(loopLagMs.end.max)} | |`,
      ...(api
        ? [
            `| api RSS (MiB) | ${f1(api.rssMiB.start)} | ${f1(api.rssMiB.end)} | ${f2(api.rssMiB.end / api.rssMiB.start)} |`,
            `| api event-loop delay p50 (ms) | ${f2(api.loopLagMs.start.p50)} | ${f2(api.loopLagMs.end.p50)} | ${f2(api.loopLagMs.end.p50 / api.loopLagMs.start.p50)} |`,
            `| api event-loop delay p99 (ms) | ${f2(api.loopLagMs.start.p99)} | ${f2(api.loopLagMs.end.p99)} | ${f2(api.loopLagMs.end.p99 / api.loopLagMs.start.p99)} |`,
            `| api event-loop delay max (ms) | ${f1(api.loopLagMs.start.max)} | ${f1(api.loopLagMs.end.max)} | |`,
          ]
        : []),
      '',
      `RSS along the run (MiB, bridge / api): ${figures.trajectory.map((t) => `${t.minute.toFixed(0)} min ${f1(t.bridge)} / ${f1(t.api)}`).join('; ')}.`,
      '',
      `${(figures.durationMs / 60_000).toFixed(1)} min, ${devices} devices: ${total} commands and requests sent (${sent.lampCommands} lamp, ${sent.groupcasts} groupcasts, ${sent.requests} requests), ` +
        `${answers.ok} answered ok, ${answers.error} errors, ${answers.missing} unanswered; ${sent.sensorEvents} sensor events caused ${figures.sensorStatesSeen} state messages; ` +
        `bridge ${figures.bridgeExited ? 'EXITED' : 'still running'} at the end.${answers.errors.length > 0 ? ` First errors: ${answers.errors.join('; ')}` : ''}`,
      ...(api
        ? [
            `Through the api: ${api.rest.commands.sent} light commands (${api.rest.commands.ok} answered success, ${api.rest.commands.error} not), ${api.rest.reads.sent} reads (${api.rest.reads.ok} ok, ${api.rest.reads.error} not); ` +
              `${api.websocketEvents} WebSocket events received; api ${api.exited ? 'EXITED' : 'still running'} at the end.` +
              `${[...api.rest.commands.errors, ...api.rest.reads.errors].length > 0 ? ` First errors: ${[...api.rest.commands.errors, ...api.rest.reads.errors].slice(0, 5).join('; ')}` : ''}`,
          ]
        : []),
    ].join('\n'),
  };
}
