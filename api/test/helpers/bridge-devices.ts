import type { DeviceDescription, EndpointState } from '@herdgate/shared/mqtt';
import type { RuntimeGateway } from './runtimes';
import type { TestBridge } from './test-bridge';
import { waitFor } from '../../../test/helpers/wait';

/**
 * What tests on both runtimes ask of a gateway that follows the scripted bridge, through HTTP only:
 * the id a device's resource got, and waiting until the gateway has seen what the bridge published.
 */
type Resource = 'lights' | 'sensors';

/**
 * How long a wait for what the bridge published may take: a bound, not a speed claim; the whole
 * suite runs its files in parallel on two loaded cores, where a Worker can stall for seconds.
 */
export const WAIT_MS = 15_000;

/** GET `/api/<key><path>` as JSON. */
export async function getJson<T = any>(gw: RuntimeGateway, key: string, path: string): Promise<T> {
  const res = await gw.request(`/api/${key}${path}`);
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The id the gateway gave the resource with `uniqueid`, if it lists one. */
export async function idOf(gw: RuntimeGateway, key: string, resource: Resource, uniqueid: string): Promise<string | undefined> {
  const list = await getJson<Record<string, { uniqueid?: string }>>(gw, key, `/${resource}`);
  return Object.entries(list).find(([, item]) => item.uniqueid === uniqueid)?.[0];
}

/** Waits (bounded) until the gateway lists the resource with `uniqueid`; its id. */
export async function awaitId(gw: RuntimeGateway, key: string, resource: Resource, uniqueid: string): Promise<string> {
  let id: string | undefined;
  await waitFor(
    async () => (id = await idOf(gw, key, resource, uniqueid)) !== undefined,
    '(id = await idOf(gw, key, resource, uniqueid)) !== undefined',
    WAIT_MS,
  );
  return id!;
}

/** Publishes a device on the bridge and waits until the gateway lists its first subdevice; that id. */
export async function addDevice(
  gw: RuntimeGateway,
  bridge: TestBridge,
  key: string,
  device: DeviceDescription,
  endpoint: number,
  state: EndpointState['state'],
): Promise<string> {
  await bridge.addDevice(device, endpoint, state);
  const first = device.subdevices[0]!;
  return awaitId(gw, key, first.resource as Resource, first.uniqueid);
}

/** Waits (bounded) until `GET <path>` satisfies `check`. */
export async function awaitJson<T = any>(gw: RuntimeGateway, key: string, path: string, check: (body: T) => boolean, ms = WAIT_MS): Promise<T> {
  let body: T | undefined;
  await waitFor(async () => check((body = await getJson<T>(gw, key, path))), 'check((body = await getJson<T>(gw, key, path)))', ms);
  return body!;
}

/** The bridge goes away or comes back; returns once the gateway's `/config` says so. */
export async function setBridgeOnline(gw: RuntimeGateway, bridge: TestBridge, key: string, online: boolean): Promise<void> {
  await bridge.setOnline(online);
  await awaitJson<{ rfconnected: boolean }>(gw, key, '/config', (config) => config.rfconnected === online);
}

/** Restarts the gateway and returns once it follows the bridge again (its link reconnected). */
export async function restartFollowing(gw: RuntimeGateway, key: string): Promise<void> {
  await gw.restart();
  // A Worker's restart reconnects its MQTT link over WebSocket, backing off up to 5 s per try.
  await awaitJson<{ rfconnected: boolean }>(gw, key, '/config', (config) => config.rfconnected === true, 60_000);
}

/** Takes the bridge offline until `run` settles, waiting each way until the gateway has seen it. */
export async function whileBridgeOffline<T>(gw: RuntimeGateway, bridge: TestBridge, key: string, run: () => Promise<T>): Promise<T> {
  await setBridgeOnline(gw, bridge, key, false);
  try {
    return await run();
  } finally {
    await setBridgeOnline(gw, bridge, key, true);
  }
}
