// Preloaded into a benchmarked process (node --import): every PROBE_EVERY_MS (default 5 s) one
// stderr line `{"probe":"loop-lag","p50":ms,"p99":ms,"max":ms}` with the event-loop delay of the
// window just ended. Benchmark only; plain JavaScript so it loads without tsx.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const every = Number(process.env.PROBE_EVERY_MS ?? 5000);
const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
const ms = (ns) => Math.round(ns / 1e4) / 100;
setInterval(() => {
  process.stderr.write(
    `${JSON.stringify({ probe: 'loop-lag', p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) })}\n`,
  );
  histogram.reset();
}, every).unref();
