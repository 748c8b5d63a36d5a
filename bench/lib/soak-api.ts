/**
 * The api half of the soak: the Node api (the entry `npm start` runs) in its own process, linked
 * to the soaked bridge's broker, on a libSQL file in the soak's data folder, with the loop-lag
 * probe preloaded. Drives the REST traffic of a busy home's clients (light commands, full reads
 * of lights, sensors and config) and keeps a WebSocket client connected, counting its events.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { acquireKey } from './acquire-key';
import { spawnStack, type StackProcess } from './stack-process';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const API_ENTRY = join(ROOT, 'api', 'src', 'runtime', 'node', 'main.ts');

export interface RestTally {
  sent: number;
  ok: number;
  error: number;
  errors: string[];
}

export interface SoakApi {
  process: StackProcess;
  /** Lines the loop-lag probe wrote to the api's stderr. */
  onStderrLine(listener: (line: string) => void): void;
  lightCommand(on: boolean): void;
  reads(): void;
  rest: { commands: RestTally; reads: RestTally };
  websocketEvents(): number;
  /** Waits for every REST call still running (bounded), closes the WebSocket, stops the api. */
  stop(): Promise<void>;
}

export async function startSoakApi(options: {
  mqttUrl: string;
  account: Record<string, string>;
  dataDir: string;
  probe: string;
  lamps: number;
  log: (line: string) => void;
}): Promise<SoakApi> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HTTP_HOST: '127.0.0.1',
    HTTP_PORT: '0',
    WEBSOCKET_PORT: '0',
    LOG_LEVEL: 'warn',
    DATABASE_URL: `file:${join(options.dataDir, 'soak-api.db')}`,
    MQTT_URL: options.mqttUrl,
    ...options.account,
  };
  const proc = spawnStack(process.execPath, ['--import', 'tsx', '--import', options.probe, API_ENTRY], { cwd: ROOT, env });
  try {
    const ports = await readyLine(proc, 60_000);
    const base = `http://127.0.0.1:${ports.httpPort}/api`;
    const key = await acquireKey(`http://127.0.0.1:${ports.httpPort}`, 'herdgate-bench#soak');
    const lights = await switchableLights(`${base}/${key}`, options.lamps, options.log);
    return driver(proc, `${base}/${key}`, lights, await openWebSocket(ports.websocketPort));
  } catch (error) {
    await proc.stop();
    throw error;
  }
}

function driver(proc: StackProcess, keyed: string, lights: string[], socket: { close(): void; count(): number }): SoakApi {
  const rest = { commands: tally(), reads: tally() };
  const running = new Set<Promise<void>>();
  const call = (target: RestTally, path: string, init?: RequestInit) => {
    target.sent += 1;
    const done = fetch(`${keyed}${path}`, init)
      .then(
        async (response) => {
          const text = await response.text();
          // A write answers an array of successes; a read answers an object.
          const failed = response.status !== 200 || (text.startsWith('[') && text.includes('"error"'));
          if (failed) fail(target, `${init?.method ?? 'GET'} ${path}: ${response.status} ${text.slice(0, 120)}`);
          else target.ok += 1;
        },
        (error: unknown) => fail(target, `${path}: ${String(error)}`),
      )
      .finally(() => running.delete(done));
    running.add(done);
  };
  let next = 0;
  return {
    process: proc,
    onStderrLine: (listener) => lines(proc, listener),
    lightCommand(on) {
      if (lights.length === 0) return;
      const id = lights[next++ % lights.length];
      call(rest.commands, `/lights/${id}/state`, { method: 'PUT', body: JSON.stringify({ on }) });
    },
    reads() {
      call(rest.reads, '/lights');
      call(rest.reads, '/sensors');
      call(rest.reads, '/config');
    },
    rest,
    websocketEvents: () => socket.count(),
    async stop() {
      await Promise.race([Promise.allSettled([...running]), new Promise((r) => setTimeout(r, 20_000))]);
      socket.close();
      await proc.stop();
    },
  };
}

const tally = (): RestTally => ({ sent: 0, ok: 0, error: 0, errors: [] });

function fail(target: RestTally, why: string): void {
  target.error += 1;
  if (target.errors.length < 10) target.errors.push(why);
}

function lines(proc: StackProcess, listener: (line: string) => void): void {
  let pending = '';
  proc.child.stderr!.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    for (let at = pending.indexOf('\n'); at >= 0; at = pending.indexOf('\n')) {
      listener(pending.slice(0, at));
      pending = pending.slice(at + 1);
    }
  });
}

function readyLine(proc: StackProcess, timeoutMs: number): Promise<{ httpPort: number; websocketPort: number }> {
  return new Promise((resolve, reject) => {
    let pending = '';
    const timer = setTimeout(() => reject(new Error(`api not ready within ${timeoutMs} ms:\n${proc.output()}`)), timeoutMs);
    void proc.exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`api exited with ${code} while starting:\n${proc.output()}`));
    });
    proc.child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const match = /\{"event":"api-ready"[^\n]*\}/.exec(pending);
      if (!match) return;
      clearTimeout(timer);
      resolve(JSON.parse(match[0]) as { httpPort: number; websocketPort: number });
    });
  });
}

/** The REST ids of lamps that switch (no covers, no fans), once the api knows most of the bridge's lamps. */
async function switchableLights(keyed: string, expected: number, log: (line: string) => void): Promise<string[]> {
  const until = Date.now() + 120_000;
  for (;;) {
    // By type: a lamp's state is only known to the api once it has reported.
    const all = (await (await fetch(`${keyed}/lights`)).json()) as Record<string, { type: string }>;
    const ids = Object.entries(all)
      .filter(([, l]) => /light|plug|outlet/i.test(l.type))
      .map(([id]) => id);
    if (ids.length >= expected || Date.now() > until) {
      log(`soak: the api knows ${ids.length} switchable lights (the bridge describes ${expected})`);
      return ids;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function openWebSocket(port: number): Promise<{ close(): void; count(): number }> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}`);
  let events = 0;
  socket.on('message', () => {
    events += 1;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { close: () => socket.close(), count: () => events };
}
