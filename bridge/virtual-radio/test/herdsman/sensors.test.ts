import { describe, expect, it } from 'vitest';
import { joinedSession } from '../support/catalogue-session';

// One herdsman child for the file; every device joins through one real permit join.
const devices = {
  th01: { model: 'TH01', ieee: '00124b0022a10101' },
  ds01: { model: 'DS01', ieee: '00124b0022a10103' },
  zen01: { model: 'Zen-01', ieee: '000d6f000e5a0104' },
  ally: { model: 'eTRV0100', ieee: '0004740001a20105' },
  tuya: { model: 'TS0601-_TZE200_ckud7u2l', ieee: 'a4c1380001a20106' },
};

describe('sensors and climate through zigbee-herdsman', () => {
  const session = joinedSession(Object.values(devices));
  const { h, act } = session;

  it('should identify TH01 as SONOFF SNZB-02 and turn reports into temperature and humidity', async () => {
    const { ieee } = devices.th01;
    expect(await h('identify', { ieee })).toEqual({ model: 'SNZB-02', vendor: 'SONOFF' });
    await h('configure', { ieee });
    expect((await act(ieee, 'set', { temperature: 23.4, humidity: 41.5 })).status).toBe(200);
    expect(await h('waitState', { ieee, match: { temperature: 23.4, humidity: 41.5 } })).toMatchObject({ temperature: 23.4, humidity: 41.5 });
  });

  it('should identify DS01 as SONOFF SNZB-04, enrolled in IAS, and report open and closed', async () => {
    const { ieee } = devices.ds01;
    expect(await h('identify', { ieee })).toEqual({ model: 'SNZB-04', vendor: 'SONOFF' });
    await h('configure', { ieee });
    const enrolled = await session.api('GET', `/devices/${ieee}`);
    expect(enrolled.body.state.endpoints['1'].ssIasZone.zoneState).toBe(1);
    await act(ieee, 'open');
    await h('waitState', { ieee, match: { contact: false } });
    await act(ieee, 'close');
    await h('waitState', { ieee, match: { contact: true } });
  });

  it('should identify Zen-01, set the heating setpoint on the device and report the local temperature', async () => {
    const { ieee } = devices.zen01;
    expect(await h('identify', { ieee })).toEqual({ model: 'Zen-01-W', vendor: 'Zen' });
    await h('configure', { ieee });
    await h('set', { ieee, values: { occupied_heating_setpoint: 22.5 } });
    await session.waitDevice(ieee, (s) => s.endpoints['3']?.hvacThermostat?.occupiedHeatingSetpoint === 2250);
    await act(ieee, 'set', { temperature: 18.25 });
    await h('waitState', { ieee, match: { local_temperature: 18.25 } });
  });

  it('should identify the Danfoss Ally, configure it, and take its setpoint command and manufacturer attributes', async () => {
    const { ieee } = devices.ally;
    expect(await h('identify', { ieee })).toEqual({ model: '014G2461', vendor: 'Danfoss' });
    await h('configure', { ieee });
    await h('set', { ieee, values: { occupied_heating_setpoint: 22.5 } });
    await session.waitDevice(ieee, (s) => s.endpoints['1']?.hvacThermostat?.occupiedHeatingSetpoint === 2250);
    await h('set', { ieee, values: { window_open_external: true } });
    await h('set', { ieee, values: { viewing_direction: 'upside-down' } });
    await session.waitDevice(
      ieee,
      (s) => s.endpoints['1']?.hvacThermostat?.danfossWindowOpenInternal === 4 && s.endpoints['1']?.hvacUserInterfaceCfg?.danfossViewingDirection === 1,
    );
    expect(await h('read', { ieee, endpoint: 1, cluster: 'hvacThermostat', attributes: ['danfossWindowOpenInternal'] })).toEqual({
      danfossWindowOpenInternal: 4,
    });
  });

  it('should identify the Tuya radiator valve, configure it, and read and write its data points through 0xEF00', async () => {
    const { ieee } = devices.tuya;
    expect(await h('identify', { ieee })).toEqual({ model: 'TS0601_thermostat', vendor: 'Tuya' });
    await h('configure', { ieee });
    const point = async (dp: string) => (await session.api('GET', `/devices/${ieee}`)).body.state.datapoints[dp].value;
    for (const [key, value] of [
      ['valve_detection', 'ON'],
      ['current_heating_setpoint', 23.5],
      ['child_lock', 'LOCK'],
    ])
      await h('set', { ieee, values: { [key as string]: value } });
    await session.waitDevice(ieee, (s) => s.datapoints?.['20']?.value === true && s.datapoints?.['2']?.value === 235 && s.datapoints?.['7']?.value === true);
    // The MCU confirms each point with a dataResponse; the converters turn them into state.
    expect(await h('waitState', { ieee, match: { valve_detection: 'ON', current_heating_setpoint: 23.5, child_lock: 'LOCK' } })).toMatchObject({
      valve_detection: 'ON',
    });
    await h('set', { ieee, values: { system_mode: 'off' } });
    await h('set', { ieee, values: { preset: 'eco' } });
    await session.waitDevice(ieee, (s) => s.datapoints?.['106']?.value === 2 && s.datapoints?.['4']?.value === 4);
    expect(await point('20')).toBe(true);
    await act(ieee, 'datapoint', { dp: 'localTemp', value: 187 });
    await h('waitState', { ieee, match: { local_temperature: 18.7 } });
  });
});
