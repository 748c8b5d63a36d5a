/**
 * Unmodified zigbee-herdsman 11.1.1 with its `ember` adapter against the EmberZNet front: a blank
 * NCP is formed (version negotiation, configuration, policies, endpoints, security state, form),
 * the network is resumed from the NCP's tokens after both restart, and a bulb pairs and is driven.
 */
import { describe, expect, it } from 'vitest';
import { createDeviceFactory } from '../../src/devices/index';
import type { EmberFront } from '../../src/fronts/ember-front';
import { restartRig } from '../support/restart-rig';

const bulb = { model: 'LCT015', ieee: '0017880100ee0001' };

describe('zigbee-herdsman ember adapter on the EmberZNet front', () => {
  const rig = restartRig('vr-ember');
  const { dir } = rig;

  it('forms a blank NCP, pairs a bulb, and resumes the same network after a restart', async () => {
    let radio = await rig.startRadio({ factory: createDeviceFactory(), network: { devices: [bulb] }, protocol: 'ember' });
    const first = await rig.spawn();
    const formed = await first.call('start', { port: radio.port, dir, adapter: 'ember' });
    expect(formed.result).toBe('reset');
    const tokens = (radio.front as EmberFront).ncp.tokens;
    expect(tokens.network).toMatchObject({ panId: 0x1a62, extendedPanId: 'dddddddddddddddd', channel: 15 });
    expect(tokens.networkKey).toBe('0103050709' + '0b0d0f00020406080a0c0d');
    expect(formed.coordinator).toBe(`0x${tokens.eui64}`);

    await first.call('permitJoin', { seconds: 60 });
    expect((await first.call('waitInterview', { ieee: bulb.ieee })).status).toBe('successful');
    await first.call('command', {
      ieee: bulb.ieee,
      endpoint: 11,
      cluster: 'genLevelCtrl',
      command: 'moveToLevelWithOnOff',
      payload: { level: 77, transtime: 0 },
    });
    expect(radio.registry.get(bulb.ieee)!.device.inspect().endpoints['11'].genLevelCtrl.currentLevel).toBe(77);
    await first.stop();
    await radio.stop();

    radio = await rig.startRadio({ factory: createDeviceFactory(), protocol: 'ember' });
    const second = await rig.spawn();
    const resumed = await second.call('start', { port: radio.port, dir, adapter: 'ember' });
    expect(resumed.result).toBe('resumed');
    await second.call('command', { ieee: bulb.ieee, endpoint: 11, cluster: 'genOnOff', command: 'off' });
    expect(radio.registry.get(bulb.ieee)!.device.inspect().endpoints['11'].genOnOff.onOff).toBe(0);
    expect(await second.call('read', { ieee: bulb.ieee, endpoint: 11, cluster: 'genLevelCtrl', attributes: ['currentLevel'] })).toEqual({ currentLevel: 77 });
  });
});
