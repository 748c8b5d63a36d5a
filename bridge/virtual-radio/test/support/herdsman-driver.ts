/**
 * Child process that runs one real zigbee-herdsman 11.1.1 Controller (plus zigbee-herdsman-converters)
 * against a virtual radio, driven over IPC by the tests: `{id, op, args}` in, `{id, ok, result|error}`
 * out, and `{event}` messages for adapter disconnects. One Controller per process; `stop` ends with
 * process.exit(), because the deconz driver's timers keep the process alive after controller.stop().
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Controller, setLogger as setHerdsmanLogger } from 'zigbee-herdsman';
import { findByDevice, postProcessConvertedFromZigbeeMessage, setLogger as setConvertersLogger } from 'zigbee-herdsman-converters';
import type { Definition, Tz } from 'zigbee-herdsman-converters';
import { onOtaMessage, otaOps } from './herdsman-ota';
import { waitFor } from '../../../../test/helpers/wait';

const quiet = { debug: () => {}, info: () => {}, warning: () => {}, error: () => {} };
// VR_DEBUG=1 shows herdsman's own log on stderr when a test needs explaining.
const loud = {
  debug: (m: unknown) => console.error('debug', typeof m === 'function' ? m() : m),
  info: (m: unknown) => console.error('info', m),
  warning: (m: unknown) => console.error('warn', m),
  error: (m: unknown) => console.error('error', m),
};
setHerdsmanLogger((process.env.VR_DEBUG ? loud : quiet) as never);
setConvertersLogger(quiet as never);

type Args = Record<string, unknown>;
let controller: Controller | undefined;
let dataDir = '';
const interviewed = new Map<string, string>();
/** Wall-clock times per device: deviceJoined and the end of its interview. */
const times = new Map<string, { joined?: number; interviewed?: number }>();
const states = new Map<string, Record<string, unknown>>();
const definitions = new Map<string, Definition>();
const messages: Array<{ ieee: string; type: string; cluster: string; data: unknown }> = [];

const send = (message: unknown) => process.send?.(message);

function device(ieee: string) {
  const found = controller!.getDeviceByIeeeAddr(`0x${ieee}`);
  if (!found) throw new Error(`herdsman does not know ${ieee}`);
  return found;
}

async function definitionOf(ieee: string): Promise<Definition> {
  const known = definitions.get(ieee);
  if (known) return known;
  const found = await findByDevice(device(ieee));
  if (!found) throw new Error(`converters did not identify ${ieee}`);
  definitions.set(ieee, found);
  // As zigbee2mqtt does on start: the definition's hooks add the custom clusters herdsman must know.
  await found.onEvent?.({ type: 'start', data: { device: device(ieee), deviceExposesChanged: () => {}, state: {}, options: {} } } as never);
  return found;
}

async function onMessage(msg: any): Promise<void> {
  onOtaMessage(msg);
  const ieee = String(msg.device.ieeeAddr).slice(2);
  messages.push({ ieee, type: msg.type, cluster: msg.cluster, data: msg.data });
  const definition = definitions.get(ieee);
  if (!definition) return;
  const state = states.get(ieee) ?? {};
  const out: Record<string, unknown> = {};
  for (const c of definition.fromZigbee) {
    if (c.cluster !== msg.cluster || !(Array.isArray(c.type) ? c.type.includes(msg.type) : c.type === msg.type)) continue;
    const result = await c.convert(definition, msg, () => {}, {}, { state: { ...state, ...out }, device: msg.device, deviceExposesChanged: () => {} } as never);
    if (result && typeof result === 'object') Object.assign(out, result);
  }
  if (Object.keys(out).length > 0) postProcessConvertedFromZigbeeMessage(definition, out, {}, msg.device);
  states.set(ieee, { ...state, ...out });
}

const until = <T>(what: string, timeoutMs: number, probe: () => T | undefined) => waitFor(probe, what, timeoutMs, 10);

const matches = (state: Record<string, unknown>, expected: Record<string, unknown>) =>
  Object.entries(expected).every(([k, v]) => JSON.stringify(state[k]) === JSON.stringify(v));

const ops: Record<string, (args: Args) => Promise<unknown>> = {
  ...otaOps(device),
  async start(args) {
    const dir = String(args.dir);
    dataDir = dir;
    controller = new Controller({
      network: {
        panID: 0x1a62,
        extendedPanID: [0xdd, 0xdd, 0xdd, 0xdd, 0xdd, 0xdd, 0xdd, 0xdd],
        channelList: [15],
        networkKey: [1, 3, 5, 7, 9, 11, 13, 15, 0, 2, 4, 6, 8, 10, 12, 13],
      },
      databasePath: join(dir, 'database.db'),
      databaseBackupPath: join(dir, 'database.db.backup'),
      backupPath: join(dir, 'coordinator_backup.json'),
      transport: {
        path: `tcp://127.0.0.1:${Number(args.port)}`,
        adapter: (['zstack', 'ember'].includes(String(args.adapter)) ? args.adapter : 'deconz') as 'deconz',
      },
      adapter: { disableLED: true },
      acceptJoiningDeviceHandler: async () => true,
    });
    controller.on('adapterDisconnected', () => send({ event: 'adapterDisconnected' }));
    controller.on('deviceJoined', (e) => {
      times.set(e.device.ieeeAddr.slice(2), { joined: Date.now() });
    });
    controller.on('deviceInterview', (e) => {
      if (e.status !== 'successful' && e.status !== 'failed') return;
      const ieee = e.device.ieeeAddr.slice(2);
      interviewed.set(ieee, e.status);
      times.set(ieee, { ...times.get(ieee), interviewed: Date.now() });
    });
    controller.on('message', (m) => void onMessage(m).catch(() => {}));
    const started = Date.now();
    const result = await controller.start();
    return { result, ms: Date.now() - started, coordinator: controller.getDevicesByType('Coordinator')[0]?.ieeeAddr };
  },
  /** controller.backup(): the open coordinator backup herdsman writes. */
  async backup() {
    await controller!.backup();
    return JSON.parse(await readFile(join(dataDir, 'coordinator_backup.json'), 'utf8'));
  },
  async addInstallCode(args) {
    await controller!.addInstallCode(`${String(args.ieee)}|${String(args.code)}`);
    return true;
  },
  async permitJoin(args) {
    await controller!.permitJoin(Number(args.seconds));
    return true;
  },
  async waitInterview(args) {
    const ieee = String(args.ieee);
    const status = await until(`interview of ${ieee}`, Number(args.timeoutMs ?? 20_000), () => interviewed.get(ieee));
    const d = device(ieee);
    return { status, modelID: d.modelID, manufacturerName: d.manufacturerName, type: d.type, endpoints: d.endpoints.map((e) => e.ID) };
  },
  async waitInterviewCount(args) {
    const count = Number(args.count);
    const waiting = until(`${count} interviews`, Number(args.timeoutMs ?? 60_000), () => (interviewed.size >= count ? true : undefined));
    // With `partial`, a deadline is not an error: the caller reports what did not finish.
    await (args.partial ? waiting.catch(() => undefined) : waiting);
    const pending = [...times.keys()].filter((ieee) => !interviewed.has(ieee));
    return { interviews: Object.fromEntries(times), failed: [...interviewed].filter(([, s]) => s !== 'successful').map(([i]) => i), pending };
  },
  async now() {
    return Date.now();
  },
  async identify(args) {
    const definition = await definitionOf(String(args.ieee));
    return { model: definition.model, vendor: definition.vendor };
  },
  async configure(args) {
    const ieee = String(args.ieee);
    const definition = await definitionOf(ieee);
    const coordinatorEndpoint = controller!.getDevicesByType('Coordinator')[0].getEndpoint(1)!;
    await definition.configure?.(device(ieee), coordinatorEndpoint, definition);
    return true;
  },
  async set(args) {
    const ieee = String(args.ieee);
    const definition = await definitionOf(ieee);
    const values = args.values as Record<string, unknown>;
    const [key, value] = Object.entries(values)[0];
    const converter = definition.toZigbee.find((c) => c.key?.includes(key) && c.convertSet);
    if (!converter) throw new Error(`no toZigbee converter for ${key}`);
    const d = device(ieee);
    const endpoint = args.endpoint ? d.getEndpoint(Number(args.endpoint))! : d.endpoints[0];
    const meta = {
      message: values,
      device: d,
      mapped: definition,
      options: {},
      state: states.get(ieee) ?? {},
      endpoint_name: undefined,
      publish: () => {},
      deviceExposesChanged: () => {},
    };
    const result = await converter.convertSet!(endpoint, key, value, meta as unknown as Tz.Meta);
    return result?.state ?? null;
  },
  async waitState(args) {
    const ieee = String(args.ieee);
    const expected = args.match as Record<string, unknown>;
    return until(`state ${JSON.stringify(expected)} of ${ieee}`, Number(args.timeoutMs ?? 10_000), () => {
      const state = states.get(ieee);
      return state && matches(state, expected) ? state : undefined;
    });
  },
  async state(args) {
    return states.get(String(args.ieee)) ?? {};
  },
  async command(args) {
    const d = device(String(args.ieee));
    const endpoint = d.getEndpoint(Number(args.endpoint))!;
    // Only pass a timeout when asked: an explicit undefined would override herdsman's default.
    const options = args.timeout === undefined ? {} : { timeout: Number(args.timeout) };
    const started = Date.now();
    await endpoint.command(String(args.cluster), String(args.command), (args.payload ?? {}) as never, options);
    return { ms: Date.now() - started };
  },
  /**
   * `count` commands in this process, each timed around endpoint.command. `maxGapMs` > 0 waits a
   * random 0..maxGapMs between them (independent commands arriving at any time).
   */
  async commandLoop(args) {
    const endpoint = device(String(args.ieee)).getEndpoint(Number(args.endpoint))!;
    const times: number[] = [];
    for (let i = 0; i < Number(args.count); i++) {
      const gap = Number(args.maxGapMs ?? 0);
      if (gap > 0) await new Promise((r) => setTimeout(r, Math.random() * gap));
      const t0 = performance.now();
      await endpoint.command(String(args.cluster), String(args.command), (args.payload ?? {}) as never, {});
      times.push(performance.now() - t0);
    }
    return times;
  },
  async read(args) {
    const d = device(String(args.ieee));
    const endpoint = d.getEndpoint(Number(args.endpoint))!;
    return endpoint.read(String(args.cluster), args.attributes as never, args.timeout === undefined ? {} : { timeout: Number(args.timeout) });
  },
  async addToGroup(args) {
    const group = controller!.getGroupByID(Number(args.group)) ?? controller!.createGroup(Number(args.group));
    const endpoint = device(String(args.ieee)).getEndpoint(Number(args.endpoint))!;
    await endpoint.addToGroup(group);
    return true;
  },
  async bindToGroup(args) {
    const group = controller!.getGroupByID(Number(args.group)) ?? controller!.createGroup(Number(args.group));
    await device(String(args.ieee)).getEndpoint(Number(args.endpoint))!.bind(String(args.cluster), group);
    return true;
  },
  async groupCommand(args) {
    const group = controller!.getGroupByID(Number(args.group));
    if (!group) throw new Error(`no group ${String(args.group)}`);
    await group.command(String(args.cluster), String(args.command), (args.payload ?? {}) as never, {});
    return true;
  },
  async remove(args) {
    await device(String(args.ieee)).removeFromNetwork();
    return true;
  },
  async lqi() {
    const coordinator = controller!.getDevicesByType('Coordinator')[0];
    return coordinator.lqi();
  },
  async devices() {
    return controller!.getDevices().map((d) => ({ ieee: d.ieeeAddr.slice(2), type: d.type, modelID: d.modelID, interviewed: d.interviewState }));
  },
  async messages(args) {
    return messages.filter((m) => !args.ieee || m.ieee === args.ieee);
  },
  /** The first message of `type` on `cluster` from `ieee`, once the host has processed it. */
  async waitMessage(args) {
    const ieee = String(args.ieee);
    return until(`a ${String(args.type)} ${String(args.cluster)} message from ${ieee}`, Number(args.timeoutMs ?? 10_000), () =>
      messages.find((m) => m.ieee === ieee && m.type === args.type && m.cluster === args.cluster),
    );
  },
  async stop() {
    setTimeout(() => process.exit(0), 5_000).unref();
    await controller?.stop();
    return true;
  },
};

process.on('message', (message: { id: number; op: string; args?: Args }) => {
  const op = ops[message.op];
  const run = op ? op(message.args ?? {}) : Promise.reject(new Error(`unknown op ${message.op}`));
  run.then(
    (result) => {
      send({ id: message.id, ok: true, result });
      if (message.op === 'stop') setTimeout(() => process.exit(0), 50);
    },
    (error: Error) => send({ id: message.id, ok: false, error: error.message }),
  );
});
process.on('disconnect', () => process.exit(0));
send({ event: 'ready' });
