/**
 * One integration session: a virtual radio (in this process, real devices from the catalogue) with
 * its control API, and one real zigbee-herdsman Controller in a child process. Devices are placed in
 * the pairing pool and join through a real permit join.
 */
import { startControlServer } from '../../src/control/server';
import type { ControlServer } from '../../src/control/server';
import { createDeviceFactory } from '../../src/devices/index';
import { startVirtualRadio } from '../../src/virtual-radio';
import type { VirtualRadio } from '../../src/virtual-radio';
import { HerdsmanChild } from './herdsman-child';
import { tempDir } from './temp-dir';

export interface Session {
  radio: VirtualRadio;
  control: ControlServer;
  herdsman: HerdsmanChild;
  dir: string;
  /** Calls the radio's control API. */
  api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

export async function openSession(devices: Array<{ model: string; ieee: string }>, options: { statePath?: string } = {}): Promise<Session> {
  const dir = tempDir('vr-herdsman');
  const radio = await startVirtualRadio({ factory: createDeviceFactory(), statePath: options.statePath, network: { devices } });
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
      const res = await fetch(`http://127.0.0.1:${control.port}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(5_000) });
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
    await herdsman.call('start', { port: radio.port, dir: dir.path });
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
export async function waitDevice<T>(session: Session, ieee: string, probe: (state: any) => T | undefined, timeoutMs = 3_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    const res = await session.api('GET', `/devices/${ieee}`);
    last = res.body;
    const value = probe(res.body.state);
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`device ${ieee} never reached the expected state; last: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
