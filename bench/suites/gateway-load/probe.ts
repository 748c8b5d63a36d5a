/**
 * One condition's latency samples on a running gateway, one at a time: a REST light command timed
 * to its frame at the radio (and to the acknowledged reply), and a contact sensor opening or
 * closing at the radio timed to its WebSocket event at a client. The radio runs in this process, so
 * the frame, the device's action and the client's arrival share one clock.
 */
import WebSocket from 'ws';
import type { BenchRadio } from '../../lib/bench-radio';
import type { ConditionRound } from '../../lib/load-latency-report';

const SAMPLE_TIMEOUT_MS = 10_000;
const GAP_MS = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The lamp and the contact sensor, by IEEE (at the radio) and by REST id (at the api). */
export interface ProbeDevices {
  lampIeee: string;
  lampId: string;
  contactIeee: string;
  contactId: string;
}

interface Resource {
  uniqueid?: string;
  type?: string;
}
const ieeeOf = (resource: Resource) => (resource.uniqueid ?? '').split('-')[0]!.replaceAll(':', '');

/** Waits until the api's model has both devices (the api mirrors the bridge's retained descriptions). */
export async function findProbeDevices(base: string, lampIeee: string, contactIeee: string, timeoutMs: number): Promise<ProbeDevices> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    const read = async (path: string) => Object.entries((await (await fetch(`${base}${path}`)).json()) as Record<string, Resource>);
    const lamp = (await read('/lights')).find(([, l]) => ieeeOf(l) === lampIeee);
    const contact = (await read('/sensors')).find(([, s]) => ieeeOf(s) === contactIeee && s.type === 'ZHAOpenClose');
    if (lamp && contact) return { lampIeee, lampId: lamp[0], contactIeee, contactId: contact[0] };
    if (performance.now() > until)
      throw new Error(`the api has no ${lamp ? '' : `light for ${lampIeee} `}${contact ? '' : `open/close sensor for ${contactIeee}`} after ${timeoutMs} ms`);
    await sleep(250);
  }
}

/** A WebSocket client that stamps each event's arrival before parsing it. */
export async function connectEvents(
  port: number,
): Promise<{ next(match: (event: Record<string, any>) => boolean, timeoutMs: number): Promise<number>; close(): void }> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}`);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const waiters = new Set<{ match: (event: Record<string, any>) => boolean; resolve: (at: number) => void }>();
  ws.on('message', (data) => {
    const at = performance.now();
    if (waiters.size === 0) return;
    const event = JSON.parse(String(data)) as Record<string, any>;
    for (const waiter of waiters)
      if (waiter.match(event)) {
        waiters.delete(waiter);
        waiter.resolve(at);
      }
  });
  return {
    next: (match, timeoutMs) =>
      new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (at: number) => {
            clearTimeout(timer);
            resolve(at);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching event within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(waiter);
      }),
    close: () => ws.terminate(),
  };
}

export async function sampleLatency(
  radio: BenchRadio,
  api: string,
  events: Awaited<ReturnType<typeof connectEvents>>,
  devices: ProbeDevices,
  samples: number,
): Promise<ConditionRound> {
  const round: ConditionRound = { commandMs: [], ackMs: [], reportMs: [], failed: 0 };
  for (let i = 0; i < samples; i++) {
    const on = !radio.attribute(devices.lampIeee, 'genOnOff', 'onOff');
    const frame = radio.nextFrameTo(devices.lampIeee, SAMPLE_TIMEOUT_MS).catch(() => Number.NaN);
    const sent = performance.now();
    const res = await fetch(`${api}/lights/${devices.lampId}/state`, {
      method: 'PUT',
      body: JSON.stringify({ on }),
      signal: AbortSignal.timeout(SAMPLE_TIMEOUT_MS),
    }).catch(() => undefined);
    const answered = performance.now();
    const body = res?.status === 200 ? ((await res.json()) as Array<Record<string, unknown>>) : [];
    const frameAt = await frame;
    if (body.length === 0 || !body.every((item) => 'success' in item) || Number.isNaN(frameAt)) round.failed += 1;
    else {
      round.commandMs.push(frameAt - sent);
      round.ackMs.push(answered - sent);
    }
    await sleep(GAP_MS);

    const open = (Number(radio.attribute(devices.contactIeee, 'ssIasZone', 'zoneStatus') ?? 0) & 1) === 0;
    const arrived = events.next((e) => e.r === 'sensors' && e.id === devices.contactId && e.state?.open === open, SAMPLE_TIMEOUT_MS).catch(() => Number.NaN);
    const acted = performance.now();
    radio.act(devices.contactIeee, open ? 'open' : 'close');
    const at = await arrived;
    if (Number.isNaN(at)) round.failed += 1;
    else round.reportMs.push(at - acted);
    await sleep(GAP_MS);
  }
  return round;
}
