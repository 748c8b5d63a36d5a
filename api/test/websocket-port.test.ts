import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonInit } from './helpers/gateway';
import { listenEvents } from './helpers/events';
import { RUNTIMES, startRuntimeGateway, type RuntimeGateway } from './helpers/runtimes';

/**
 * `websocketport` is where the events really are, on both runtimes: a client that follows it (as
 * pydeconz and homebridge do) connects and gets events. On workerd a `WEBSOCKET_PORT` setting (Node's
 * own listener, which `npm run start:edge` passes on from the environment) must not change it.
 */
describe.each(RUNTIMES)('websocketport on $runtime', (target) => {
  let gw: RuntimeGateway;
  let key: string;
  beforeAll(async () => {
    // On Node the test gateway picks a free port of its own; on workerd a port nothing serves.
    gw = await startRuntimeGateway(target, target.runtime === 'workerd' ? { WEBSOCKET_PORT: '18088' } : {});
    key = await gw.createKey();
  }, 90_000);
  afterAll(async () => gw?.close());

  it('should name a port a client connects to and gets events on', async () => {
    const config = (await (await gw.request(`/api/${key}/config`)).json()) as { websocketport: number };
    expect(config.websocketport).not.toBe(18088);
    const events = await listenEvents({ websocketUrl: `ws://127.0.0.1:${config.websocketport}/` });
    try {
      const res = await gw.request(`/api/${key}/groups`, jsonInit('POST', { name: 'Porch' }));
      const id = ((await res.json()) as [{ success: { id: string } }])[0].success.id;
      await events.until((all) => all.some((e) => e.e === 'added' && e.r === 'groups' && e.id === id));
    } finally {
      events.close();
    }
  });

  it.runIf(target.runtime === 'workerd')('should say in the log that WEBSOCKET_PORT is ignored', async () => {
    const logs = await gw.logs();
    expect(logs.some((line) => String(line.msg).includes('WEBSOCKET_PORT is ignored on workerd'))).toBe(true);
  });
});
