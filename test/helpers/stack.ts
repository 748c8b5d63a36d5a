import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { LogRing, ringDestination } from '@herdgate/shared/log';
import type { NodeGateway } from '@herdgate/api/node';
import { startLoopbackGateway } from './gateway';
import { connectMqtt, createRestClient, type EventClient, type RestClient } from './clients';
import { freePort, startBridge, startRadio, type BridgeProcess, type RadioProcess } from './processes';
import type { RadioProtocol } from './protocols';
import { waitFor } from './wait';

/**
 * The whole product on loopback, as separate parts: the virtual radio (child process), the bridge
 * on it (child process, embedded broker on a fixed free port so it can be restarted in place) and
 * the api (in this process: it runs no herdsman) with a temp libSQL file. `close()` stops all of
 * it with bounded waits and removes the temp folder.
 */
export interface Stack {
  /** The api's account on the bridge's broker (MQTT_USER/MQTT_PASSWORD), for an api started again. */
  mqttAccount: { MQTT_USER: string; MQTT_PASSWORD: string };
  dir: string;
  radio: RadioProcess;
  bridge: BridgeProcess | undefined;
  mqttUrl: string;
  api: NodeGateway;
  rest: RestClient;
  /** Every api log line, parsed (the link says which bridge it follows). */
  apiLogs: Record<string, unknown>[];
  startBridge(): Promise<BridgeProcess>;
  stopBridge(how?: 'stop' | 'kill'): Promise<void>;
  /** Device IEEE addresses the api's link mirrors. */
  mirroredDevices(): string[];
  close(): Promise<void>;
}

export interface StackOptions {
  /** Network definition for a fresh radio; none = an empty network. */
  network?: string;
  /** Which coordinator the virtual radio emulates (default deconz, a ConBee II). */
  protocol?: RadioProtocol;
  apiEnv?: Record<string, string>;
  /** Extra bridge environment (e.g. broker accounts for an admin or user client). */
  bridgeEnv?: Record<string, string>;
  /**
   * A data dir laid out as npm start's (virtual-radio.json, the bridge's files, herdgate.db), e.g.
   * one an import filled: the radio, the bridge and the api start from it. Left in place on close.
   */
  dataDir?: string;
  /** A radio already running (the stick another gateway left, e.g. Zigbee2MQTT's): used as it is, not stopped on close. */
  radio?: RadioProcess;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const dir = mkdtempSync(join(tmpdir(), 'herdgate-stack-'));
  const cleanups: (() => Promise<unknown>)[] = [];
  const closeAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const data = options.dataDir;
    const radio =
      options.radio ??
      (await startRadio({
        statePath: data ? join(data, 'virtual-radio.json') : join(dir, 'radio.json'),
        network: options.network,
        protocol: options.protocol,
      }));
    if (!options.radio) cleanups.push(() => radio.stop());
    let mqttPort = await freePort();
    // The api's own broker account, as npm start gives it (administrative requests need one).
    const apiAccount = { MQTT_USER: 'herdgate-api', MQTT_PASSWORD: randomBytes(12).toString('hex') };
    let bridge: BridgeProcess | undefined;
    const launchBridge = async () => {
      // The radio's control API lets the bridge run the virtual radio's simulated firmware update.
      bridge = await startBridge({
        radioPath: radio.path,
        dataDir: data ?? join(dir, 'bridge'),
        mqttPort,
        protocol: options.protocol,
        env: { VIRTUAL_RADIO_CONTROL: radio.control, ...apiAccount, ...options.bridgeEnv },
      });
      return bridge;
    };
    cleanups.push(async () => {
      await bridge?.stop();
    });
    // The broker's port is picked before the bridge binds it; another test may take it meanwhile.
    for (let attempt = 1; !bridge; attempt++) {
      await launchBridge().catch(async (err: Error) => {
        if (attempt === 3 || !err.message.includes('EADDRINUSE')) throw err;
        mqttPort = await freePort();
      });
    }
    const mqttUrl = `mqtt://127.0.0.1:${mqttPort}`;

    const apiLogs: Record<string, unknown>[] = [];
    // The lines for the test to read, and the warnings for the log view, as the api process keeps them.
    const logs = new LogRing();
    const logger = pino(
      { level: 'info' },
      pino.multistream([
        { level: 'info', stream: { write: (line: string) => void apiLogs.push(JSON.parse(line) as Record<string, unknown>) } },
        { level: 'warn', stream: ringDestination(logs, 'api') },
      ]),
    );
    const api = await startLoopbackGateway(
      {
        DATABASE_URL: `file:${data ? join(data, 'herdgate.db') : join(dir, 'api.db')}`,
        MQTT_URL: mqttUrl,
        ...apiAccount,
        ...options.apiEnv,
      },
      { logger, logs },
    );
    cleanups.push(() => api.close());
    const rest = await createRestClient(`http://127.0.0.1:${api.httpPort}`);
    return {
      dir,
      radio,
      mqttUrl,
      mqttAccount: apiAccount,
      api,
      rest,
      apiLogs,
      get bridge() {
        return bridge;
      },
      startBridge: launchBridge,
      async stopBridge(how = 'stop') {
        await (how === 'kill' ? bridge?.kill() : bridge?.stop());
        bridge = undefined;
      },
      mirroredDevices: () => [...api.services.bridge.devices().keys()],
      close: closeAll,
    };
  } catch (err) {
    await closeAll();
    throw err;
  }
}

/** Waits until the api's link follows an online bridge and has its info. */
export function waitForLink(stack: Stack, timeoutMs = 20_000): Promise<true> {
  return waitFor(
    () => stack.api.services.bridge.connected() && stack.api.services.bridge.info() !== undefined,
    'the api link to see the bridge online',
    timeoutMs,
  );
}

/**
 * Binds a remote's client clusters to a Zigbee group through the bridge's MQTT request, as deCONZ
 * binds a remote; resolves with the bridge's parsed answer (`{status, data | error}`).
 */
export async function bindToGroup(stack: Stack, ieee: string, group: number): Promise<Record<string, unknown>> {
  const bridgeId = stack.api.services.bridge.info()!.bridge;
  const transaction = `bind-${ieee}-${group}`;
  const probe = await connectMqtt(stack.mqttUrl, [`herdgate/bridge/${bridgeId}/response/device/bind`]);
  try {
    await probe.publish(`herdgate/bridge/${bridgeId}/request/device/bind`, { ieee: `0x${ieee}`, group, transaction });
    const answer = await waitFor(() => probe.messages.find((m) => m.payload.includes(transaction)), 'bind response', 10_000);
    return JSON.parse(answer.payload) as Record<string, unknown>;
  } finally {
    await probe.close();
  }
}

let barriers = 0;
/**
 * A barrier for "nothing more came" on the api's side: every link event the api got so far is
 * applied, and every WebSocket event that made is on the socket, for a sentinel pushed after them
 * (a CLIP flag sensor added, then deleted) has arrived. What the bridge has yet to send is not
 * covered: that wants a time window.
 */
export async function apiSettled(stack: Stack, ws: EventClient): Promise<void> {
  await stack.api.services.sensors.idle();
  await stack.api.services.lights.settled();
  barriers += 1;
  const created = await stack.rest.post<[{ success: { id: string } }]>('/sensors', {
    name: `barrier ${barriers}`,
    type: 'CLIPGenericFlag',
    modelid: 'barrier',
    manufacturername: 'herdgate tests',
    swversion: '1',
    uniqueid: `barrier-${process.pid}-${barriers}`,
  });
  const id = created.body[0].success.id;
  await waitFor(() => ws.events.some((e) => e.e === 'added' && e.r === 'sensors' && e.id === id), 'the barrier sensor pushed', 10_000, 10);
  await stack.rest.delete(`/sensors/${id}`);
}

/**
 * A barrier for "nothing more came" after a command to a light: the light is sent the on/off it
 * already shows, and once that is answered, `apiSettled`. The radio carries a device's frames in
 * order and the bridge answers only after the device did, so a report the device sent for the
 * earlier command has been through the bridge by then; `apiSettled` proves its push was delivered.
 * A report the device holds back for its reporting interval is not covered (nor was it by a sleep).
 */
export async function lightSettled(stack: Stack, ws: EventClient, id: string): Promise<void> {
  const { on } = (await stack.rest.get<{ state: { on?: boolean } }>(`/lights/${id}`)).body.state;
  const res = await stack.rest.put(`/lights/${id}/state`, { on: on ?? false });
  if (res.status !== 200) throw new Error(`the barrier command to light ${id} answered ${res.status}`);
  await apiSettled(stack, ws);
}
