import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { radioControl } from './helpers/clients';
import { startStack, waitForLink, type Stack, type StackOptions } from './helpers/stack';
import { waitFor } from './helpers/wait';

/** A device of the virtual radio's catalogue at a fixed address (16 hex digits, radio form). */
export interface NetworkDevice {
  model: string;
  ieee: string;
  /** Attribute values it holds before it pairs (endpoint -> cluster -> attribute -> value). */
  settings?: Record<string, Record<string, Record<string, number | string | boolean>>>;
}

/** `00124b0022a1100b` → the bridge's `0x00124b0022a1100b`. */
export const herdsmanIeee = (ieee: string) => `0x${ieee.toLowerCase()}`;

/**
 * The real stack with `devices` in the radio's pairing pool, paired the way a user does it: a
 * `PUT /config {"permitjoin"}` through the api, then every device interviewed in the api's mirror.
 */
export async function startSensorStack(devices: NetworkDevice[], options: Pick<StackOptions, 'bridgeEnv' | 'apiEnv' | 'protocol'> = {}): Promise<Stack> {
  const folder = mkdtempSync(join(tmpdir(), 'herdgate-sensors-net-'));
  const network = join(folder, 'network.json');
  writeFileSync(network, JSON.stringify({ devices }));
  // The radio reads the definition once, at its first start.
  const stack = await startStack({ network, ...options }).finally(() => rmSync(folder, { recursive: true, force: true }));
  try {
    await waitForLink(stack);
    const opened = await stack.rest.put('/config', { permitjoin: 120 });
    if (opened.status !== 200) throw new Error(`permit join refused: ${JSON.stringify(opened.body)}`);
    for (const { ieee } of devices) {
      const address = herdsmanIeee(ieee);
      const described = () => stack.api.services.bridge.devices().get(address);
      await waitFor(
        () => {
          const device = described();
          return device?.interview === 'successful' && device.subdevices.length > 0;
        },
        `device ${address} interviewed in the api's mirror`,
        60_000,
        100,
      ).catch((err: Error) => {
        throw new Error(`${err.message}; mirrored as ${JSON.stringify(described())}`);
      });
    }
    await stack.rest.put('/config', { permitjoin: 0 });
    return stack;
  } catch (err) {
    await stack.close();
    throw err;
  }
}

/** Act on a simulated device as a person would (`press`, `open`, `motion`, `set`, `pin`…). */
export function act(stack: Stack, ieee: string, action: string, body: unknown = {}): Promise<unknown> {
  return radioControl(stack.radio.control, 'POST', `/devices/${ieee}/actions/${action}`, body);
}

/** The simulated device's real internal state. */
export async function realState<T = any>(stack: Stack, ieee: string): Promise<T> {
  return (await radioControl<{ state: T }>(stack.radio.control, 'GET', `/devices/${ieee}`)).state;
}

/** deCONZ uniqueid of a sub-device: `00:12:4b:…-<ep>-<cluster>` (two hex digits, four hex digits). */
export function uniqueidOf(ieee: string, endpoint: number, cluster: string): string {
  const mac = ieee.toLowerCase().match(/../g)!.join(':');
  return `${mac}-${endpoint.toString(16).padStart(2, '0')}-${cluster}`;
}

/** The REST id of the sensor with this uniqueid (bounded wait until the api lists it). */
export async function sensorId(stack: Stack, uniqueid: string): Promise<string> {
  return waitFor(
    async () => {
      const { body } = await stack.rest.get('/sensors');
      return Object.entries(body as Record<string, { uniqueid: string }>).find(([, sensor]) => sensor.uniqueid === uniqueid)?.[0];
    },
    `a sensor with uniqueid ${uniqueid} in GET /sensors`,
    15_000,
    100,
  );
}

/** Polls `GET /sensors/<id>` until it exists and `test` accepts it (bounded); resolves with that sensor. */
export async function sensorWhen<T = any>(stack: Stack, id: string, test: (sensor: T) => boolean, what: string, timeoutMs = 15_000): Promise<T> {
  let last: unknown;
  return waitFor(
    async () => {
      const { status, body } = await stack.rest.get(`/sensors/${id}`);
      last = body;
      return status === 200 && test(body as T) ? (body as T) : undefined;
    },
    `${what} (sensor ${id})`,
    timeoutMs,
    100,
  ).catch((err: Error) => {
    throw new Error(`${err.message}; last answer ${JSON.stringify(last)}`);
  });
}

/** A sensor's changed events since `from` (index into the client's list), in arrival order. */
export function changesOf(events: Record<string, unknown>[], id: string, from = 0): Record<string, unknown>[] {
  return events.slice(from).filter((event) => event.e === 'changed' && event.r === 'sensors' && event.id === id);
}
