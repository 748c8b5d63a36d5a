import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWatch, type MqttWatch } from './mqtt-watch';
import { startBareBroker, type BareBroker } from './z2m/broker';

describe('MQTT watch', () => {
  let broker: BareBroker;
  let watch: MqttWatch;
  beforeAll(async () => {
    broker = await startBareBroker();
    watch = await connectWatch(broker.url, ['bench/#']);
  });
  afterAll(async () => {
    await watch?.close();
    await broker?.stop();
  });

  it('should resolve with the arrival of the first matching message', async () => {
    const next = watch.next((m) => m.text.includes('"n":2'), 2_000, 'n=2');
    const before = performance.now();
    await watch.publish('bench/a', { n: 1 });
    await watch.publish('bench/a', { n: 2 });
    const arrival = await next;
    expect(arrival.topic).toBe('bench/a');
    expect(arrival.at).toBeGreaterThan(before);
  });

  it('should resolve once a condition over what was seen holds', async () => {
    const seen = new Set<string>();
    const off = watch.on((m) => seen.add(m.topic));
    const done = watch.until(
      () => seen.has('bench/x') && seen.has('bench/y'),
      2_000,
      () => [...seen].join(),
    );
    await watch.publish('bench/x', 'x');
    await watch.publish('bench/y', 'y');
    expect(await done).toBeGreaterThan(0);
    off();
  });

  it('should reject when nothing matches in time', async () => {
    await expect(watch.next(() => false, 100, 'impossible message')).rejects.toThrow('no impossible message within 100 ms');
  });

  it('should retry connecting while the broker is not there yet, within a bound', async () => {
    const started = performance.now();
    await expect(connectWatch('mqtt://127.0.0.1:1', ['bench/#'], { retryForMs: 200 })).rejects.toThrow();
    expect(performance.now() - started).toBeGreaterThanOrEqual(200);
  });

  it('should fail a pending wait at once when the broker goes away', async () => {
    const own = await startBareBroker();
    const lonely = await connectWatch(own.url, ['bench/#']);
    const pending = lonely.next(() => false, 10_000, 'message');
    const started = performance.now();
    await own.stop();
    await expect(pending).rejects.toThrow(`MQTT connection to ${own.url} closed`);
    expect(performance.now() - started).toBeLessThan(5_000);
    await lonely.close();
  });
});
