/**
 * The virtual radio as the bridge benchmark uses it: in the suite's own process, so the instant a
 * frame from the host reaches the simulated network and the instant a device acts share one clock
 * (performance.now()) with the MQTT client that measures. Each stack gets its own radio from the
 * same network definition. The radio is not told about the tap: the frame counters it already
 * keeps (per destination) are wrapped on this instance only.
 */
import { join } from 'node:path';
import { startVirtualRadio, type VirtualRadio, createDeviceFactory, timingProfiles, type NetworkDefinition, type RadioProtocol } from '@herdgate/virtual-radio';

export interface BenchRadio {
  port: number;
  radio: VirtualRadio;
  /** Resolves with the instant of the next host frame addressed to the device's NWK address. */
  nextFrameTo(ieee: string, timeoutMs: number): Promise<number>;
  /** Instant of the last host frame to anyone (for "the network has gone quiet"). */
  lastFrameAt(): number;
  /** A person acts on a device (control API semantics, without the HTTP hop). */
  act(ieee: string, action: string, params?: Record<string, unknown>): void;
  /** The device's real value of a ZCL attribute (first endpoint that has it), e.g. genOnOff.onOff. */
  attribute(ieee: string, cluster: string, name: string): unknown;
  stop(): Promise<void>;
}

export async function startBenchRadio(dir: string, network: NetworkDefinition, protocol: RadioProtocol = 'deconz'): Promise<BenchRadio> {
  const radio = await startVirtualRadio({
    factory: createDeviceFactory(),
    protocol,
    statePath: join(dir, 'radio.json'),
    network,
    timing: timingProfiles.fast,
  });
  const waiters = new Map<number, Array<(at: number) => void>>();
  let lastFrame = performance.now();
  const count = radio.counters.count.bind(radio.counters);
  radio.counters.count = (kind, address) => {
    const at = performance.now();
    lastFrame = at;
    count(kind, address);
    if (kind !== 'nwk') return;
    const pending = waiters.get(address);
    if (!pending) return;
    waiters.delete(address);
    for (const wake of pending) wake(at);
  };
  const joined = (ieee: string) => {
    const entry = radio.registry.get(ieee);
    if (!entry) throw new Error(`device ${ieee} is not on the virtual network`);
    return entry;
  };
  return {
    port: radio.port,
    radio,
    nextFrameTo: (ieee, timeoutMs) =>
      new Promise((resolve, reject) => {
        const nwk = joined(ieee).device.identity.nwk;
        const wake = (at: number) => {
          clearTimeout(timer);
          resolve(at);
        };
        const timer = setTimeout(() => {
          waiters.set(
            nwk,
            (waiters.get(nwk) ?? []).filter((w) => w !== wake),
          );
          reject(new Error(`no frame to ${ieee} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.set(nwk, [...(waiters.get(nwk) ?? []), wake]);
      }),
    lastFrameAt: () => lastFrame,
    act: (ieee, action, params = {}) => {
      const result = joined(ieee).device.act(action, params);
      if (!result.ok) throw new Error(`${action} on ${ieee} refused: ${result.error}`);
    },
    attribute: (ieee, cluster, name) => {
      const endpoints = joined(ieee).device.inspect().endpoints as Record<string, Record<string, Record<string, unknown>>>;
      return Object.values(endpoints).find((clusters) => clusters[cluster]?.[name] !== undefined)?.[cluster][name];
    },
    stop: () => radio.stop(),
  };
}
