import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestGateway } from '../helpers/gateway';
import { colorLamp, FakeLink, LAMP_STATE } from '../lights/fake-link';
import { listen, startLightingGateway, waitFor } from '../lights/harness';

/**
 * A remote's group commands as the bridge reports them (`group_command`). The real stack covers
 * toggle and step (test/lights-remote.test.ts); no simulated remote sends a plain scene recall, so
 * the recall path is driven here through the link with the event shape the bridge publishes.
 */
describe('remote group commands', () => {
  let gw: TestGateway;
  let link: FakeLink;
  let key: string;
  const call = (method: string, path: string, body?: unknown) =>
    gw.request(`/api/${key}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = async (res: Promise<Response>) => (await res).json() as Promise<any>;
  const groupCommand = (data: Record<string, unknown>) =>
    link.emit({ kind: 'bridge-event', bridge: '00212EFFFF012345', event: { type: 'group_command', ieee: '0x000b57fffe1a2b3c', data: data as never } });

  beforeEach(async () => {
    link = new FakeLink();
    link.addDevice(colorLamp(), 11, { ...LAMP_STATE, on: true, bri: 180 });
    ({ gw, key } = await startLightingGateway(link));
    await call('POST', '/groups', { name: 'Hall', lights: ['1'] });
    await call('POST', '/groups/1/scenes', { name: 'Evening' });
  });
  afterEach(async () => { await gw.close(); });

  it('should show a recalled scene and emit scene-called with gid and scid', async () => {
    link.setState('0x0017880102a3b4c5', 11, { on: false, bri: 10 });
    await waitFor(() => gw.gateway.services.lights.get('1')?.state.on === false);
    const ws = await listen(gw);
    try {
      groupCommand({ group: 1, endpoint: 1, command: 'recall', scene: 1 });
      await waitFor(() => ws.events.some((e) => e.e === 'scene-called'));
      expect(ws.events.find((e) => e.e === 'scene-called')).toEqual({ t: 'event', e: 'scene-called', r: 'scenes', gid: '1', scid: '1' });
      expect((await json(call('GET', '/lights/1'))).state).toMatchObject({ on: true, bri: 180 });
      expect((await json(call('GET', '/groups/1'))).action.scene).toBe('1');
      expect(ws.events.some((e) => e.r === 'lights' && e.id === '1' && (e.state as { bri?: number })?.bri === 180)).toBe(true);
    } finally {
      ws.close();
    }
  });

  it('should set the group action a toggle or a step implies, and persist it', async () => {
    groupCommand({ group: 1, endpoint: 1, command: 'toggle', toggle: true });
    await waitFor(() => gw.gateway.services.groups.get('1')?.record.action.on === false);
    await call('PUT', '/groups/1/action', { bri: 100 });
    groupCommand({ group: 1, endpoint: 1, command: 'step_with_on_off', bri_inc: 43, on: true, transitiontime: 5 });
    await waitFor(() => gw.gateway.services.groups.get('1')?.record.action.bri === 143);
    gw = await gw.restart();
    expect((await json(call('GET', '/groups/1'))).action).toMatchObject({ on: true, bri: 143 });
  });

  it('should ignore an unknown group, an unknown scene and a malformed event without failing', async () => {
    const ws = await listen(gw);
    try {
      groupCommand({ group: 77, endpoint: 1, command: 'recall', scene: 1 });
      groupCommand({ group: 1, endpoint: 1, command: 'recall', scene: 9 });
      groupCommand({ group: 'one', command: 5 });
      await new Promise((r) => setTimeout(r, 200));
      expect(ws.events.filter((e) => e.e === 'scene-called')).toEqual([]);
      expect((await call('GET', '/groups/1')).status).toBe(200);
    } finally {
      ws.close();
    }
  });
});
