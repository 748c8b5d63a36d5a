import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogRing } from '@herdgate/shared/log';
import { bridgeLogSchema } from '@herdgate/shared/mqtt';
import * as v from 'valibot';
import { LOG_RELAY_PER_SECOND, logRelay } from '../../src/features/log-relay';
import type { FeatureDeps } from '../../src/features/types';
import { COLOR_LAMP } from '../support/fake-devices';
import { startInProcessBridge, type InProcessBridge } from '../support/in-process-bridge';

describe('log relay', () => {
  let b: InProcessBridge;
  const logs = new LogRing();

  beforeAll(async () => {
    b = await startInProcessBridge([COLOR_LAMP], {}, undefined, logs);
  });
  afterAll(async () => {
    await b?.close();
  });

  it('should relay a warning the bridge wrote, with its device, to the api on bridge/<id>/log', async () => {
    b.radio.fail(COLOR_LAMP.ieee, 'no_ack', 1);
    expect(await b.set(COLOR_LAMP.ieee, 11, { on: true })).toMatchObject({ status: 'error', error: { code: 'no_ack' } });
    const message = await b.probe.waitFor((m) => m.topic === b.bt('log') && m.json().ieee === COLOR_LAMP.ieee, 3_000, 'the relayed warning');
    const entry = v.parse(bridgeLogSchema, message.json());
    expect(entry).toMatchObject({ level: 'warn', ieee: COLOR_LAMP.ieee, module: 'set-commands' });
    expect(logs.entries({ ieee: COLOR_LAMP.ieee })[0]).toMatchObject({ process: 'bridge', level: 'warn', msg: entry.msg });
    expect(message.retain).toBe(false);
  });
});

describe('log relay pacing', () => {
  it('should send at most its rate a second and say how many it held back with the next one', async () => {
    const sent: Record<string, unknown>[] = [];
    let now = 1_000_000;
    const deps = {
      logger: { child: () => ({ debug() {} }) },
      link: { publish: async (_topic: string, payload: Record<string, unknown>) => void sent.push(payload) },
      topics: { base: 'herdgate', bridge: '00212EFFFF000001' },
    } as unknown as FeatureDeps;
    const ring = new LogRing();
    const relay = logRelay(deps, ring, () => now);
    relay.start();
    const at = new Date(now).toISOString();
    for (let i = 0; i < LOG_RELAY_PER_SECOND + 5; i++) ring.push({ time: at, level: 'warn', process: 'bridge', msg: `w${i}`, ieee: 'not an address' });
    expect(sent).toHaveLength(LOG_RELAY_PER_SECOND);
    expect(sent.every((p) => !('ieee' in p))).toBe(true);
    now += 1_000;
    ring.push({ time: at, level: 'error', process: 'bridge', msg: 'later' });
    expect(sent.at(-1)).toEqual({ time: at, level: 'error', msg: 'later', dropped: 5 });
    relay.stop();
    ring.push({ time: at, level: 'error', process: 'bridge', msg: 'after stop' });
    expect(sent).toHaveLength(LOG_RELAY_PER_SECOND + 1);
  });
});
