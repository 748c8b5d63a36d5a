/**
 * One integration session: a virtual radio (in this process, real devices from the catalogue) with
 * its control API, and one real zigbee-herdsman Controller in a child process. Devices are placed in
 * the pairing pool and join through a real permit join.
 */
import { afterAll, beforeAll } from 'vitest';
import { startControlServer } from '../../src/control/server';
import type { ControlServer } from '../../src/control/server';
import { createDeviceFactory } from '../../src/devices/index';
import { startVirtualRadio } from '../../src/virtual-radio';
import type { VirtualRadio } from '../../src/virtual-radio';
import type { RadioProtocol } from '../../src/fronts/front';
import { HerdsmanChild } from './herdsman-child';
import { tempDir } from './temp-dir';
import { waitFor } from '../../../../test/helpers/wait';

export interface Session {
  radio: VirtualRadio;
  control: ControlServer;
  herdsman: HerdsmanChild;
  dir: string;
  /** Calls the radio's control API. */
  api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

export async function openSession(
  devices: Array<{ model: string; ieee: string }>,
  options: { statePath?: string; protocol?: RadioProtocol; catalogueDir?: string } = {},
): Promise<Session> {
  const dir = tempDir('vr-herdsman');
  const radio = await startVirtualRadio({
    factory: createDeviceFactory(options.catalogueDir ? { catalogueDir: options.catalogueDir } : {}),
    statePath: options.statePath,
    network: { devices },
    protocol: options.protocol,
  });
  const control = await startControlServer(radio, 0);
  let herdsman: HerdsmanChild | undefined;
  const session: Session = {
    radio,
    control,
    get herdsman() {
      return herdsman!;
    },
    dir: dir.path,
    api: async (method, path, body) => {
      const res = await fetch(`http://127.0.0.1:${control.port}${path}`, {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(5_000),
      });
      return { status: res.status, body: await res.json() };
    },
    close: async () => {
      await herdsman?.stop();
      await control.close();
      await radio.stop();
      dir.remove();
    },
  };
  try {
    herdsman = await HerdsmanChild.spawn();
    await herdsman.call('start', { port: radio.port, dir: dir.path, adapter: options.protocol ?? 'deconz' });
  } catch (error) {
    await session.close();
    throw error;
  }
  return session;
}

/** Permit join and wait until every listed device is interviewed. */
export async function joinAll(session: Session, ieees: string[], timeoutMs = 25_000): Promise<void> {
  await session.herdsman.call('permitJoin', { seconds: 120 });
  for (const ieee of ieees) {
    const result = await session.herdsman.call('waitInterview', { ieee, timeoutMs }, timeoutMs + 2_000);
    if (result.status !== 'successful') throw new Error(`interview of ${ieee} ${result.status}`);
  }
}

/** Polls the radio's view of a device until `probe` returns something defined. */
export async function waitDevice<T>(session: Session, ieee: string, probe: (state: any) => T | undefined, timeoutMs = 10_000): Promise<T> {
  let last: unknown;
  const check = async () => {
    const res = await session.api('GET', `/devices/${ieee}`);
    last = res.body;
    return probe(res.body.state);
  };
  return waitFor(check, `device ${ieee} reaching the expected state`, timeoutMs).catch((error: Error) => {
    throw new Error(`${error.message}; last: ${JSON.stringify(last)}`);
  });
}

type Answer = { status: number; body: any };

/** A test file's session (see `joinedSession`), usable from its tests once the hooks ran. */
export interface JoinedSession {
  readonly herdsman: HerdsmanChild;
  /** Calls the radio's control API. */
  api(method: string, path: string, body?: unknown): Promise<Answer>;
  /** One op of the herdsman driver child. */
  h<T = any>(op: string, args?: Record<string, unknown>): Promise<T>;
  /** A device action on the radio (`press`, `set`, `motion`…). */
  act(ieee: string, name: string, params?: Record<string, unknown>): Promise<Answer>;
  waitDevice<T>(ieee: string, probe: (state: any) => T | undefined, timeoutMs?: number): Promise<T>;
}

/**
 * One session for the calling test file, as vitest hooks: opened with every device joined through
 * one real permit join before its tests, closed after them (also when joining failed). A test may
 * bring its own catalogue folder (model variants).
 */
export function joinedSession(
  devices: Array<{ model: string; ieee: string }>,
  protocol: RadioProtocol = 'deconz',
  options: { catalogueDir?: string } = {},
): JoinedSession {
  let session: Session | undefined;
  beforeAll(async () => {
    session = await openSession(devices, { protocol, ...options });
    await joinAll(
      session,
      devices.map((d) => d.ieee),
    );
  }, 60_000);
  afterAll(async () => {
    await session?.close();
  });
  const open = (): Session => {
    if (!session) throw new Error('the herdsman session is not open');
    return session;
  };
  return {
    get herdsman() {
      return open().herdsman;
    },
    api: (method, path, body) => open().api(method, path, body),
    h: (op, args = {}) => open().herdsman.call(op, args),
    act: (ieee, name, params = {}) => open().api('POST', `/devices/${ieee}/actions/${name}`, params),
    waitDevice: (ieee, probe, timeoutMs) => waitDevice(open(), ieee, probe, timeoutMs),
  };
}
