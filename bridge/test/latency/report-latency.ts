/**
 * Radio report -> MQTT state latency, split into phases, with the bench's own loop (bench/lib):
 * a paired herdgate bridge on an in-process virtual radio, a lamp command, 20 ms, then the contact
 * sensor opens or closes and we time its state message. Rounds alternate between the bridge as it
 * is and the same bridge with Nagle put back on its sockets (`with-nagle.mjs`), so both run on the
 * same machine at the same time. Phases come from taps on the radio core: the indication queued,
 * and the host reading it (APS_DATA_INDICATION).
 *
 *   npx tsx bridge/test/latency/report-latency.ts [rounds=3] [samples=40]
 */
import { fileURLToPath } from 'node:url';
import { pairStack } from '../../../bench/lib/bridge-rounds';
import { herdgateStack } from '../../../bench/lib/herdgate-stack';
import { Command, type NetworkDefinition } from '@herdgate/virtual-radio';

const CONTACT = '00124b0022a1100a';
const LAMP = '0017880104a1c001';
const network = {
  devices: [
    { model: 'DS01', ieee: CONTACT },
    { model: 'LCT015', ieee: LAMP },
  ],
} as NetworkDefinition;
const NAGLE = fileURLToPath(new URL('./with-nagle.mjs', import.meta.url));
const rounds = Number(process.argv[2] ?? 3);
const samples = Number(process.argv[3] ?? 40);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Phase = 'radio' | 'host' | 'bridge' | 'total';
const figures: Record<string, Record<Phase, number[]>> = {};
const phasesOf = (name: string) => (figures[name] ??= { radio: [], host: [], bridge: [], total: [] });

const paired = await pairStack(herdgateStack, network, (line) => console.error(line));
const radio = paired.radio;
const core = radio.radio.core!;
let marks: { queued?: number; read?: number } = {};
const indicate = core.indicate.bind(core);
core.indicate = (indication) => {
  marks.queued ??= performance.now();
  indicate(indication);
};
const handle = core.handle.bind(core);
core.handle = (frame) => {
  if (frame.command === Command.ApsDataIndication && marks.queued !== undefined) marks.read ??= performance.now();
  return handle(frame);
};

try {
  for (let round = 0; round < rounds * 2; round++) {
    const name = round % 2 === 0 ? 'herdgate (sockets without Nagle)' : 'herdgate with Nagle put back (before)';
    const saved = process.env.NODE_OPTIONS;
    if (round % 2 === 1) process.env.NODE_OPTIONS = `${saved ?? ''} --import ${NAGLE}`.trim();
    const stack = await herdgateStack.start({ radioPort: radio.port, dataDir: paired.dataDir, devices: [CONTACT, LAMP], pairing: false, timeoutMs: 60_000 });
    process.env.NODE_OPTIONS = saved;
    if (saved === undefined) delete process.env.NODE_OPTIONS;
    try {
      await sleep(2_000);
      for (let i = 0; i < samples; i++) {
        const on = !radio.attribute(LAMP, 'genOnOff', 'onOff');
        const lamp = stack.waitOn(LAMP, on, 5_000);
        await stack.publishOn(LAMP, on);
        await lamp;
        await sleep(20);
        const open = (Number(radio.attribute(CONTACT, 'ssIasZone', 'zoneStatus') ?? 0) & 1) === 0;
        const arrived = stack.waitContact(CONTACT, open, 5_000);
        marks = {};
        const acted = performance.now();
        radio.act(CONTACT, open ? 'open' : 'close');
        const at = await arrived;
        const p = phasesOf(name);
        p.radio.push(marks.queued! - acted);
        p.host.push(marks.read! - marks.queued!);
        p.bridge.push(at - marks.read!);
        p.total.push(at - acted);
        await sleep(20);
      }
    } finally {
      await stack.stop();
    }
  }
} finally {
  await paired.dispose();
}

const pct = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
console.log('| Stack | n | act → queued p50 | queued → host reads it p50 | read → MQTT state p50 | total p50 | total p99 |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const [name, p] of Object.entries(figures)) {
  const f = (v: number) => v.toFixed(2);
  console.log(
    `| ${name} | ${p.total.length} | ${f(pct(p.radio, 0.5))} | ${f(pct(p.host, 0.5))} | ${f(pct(p.bridge, 0.5))} | ${f(pct(p.total, 0.5))} | ${f(pct(p.total, 0.99))} |`,
  );
}
process.exit(0);
