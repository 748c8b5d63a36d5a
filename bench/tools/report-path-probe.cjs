// Preloaded into a benchmarked stack (`node --require`) by bench/tools/report-path.ts: records, on
// the clock every process on the machine shares (performance.timeOrigin + now, in ms), when bytes
// from the radio arrive (sockets to PROBE_RADIO_PORT), when the process writes bytes containing
// PROBE_MARK (the contact sensor's address: its state publish, and for herdgate its embedded
// broker's forward), GC pauses and the event-loop delay; written to PROBE_FILE as JSON at exit.
// SIGUSR2 drops what was recorded so far (the start). Nothing is written while the stack runs. Benchmark only; plain JavaScript so it loads without tsx.
const net = require('node:net');
const fs = require('node:fs');
const { monitorEventLoopDelay, PerformanceObserver, performance } = require('node:perf_hooks');

const radioPort = Number(process.env.PROBE_RADIO_PORT);
const mark = Buffer.from(process.env.PROBE_MARK ?? '\u0000');
const epoch = () => performance.timeOrigin + performance.now();
const radioIn = [];
const markedWrites = [];
const gc = [];

const write = net.Socket.prototype.write;
net.Socket.prototype.write = function probedWrite(chunk, ...rest) {
  if (Buffer.isBuffer(chunk) ? chunk.includes(mark) : typeof chunk === 'string' && chunk.includes(mark.toString())) {
    markedWrites.push({ at: epoch(), to: this.remotePort, bytes: chunk.length });
  }
  return write.call(this, chunk, ...rest);
};
const emit = net.Socket.prototype.emit;
net.Socket.prototype.emit = function probedEmit(event, ...args) {
  if (event === 'data' && this.remotePort === radioPort) radioIn.push(epoch());
  return emit.call(this, event, ...args);
};

const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gc.push({ at: performance.timeOrigin + entry.startTime, ms: entry.duration, kind: entry.detail?.kind });
}).observe({ entryTypes: ['gc'] });

// SIGUSR2: the sampling starts now; what the start-up did is dropped.
process.on('SIGUSR2', () => {
  for (const list of [radioIn, markedWrites, gc]) list.length = 0;
  loop.reset();
});

process.on('exit', () => {
  const ms = (ns) => ns / 1e6;
  const lag = { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) };
  fs.writeFileSync(process.env.PROBE_FILE, JSON.stringify({ radioIn, markedWrites, gc, lag }));
});
