import { beforeAll, expect, it } from 'vitest';
import { expectDeconzError } from '../helpers/conformance';
import { jsonInit } from '../helpers/gateway';
import { describeOnRuntimes } from '../helpers/runtimes';
import { connectEvents, getJson } from './helpers';

interface Sensor {
  type: string;
  name: string;
  modelid: string;
  state: Record<string, unknown>;
  config: Record<string, unknown>;
}

describeOnRuntimes('sensors: the Daylight sensor', (gw) => {
  let key: string;
  beforeAll(async () => {
    key = await gw().createKey();
  });

  it('should exist as sensor 1 on a fresh database, not configured', async () => {
    const sensor = await getJson<Sensor>(gw(), `/api/${key}/sensors/1`);
    expect(sensor).toMatchObject({ type: 'Daylight', name: 'Daylight', modelid: 'PHDL00', manufacturername: 'Philips', swversion: '1.0' });
    expect(sensor.config).toEqual({ configured: false, on: true, sunriseoffset: 30, sunsetoffset: -30 });
    expect(sensor.state.daylight).toBeNull();
  });

  it('should compute its state from write-only coordinates and follow the clock', async () => {
    // The test clock starts at 2026-01-15T12:00Z: midday in London.
    const res = await gw().request(`/api/${key}/sensors/1/config`, jsonInit('PUT', { lat: 51.5074, long: '-0.1278' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ success: { '/sensors/1/config/lat': 51.5074 } }, { success: { '/sensors/1/config/long': -0.1278 } }]);
    const noon = await getJson<Sensor>(gw(), `/api/${key}/sensors/1`);
    expect(noon.config).toEqual({ configured: true, on: true, sunriseoffset: 30, sunsetoffset: -30 });
    // Solar noon in London is about 12:09 UTC in January, so midday is still status 160.
    expect(noon.state).toMatchObject({ daylight: true, dark: false, status: 160 });
    expect(noon.state.sunrise).toMatch(/^2026-01-15T08:0\d:\d\d$/);
    const ws = await connectEvents(gw().websocketUrl);
    try {
      await gw().clock.advance(6 * 3600_000); // 18:00 UTC: after dusk
      await gw().settle();
      const event = await ws.next((e) => e.e === 'changed' && e.id === '1' && e.state !== undefined);
      expect(event.state).toMatchObject({ daylight: false, dark: true, lastupdated: '2026-01-15T18:00:00.000' });
    } finally {
      ws.close();
    }
  });

  it('should check offsets and refuse read-only items per item', async () => {
    const res = await gw().request(`/api/${key}/sensors/1/config`, jsonInit('PUT', { sunriseoffset: 121, sunsetoffset: -10, configured: false }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, { type?: number; address?: string }>[];
    expect(body[0]?.error).toMatchObject({ type: 7, address: '/sensors/1/config/sunriseoffset' });
    expect(body[1]).toEqual({ success: { '/sensors/1/config/sunsetoffset': -10 } });
    expect(body[2]?.error).toMatchObject({ type: 8, address: '/sensors/1/config/configured' });
    await expectDeconzError(await gw().request(`/api/${key}/sensors/1/config`, jsonInit('PUT', { lat: 91 })), 400, 7, '/sensors/1/config/lat');
    await expectDeconzError(await gw().request(`/api/${key}/sensors/1/state`, jsonInit('PUT', { daylight: true })), 400, 8, '/sensors/1/state/daylight');
  });

  it('should keep its id and configuration across a restart', async () => {
    await gw().restart();
    const all = await getJson<Record<string, Sensor>>(gw(), `/api/${key}/sensors`);
    expect(Object.values(all).filter((s) => s.type === 'Daylight')).toHaveLength(1);
    expect(all['1']?.config).toMatchObject({ configured: true, sunsetoffset: -10 });
    expect(all['1']?.config.lat).toBeUndefined();
  });
});
