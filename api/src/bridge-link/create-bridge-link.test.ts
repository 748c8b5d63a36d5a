import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_BRIDGE, EXAMPLE_IEEE, examples } from '@herdgate/shared/mqtt';
import type { LinkEvent } from '../services/bridge-link';
import { createBridgeLink, DEFAULT_LINK_TIMEOUT_MS } from './create-bridge-link';
import { createMemoryTransport } from './memory-transport';

/**
 * The link's core over an in-process transport: what the api publishes is recorded, what the
 * "broker" delivers is fed in by the test. The real MQTT transport is covered in test/ (real
 * bridge, real broker).
 */
function rig(timeoutMs = 1_000) {
  const transport = createMemoryTransport();
  const link = createBridgeLink({ transport, base: 'herdgate', logger: pino({ level: 'silent' }), timeoutMs });
  const send = (topic: string, value: unknown) => transport.deliver(topic, value);
  const online = () => {
    send(`herdgate/bridge/${EXAMPLE_BRIDGE}/state`, { state: 'online' });
    send(`herdgate/bridge/${EXAMPLE_BRIDGE}/info`, examples.bridgeInfo);
  };
  const drop = () => transport.setConnected(false);
  const published = transport.published;
  const lastTransaction = () => published.at(-1)!.body.transaction as string;
  return { link, published, send, online, drop, lastTransaction };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('bridge link', () => {
  it('should answer not_connected at once while no bridge is online, publishing nothing', async () => {
    const { link, published } = rig();
    expect(link.connected()).toBe(false);
    expect(await link.request('permit_join', { time: 60 })).toMatchObject({ status: 'error', code: 'not_connected' });
    expect(await link.setDevice(EXAMPLE_IEEE, 11, { on: true })).toMatchObject({ status: 'error', code: 'not_connected' });
    expect(published).toEqual([]);
  });

  it('should publish a request with a unique transaction and resolve with the matching response', async () => {
    const { link, published, send, online, lastTransaction } = rig();
    online();
    expect(link.connected()).toBe(true);
    const first = link.request('permit_join', { time: 60 });
    const second = link.request('permit_join', { time: 0 });
    await flush();
    expect(published.map((p) => p.topic)).toEqual([
      `herdgate/bridge/${EXAMPLE_BRIDGE}/request/permit_join`,
      `herdgate/bridge/${EXAMPLE_BRIDGE}/request/permit_join`,
    ]);
    const [a, b] = published.map((p) => p.body.transaction);
    expect(a).not.toBe(b);
    const before = Date.now();
    expect(published[0]!.body).toEqual({ time: 60, transaction: a, expires: expect.any(Number) });
    // Expires when the api stops waiting for the answer (the link's timeout).
    expect(published[0]!.body.expires as number).toBeGreaterThan(before);
    expect(published[0]!.body.expires as number).toBeLessThanOrEqual(before + DEFAULT_LINK_TIMEOUT_MS);
    // Answers in the opposite order, plus one for another client, still land where they belong.
    const response = `herdgate/bridge/${EXAMPLE_BRIDGE}/response/permit_join`;
    send(response, { transaction: 'someone-else', status: 'ok', data: { time: 5, open: true } });
    send(response, { transaction: lastTransaction(), status: 'error', error: { code: 'busy', message: 'queue full' } });
    send(response, { transaction: a, status: 'ok', data: { time: 60, open: true } });
    expect(await first).toEqual({ status: 'ok', data: { time: 60, open: true } });
    expect(await second).toEqual({ status: 'error', code: 'busy', message: 'queue full' });
  });

  it('should correlate device and group set results', async () => {
    const { link, published, send, online } = rig();
    online();
    const device = link.setDevice(EXAMPLE_IEEE, 11, { on: true, bri: 10 });
    const group = link.setGroup(5, { on: false });
    await flush();
    expect(published.map((p) => p.topic)).toEqual([`herdgate/devices/${EXAMPLE_IEEE}/11/set`, `herdgate/bridge/${EXAMPLE_BRIDGE}/groups/5/set`]);
    send(`herdgate/devices/${EXAMPLE_IEEE}/11/set/result`, {
      transaction: published[0]!.body.transaction,
      status: 'error',
      error: { code: 'no_ack', message: 'no ACK after 3 tries' },
    });
    send(`herdgate/bridge/${EXAMPLE_BRIDGE}/groups/5/set/result`, {
      transaction: published[1]!.body.transaction,
      status: 'ok',
      data: { acknowledged: false, sent: ['on'] },
    });
    expect(await device).toEqual({ status: 'error', code: 'no_ack', message: 'no ACK after 3 tries' });
    expect(await group).toEqual({ status: 'ok', data: { acknowledged: false, sent: ['on'] } });
  });

  it('should carry the item the bridge blames in an error outcome', async () => {
    const { link, published, send, online } = rig();
    online();
    const blamed = link.setDevice(EXAMPLE_IEEE, 11, { on: true, xy: [0.3, 0.3] });
    const unblamed = link.setGroup(5, { on: true });
    await flush();
    const [a, b] = published.map((p) => p.body.transaction);
    send(`herdgate/devices/${EXAMPLE_IEEE}/11/set/result`, {
      transaction: a,
      status: 'error',
      error: { code: 'not_supported', message: 'a Dimmable light has no colour', field: 'xy' },
    });
    send(`herdgate/bridge/${EXAMPLE_BRIDGE}/groups/5/set/result`, { transaction: b, status: 'error', error: { code: 'busy', message: 'queue full' } });
    expect(await blamed).toEqual({ status: 'error', code: 'not_supported', message: 'a Dimmable light has no colour', field: 'xy' });
    expect(await unblamed).toStrictEqual({ status: 'error', code: 'busy', message: 'queue full' });
  });

  it('should end a wait with timeout when no answer comes, and ignore an invalid answer', async () => {
    const { link, send, online, lastTransaction } = rig(150);
    online();
    const pending = link.request('network/info', {});
    await flush();
    send(`herdgate/bridge/${EXAMPLE_BRIDGE}/response/network/info`, { transaction: lastTransaction(), status: 'ok', data: { channel: 'x' } });
    expect(await pending).toMatchObject({ status: 'error', code: 'timeout' });
  });

  it('should fail calls in flight with not_connected when the bridge goes offline or the broker drops', async () => {
    const { link, send, online, drop } = rig(5_000);
    online();
    const first = link.request('permit_join', { time: 10 });
    send(`herdgate/bridge/${EXAMPLE_BRIDGE}/state`, { state: 'offline' });
    expect(await first).toMatchObject({ status: 'error', code: 'not_connected' });
    online();
    const second = link.setGroup(1, { on: true });
    drop();
    expect(await second).toMatchObject({ status: 'error', code: 'not_connected' });
    expect(link.connected()).toBe(false);
  });

  it('should deliver events in order and survive a throwing listener', () => {
    const { link, send, online } = rig();
    const seen: LinkEvent['kind'][] = [];
    link.subscribe(() => {
      throw new Error('listener bug');
    });
    const off = link.subscribe((event) => seen.push(event.kind));
    online();
    send(`herdgate/devices/${EXAMPLE_IEEE}`, examples.device);
    send(`herdgate/devices/${EXAMPLE_IEEE}`, 'garbage');
    off();
    send(`herdgate/devices/${EXAMPLE_IEEE}`, '');
    expect(seen).toEqual(['bridge-online', 'bridge-info', 'device']);
    expect(link.devices().size).toBe(0);
  });
});
