import { beforeAll, describe, expect, it } from 'vitest';
import { colorLamp, LAMP_STATE } from '../helpers/devices';
import { describeOnRuntimesWithBridge } from '../helpers/runtimes';
import { addDevice } from '../helpers/bridge-devices';

type Json = Record<string, any>;

/** A light shows the ranges and abilities the bridge read from its converter definition. */
describeOnRuntimesWithBridge('light capabilities', (gw, bridge) => {
  let key: string;
  const get = async (id: string) => (await (await gw().request(`/api/${key}/lights/${id}`)).json()) as Json;
  const put = (id: string, body: unknown) => gw().request(`/api/${key}/lights/${id}/state`, { method: 'PUT', body: JSON.stringify(body) });
  const lastSet = () => bridge().sets.at(-1);

  beforeAll(async () => {
    key = await gw().createKey();
    const white = colorLamp('0x0017880102a3b4c6', 'Ambiance');
    white.subdevices = [
      {
        ...white.subdevices[0]!,
        type: 'Color temperature light',
        state: ['on', 'bri', 'ct', 'colormode', 'alert', 'reachable'],
        capabilities: { ct: { min: 250, max: 454 }, colormodes: ['ct'], effects: [], powerup: ['off', 'on', 'previous'], ctstartup: true },
      },
    ];
    const colour = colorLamp();
    colour.subdevices = [
      {
        ...colour.subdevices[0]!,
        capabilities: { ct: { min: 153, max: 500 }, colormodes: ['ct', 'xy'], effects: ['none', 'colorloop'], powerup: [], ctstartup: false },
      },
    ];
    await addDevice(gw(), bridge(), key, white, 11, { on: true, bri: 100, ct: 300, colormode: 'ct', reachable: true, lastupdated: 'none' });
    await addDevice(gw(), bridge(), key, colour, 11, LAMP_STATE);
  });

  it('should report the device ct range and colour capabilities instead of the type defaults', async () => {
    const white = await get('1');
    expect(white).toMatchObject({
      ctmin: 250,
      ctmax: 454,
      colorcapabilities: 0x10,
      capabilities: { color: { ct: { computes_xy: false, min: 250, max: 454 }, modes: ['ct'] } },
    });
    const colour = await get('2');
    // xy and ct with the colour loop, but no hue/saturation feature: bits 2, 3, 4.
    expect(colour).toMatchObject({
      ctmin: 153,
      ctmax: 500,
      colorcapabilities: 0x1c,
      capabilities: { color: { effects: ['none', 'colorloop'], modes: ['ct', 'effect', 'xy'] } },
    });
  });

  it('should check ct against the device range and send only values it supports', async () => {
    const res = await put('1', { ct: 200 });
    expect(res.status).toBe(200);
    expect(lastSet()?.command).toEqual({ ct: 250 });
    expect(await res.json()).toEqual([{ success: { '/lights/1/state/ct': 250 } }]);
  });

  describe('PUT /lights/<id>/config', () => {
    const config = (id: string, body: unknown) =>
      gw().request(`/api/${key}/lights/${id}/config`, { method: 'PUT', body: typeof body === 'string' ? body : JSON.stringify(body) });

    it('should write power-on behaviour the light supports and answer each item', async () => {
      const res = await config('1', { on: { startup: 'previous' }, color: { ct: { startup: 370 } } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([{ success: { '/lights/1/config/on/startup': 'previous' } }, { success: { '/lights/1/config/color/ct/startup': 370 } }]);
      expect(lastSet()).toEqual({ ieee: '0x0017880102a3b4c6', endpoint: 11, command: { powerup: 'previous', powerup_ct: 370 } });
      expect(await (await config('1', { on: { startup: false } })).json()).toEqual([{ success: { '/lights/1/config/on/startup': false } }]);
      expect(lastSet()?.command).toEqual({ powerup: 'off' });
    });

    it('should refuse what the light cannot do, naming it, and send nothing', async () => {
      const sent = bridge().sets.length;
      const res = await config('2', { on: { startup: true } });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual([{ error: { type: 6, address: '/lights/2/config/on/startup', description: 'parameter, on/startup, not available' } }]);
      expect((await config('2', { color: { ct: { startup: 'previous' } } })).status).toBe(400);
      expect(bridge().sets.length).toBe(sent);
    });

    it('should reject bad input and name a device refusal', async () => {
      expect((await config('1', { on: { startup: 'sometimes' } })).status).toBe(400);
      expect((await config('1', { colour: 1 })).status).toBe(400);
      expect((await config('1', '{"on":')).status).toBe(400);
      expect((await config('9', { on: { startup: true } })).status).toBe(404);
      bridge().script.push({
        status: 'error',
        code: 'not_supported',
        message: "set 0x… ep 11 color_temp_startup=370: … failed (Status 'UNSUPPORTED_ATTRIBUTE')",
      });
      const res = await config('1', { color: { ct: { startup: 370 } } });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual([
        { error: { type: 6, address: '/lights/1/config/color/ct/startup', description: 'parameter, color/ct/startup, not available' } },
      ]);
      // The bridge names the item it refused: that one, not the first asked for.
      bridge().script.push({
        status: 'error',
        code: 'not_supported',
        message: 'powerup_ct: this light has no start-up colour temperature',
        field: 'powerup_ct',
      });
      const both = await config('1', { on: { startup: true }, color: { ct: { startup: 370 } } });
      expect(both.status).toBe(400);
      expect(await both.json()).toEqual([
        { error: { type: 6, address: '/lights/1/config/color/ct/startup', description: 'parameter, color/ct/startup, not available' } },
      ]);
    });
  });
});
