import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestGateway } from '../helpers/gateway';
import { colorLamp, FakeLink, LAMP_STATE } from './fake-link';
import { startLightingGateway } from './harness';

/** A light shows the ranges and abilities the bridge read from its converter definition. */
describe('light capabilities', () => {
  let gw: TestGateway;
  let link: FakeLink;
  let key: string;
  const get = async (id: string) => (await (await gw.request(`/api/${key}/lights/${id}`)).json()) as Record<string, any>;
  const put = (id: string, body: unknown) => gw.request(`/api/${key}/lights/${id}/state`, { method: 'PUT', body: JSON.stringify(body) });

  beforeEach(async () => {
    link = new FakeLink();
    const white = colorLamp('0x0017880102a3b4c6', 'Ambiance');
    white.subdevices = [{
      ...white.subdevices[0]!, type: 'Color temperature light', state: ['on', 'bri', 'ct', 'colormode', 'alert', 'reachable'],
      capabilities: { ct: { min: 250, max: 454 }, colormodes: ['ct'], effects: [], powerup: ['off', 'on', 'previous'], ctstartup: true },
    }];
    const colour = colorLamp();
    colour.subdevices = [{ ...colour.subdevices[0]!, capabilities: { ct: { min: 153, max: 500 }, colormodes: ['ct', 'xy'], effects: ['none', 'colorloop'], powerup: [], ctstartup: false } }];
    link.addDevice(white, 11, { on: true, bri: 100, ct: 300, colormode: 'ct', reachable: true, lastupdated: 'none' });
    link.addDevice(colour, 11, LAMP_STATE);
    ({ gw, key } = await startLightingGateway(link));
  });
  afterEach(async () => { await gw.close(); });

  it('should report the device ct range and colour capabilities instead of the type defaults', async () => {
    const white = await get('1');
    expect(white).toMatchObject({ ctmin: 250, ctmax: 454, colorcapabilities: 0x10, capabilities: { color: { ct: { computes_xy: false, min: 250, max: 454 }, modes: ['ct'] } } });
    const colour = await get('2');
    // xy and ct with the colour loop, but no hue/saturation feature: bits 2, 3, 4.
    expect(colour).toMatchObject({ ctmin: 153, ctmax: 500, colorcapabilities: 0x1c, capabilities: { color: { effects: ['none', 'colorloop'], modes: ['ct', 'effect', 'xy'] } } });
  });

  it('should check ct against the device range and send only values it supports', async () => {
    const res = await put('1', { ct: 200 });
    expect(res.status).toBe(200);
    expect(link.sets.at(-1)?.command).toEqual({ ct: 250 });
    expect(await res.json()).toEqual([{ success: { '/lights/1/state/ct': 250 } }]);
  });
});
