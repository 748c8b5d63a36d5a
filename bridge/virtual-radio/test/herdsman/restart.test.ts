import { describe, expect, it } from 'vitest';
import { createDeviceFactory } from '../../src/devices/index';
import { restartRig } from '../support/restart-rig';

const bulb = { model: 'LCT015', ieee: '0017880100aa0001' };

describe('radio restart and resume', () => {
  const rig = restartRig('vr-restart');
  const { dir } = rig;

  it('should resume the same network from the state file, with the device and its state', async () => {
    let radio = await rig.startRadio({ factory: createDeviceFactory(), network: { devices: [bulb] } });
    const first = await rig.spawn();
    await first.call('start', { port: radio.port, dir });
    await first.call('permitJoin', { seconds: 60 });
    expect((await first.call('waitInterview', { ieee: bulb.ieee })).status).toBe('successful');
    await first.call('command', {
      ieee: bulb.ieee,
      endpoint: 11,
      cluster: 'genLevelCtrl',
      command: 'moveToLevelWithOnOff',
      payload: { level: 123, transtime: 0 },
    });
    await first.stop();
    const nwk = radio.registry.get(bulb.ieee)!.device.identity.nwk;
    await radio.stop();

    radio = await rig.startRadio({ factory: createDeviceFactory() });
    const restored = radio.registry.get(bulb.ieee);
    expect(restored?.device.identity.nwk).toBe(nwk);
    expect(restored?.device.inspect().endpoints['11'].genLevelCtrl.currentLevel).toBe(123);

    const second = await rig.spawn();
    const started = await second.call('start', { port: radio.port, dir });
    // Resumed, not reconfigured; how fast is the benchmark's (bench/suites/virtual-radio.ts), not a test's.
    expect(started.result).toBe('resumed');
    await second.call('command', { ieee: bulb.ieee, endpoint: 11, cluster: 'genOnOff', command: 'off' });
    expect(radio.registry.get(bulb.ieee)!.device.inspect().endpoints['11'].genOnOff.onOff).toBe(0);
    expect(await second.call('read', { ieee: bulb.ieee, endpoint: 11, cluster: 'genLevelCtrl', attributes: ['currentLevel'] })).toEqual({ currentLevel: 123 });
  });
});
