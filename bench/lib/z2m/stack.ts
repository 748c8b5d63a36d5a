/**
 * Zigbee2MQTT as a benchmarked stack: the pinned install from ./install.ts in its own process,
 * the suite's radio as a deCONZ adapter over TCP, a fresh bare broker per start (so no retained
 * message from an earlier start can count), watched through its own topics.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningStack, StackDriver, StackStartOptions } from '../bridge-stack';
import { connectWatch, type Arrival, type MqttWatch } from '../mqtt-watch';
import { spawnStack, type StackProcess } from '../stack-process';
import { startBareBroker, type BareBroker } from './broker';
import { writeZ2mConfig } from './config';
import { z2mScratchDir, type Z2mInstall } from './install';

const BASE = 'zigbee2mqtt';
const CHANNEL = 15;
const hex = (ieee: string) => `0x${ieee}`;
const PROGRESS_EVERY_MS = 15_000;
const STALL_MS = 30_000;

interface Seen {
  online: boolean;
  interviewed: Set<string>;
  failed: Set<string>;
  available: Set<string>;
}

export function zigbee2mqttStack(install: Z2mInstall): StackDriver {
  return {
    name: 'Zigbee2MQTT',
    describe: `Zigbee2MQTT ${install.version} (zigbee-herdsman ${install.herdsman}, converters ${install.converters}, bare aedes broker in the suite process)`,
    start: (options) => start(install, options),
  };
}

async function start(install: Z2mInstall, options: StackStartOptions): Promise<RunningStack> {
  const broker = await startBareBroker();
  let watch: MqttWatch | undefined;
  let proc: StackProcess | undefined;
  try {
    // Written once: Zigbee2MQTT replaces GENERATE with the network it formed, which restarts must keep.
    if (!existsSync(join(options.dataDir, 'configuration.yaml'))) {
      writeZ2mConfig({
        dataDir: options.dataDir,
        radioPort: options.radioPort,
        mqttPort: broker.port,
        baseTopic: BASE,
        channel: CHANNEL,
        adapter: options.protocol,
      });
    }
    const seen: Seen = { online: false, interviewed: new Set(), failed: new Set(), available: new Set() };
    watch = await connectWatch(broker.url, [
      `${BASE}/bridge/state`,
      `${BASE}/bridge/devices`,
      `${BASE}/bridge/response/#`,
      `${BASE}/+`,
      `${BASE}/+/availability`,
    ]);
    watch.on((message) => track(seen, message));
    proc = spawnStack(process.execPath, [...(options.nodeArgs ?? []), install.entry], { cwd: z2mScratchDir(), env: z2mEnv(options, broker) });
    const running = proc;
    const died = proc.exited.then((code) => {
      throw new Error(`Zigbee2MQTT exited with ${code} while starting:\n${running.output()}`);
    });
    died.catch(() => {}); // only raced while starting; a later exit is the normal stop
    const online = () => seen.online;
    await Promise.race([watch.until(online, options.timeoutMs, () => 'Zigbee2MQTT bridge/state online'), died]);
    if (options.pairing) await permitJoin(watch);
    const up = () => seen.online && options.devices.every((ieee) => isUp(seen, ieee, options.pairing));
    const ticker = setInterval(() => options.log?.(progress(seen, options)), PROGRESS_EVERY_MS);
    const wait = options.pairing ? untilPaired(watch, seen, options, up) : watch.until(up, options.timeoutMs, () => progress(seen, options));
    const doneAt = await Promise.race([wait, died]).finally(() => clearInterval(ticker));
    return runningStack(proc, watch, broker, doneAt - proc.spawnedAt);
  } catch (error) {
    await watch?.close();
    await proc?.stop();
    await broker.stop();
    throw error;
  }
}

function z2mEnv(options: StackStartOptions, broker: BareBroker): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ZIGBEE2MQTT_DATA: options.dataDir,
    // The broker is new at every start; everything else stays as the first start wrote it.
    ZIGBEE2MQTT_CONFIG_MQTT_SERVER: broker.url,
    // Never the onboarding web server (it would bind 0.0.0.0:8080).
    Z2M_ONBOARD_NO_SERVER: '1',
    Z2M_ONBOARD_NO_FAILURE_PAGE: '1',
    ...options.env,
  };
  delete env.Z2M_WATCHDOG;
  return env;
}

/** Retried: bridge/state turns online when MQTT connects, before the request handler is subscribed. */
async function permitJoin(watch: MqttWatch): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const response = watch.next((m) => m.topic === `${BASE}/bridge/response/permit_join`, 2_000, 'permit_join response');
    await watch.publish(`${BASE}/bridge/request/permit_join`, { time: 254 });
    const answer = await response.catch((error: Error) => {
      if (attempt >= 15) throw error;
      return undefined;
    });
    if (!answer) continue;
    const body = JSON.parse(answer.text) as { status?: string; error?: string };
    if (body.status !== 'ok') throw new Error(`Zigbee2MQTT refused permit_join: ${body.error ?? answer.text}`);
    return;
  }
}

/**
 * Zigbee2MQTT leaves a device whose interview failed (it happens to a few of 200 joining at once)
 * as it is; a user would ask for a re-interview, so the bench does that once the pairing stalls.
 */
async function untilPaired(watch: MqttWatch, seen: Seen, options: StackStartOptions, up: () => boolean): Promise<number> {
  const deadline = performance.now() + options.timeoutMs;
  for (;;) {
    const left = deadline - performance.now();
    try {
      return await watch.until(up, Math.max(1, Math.min(STALL_MS, left)), () => progress(seen, options));
    } catch (error) {
      if (performance.now() >= deadline || (error instanceof Error && error.message.includes('MQTT connection'))) throw error;
    }
    const failed = options.devices.filter((ieee) => seen.failed.has(ieee));
    if (failed.length > 0) options.log?.(`Zigbee2MQTT: interview failed for ${failed.map(hex).join(', ')}; asking for a re-interview`);
    for (const ieee of failed) await watch.publish(`${BASE}/bridge/request/device/interview`, { id: hex(ieee) });
  }
}

function runningStack(proc: StackProcess, watch: MqttWatch, broker: BareBroker, startMs: number): RunningStack {
  const stateOf = (message: Arrival, ieee: string) =>
    message.topic === `${BASE}/${hex(ieee)}` ? (JSON.parse(message.text) as Record<string, unknown>) : undefined;
  return {
    process: proc,
    startMs,
    mqttUrl: broker.url,
    publishOn: (ieee, on) => watch.publish(`${BASE}/${hex(ieee)}/set`, { state: on ? 'ON' : 'OFF' }),
    waitOn: (ieee, on, timeoutMs) =>
      watch.next((m) => stateOf(m, ieee)?.state === (on ? 'ON' : 'OFF'), timeoutMs, `state ${on ? 'ON' : 'OFF'} from ${ieee}`).then((m) => m.at),
    // Zigbee2MQTT's contact is true when closed.
    waitContact: (ieee, open, timeoutMs) =>
      watch.next((m) => stateOf(m, ieee)?.contact === !open, timeoutMs, `contact=${!open} from ${ieee}`).then((m) => m.at),
    async stop() {
      await watch.close();
      await proc.stop();
      await broker.stop();
    },
  };
}

function track(seen: Seen, message: Arrival): void {
  if (message.text === '') return;
  if (message.topic === `${BASE}/bridge/state`) {
    // 2.x sends {"state":"online"}; 1.x sent the bare word.
    seen.online = message.text === 'online' || (message.text.startsWith('{') && (JSON.parse(message.text) as { state?: string }).state === 'online');
  } else if (message.topic === `${BASE}/bridge/devices`) {
    const devices = JSON.parse(message.text) as Array<{ ieee_address: string; interview_completed?: boolean; interview_state?: string }>;
    seen.failed = new Set(devices.filter((d) => d.interview_state === 'FAILED').map((d) => d.ieee_address.slice(2)));
    seen.interviewed = new Set(devices.filter((d) => d.interview_completed === true || d.interview_state === 'SUCCESSFUL').map((d) => d.ieee_address.slice(2)));
  } else if (message.topic.endsWith('/availability')) {
    const ieee = message.topic.slice(BASE.length + 3, -'/availability'.length);
    const state = message.text.startsWith('{') ? (JSON.parse(message.text) as { state?: string }).state : message.text;
    if (state === 'online') seen.available.add(ieee);
    else seen.available.delete(ieee);
  }
}

function isUp(seen: Seen, ieee: string, pairing: boolean): boolean {
  return seen.interviewed.has(ieee) && (pairing || seen.available.has(ieee));
}

function progress(seen: Seen, options: StackStartOptions): string {
  const up = options.devices.filter((ieee) => isUp(seen, ieee, options.pairing)).length;
  return `Zigbee2MQTT online=${seen.online}, ${up}/${options.devices.length} devices ${options.pairing ? 'interviewed' : 'available'}`;
}
