import { describe, expect, it } from 'vitest';
import { joinedSession } from '../support/catalogue-session';

const devices = {
  hue: { model: 'LCT015', ieee: '0017880100000001' },
  white: { model: 'LWB010', ieee: '0017880100000002' },
  tradfri: { model: 'TRADFRI-bulb-E27-WW-806lm', ieee: '000b57fffe000003' },
  outlet: { model: 'TRADFRI-control-outlet', ieee: '000b57fffe000004' },
};

describe('lights and plug through zigbee-herdsman', () => {
  const session = joinedSession(Object.values(devices));
  const { h } = session;
  const cluster = (ieee: string, ep: number, name: string) => session.waitDevice(ieee, (s) => s.endpoints[String(ep)]?.[name]);

  it('should identify LCT015 as the Hue colour bulb and change its on/off, level and colour', async () => {
    const { ieee } = devices.hue;
    expect(await h('identify', { ieee })).toEqual({ model: '9290012573A', vendor: 'Philips' });
    await h('configure', { ieee });
    await h('set', { ieee, values: { state: 'ON' } });
    await session.waitDevice(ieee, (s) => s.endpoints['11']?.genOnOff?.onOff === 1);
    await h('set', { ieee, values: { brightness: 77 } });
    await session.waitDevice(ieee, (s) => s.endpoints['11']?.genLevelCtrl?.currentLevel === 77);
    await h('set', { ieee, values: { color: { x: 0.3, y: 0.6 } } });
    const color = await cluster(ieee, 11, 'lightingColorCtrl');
    await session.waitDevice(ieee, (s) => Math.abs(s.endpoints['11'].lightingColorCtrl.currentX - 0.3 * 65535) < 2);
    expect(color).toBeDefined();
    // Hue bulbs get no reporting from the converters; herdsman reads back, and the read response becomes state.
    await h('read', { ieee, endpoint: 11, cluster: 'genLevelCtrl', attributes: ['currentLevel'] });
    await h('waitState', { ieee, match: { brightness: 77 } });
  });

  it('should identify LWB010 as the Hue white bulb and dim it', async () => {
    const { ieee } = devices.white;
    expect(await h('identify', { ieee })).toEqual({ model: '9290011370', vendor: 'Philips' });
    await h('configure', { ieee });
    await h('set', { ieee, values: { brightness: 200 } });
    await session.waitDevice(ieee, (s) => s.endpoints['11']?.genLevelCtrl?.currentLevel === 200);
    await h('set', { ieee, values: { state: 'OFF' } });
    await session.waitDevice(ieee, (s) => s.endpoints['11']?.genOnOff?.onOff === 0);
    await h('read', { ieee, endpoint: 11, cluster: 'genOnOff', attributes: ['onOff'] });
    await h('waitState', { ieee, match: { state: 'OFF' } });
  });

  it('should identify the TRADFRI bulb as LED1836G9 and switch it', async () => {
    const { ieee } = devices.tradfri;
    expect(await h('identify', { ieee })).toEqual({ model: 'LED1836G9', vendor: 'IKEA' });
    await h('configure', { ieee });
    await h('set', { ieee, values: { state: 'ON' } });
    await session.waitDevice(ieee, (s) => s.endpoints['1']?.genOnOff?.onOff === 1);
    await h('read', { ieee, endpoint: 1, cluster: 'genOnOff', attributes: ['onOff'] });
    await h('waitState', { ieee, match: { state: 'ON' } });
  });

  it('should identify the TRADFRI outlet and report its configured on/off change', async () => {
    const { ieee } = devices.outlet;
    const id = await h('identify', { ieee });
    expect(id.vendor).toBe('IKEA');
    expect(id.model).toBe('E160x/E170x/E190x');
    await h('configure', { ieee });
    await h('set', { ieee, values: { state: 'ON' } });
    await session.waitDevice(ieee, (s) => s.endpoints['1']?.genOnOff?.onOff === 1);
    // configure asked for onOff reporting, so the device reports the change by itself.
    await h('waitState', { ieee, match: { state: 'ON' } });
  });
});
