import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createDeviceFactory } from '../../src/devices/index';
import { restartRig } from '../support/restart-rig';

/**
 * Real zigbee-herdsman 11.1.1 with its `zstack` adapter against the Z-Stack front: commissioning a
 * blank stick, a join and interview, a ZCL command and an LQI table through MT, the network kept in
 * NV across a radio restart, and a device leave reported as `leaveInd`.
 */
describe('herdsman zstack adapter against the Z-Stack front', () => {
  const rig = restartRig('vr-zstack');
  const { dir, statePath } = rig;
  const LAMP = '0017880104a1e001';

  it('should commission a blank stick, pair and drive a lamp, and resume from NV after a restart', async () => {
    let radio = await rig.startRadio({
      factory: createDeviceFactory(),
      protocol: 'zstack',
      mac: '00124b0001020304',
      network: { devices: [{ model: 'LCT015', ieee: LAMP }] },
    });
    const first = await rig.spawn();
    const fresh = await first.call('start', { port: radio.port, dir, adapter: 'zstack' });
    expect(fresh).toMatchObject({ result: 'reset', coordinator: '0x00124b0001020304' });
    expect(radio.front.coordinator.channel()).toBe(15);
    expect(radio.front.coordinator.panId()).toBe(0x1a62);

    await first.call('permitJoin', { seconds: 60 });
    const interview = await first.call('waitInterview', { ieee: LAMP, timeoutMs: 30_000 });
    expect(interview).toMatchObject({ status: 'successful', modelID: 'LCT015', type: 'Router', endpoints: [11, 242] });
    await first.call('command', { ieee: LAMP, endpoint: 11, cluster: 'genOnOff', command: 'on' });
    expect(radio.registry.get(LAMP)!.device.inspect().endpoints['11']!.genOnOff!.onOff).toBe(1);
    const lqi = (await first.call('lqi')) as Array<{ eui64: string }>;
    expect(lqi.map((n) => n.eui64)).toEqual([`0x${LAMP}`]);
    await first.call('permitJoin', { seconds: 0 });
    await first.stop();

    radio.flush();
    const saved = JSON.parse(readFileSync(statePath, 'utf8'));
    expect(saved.protocol).toBe('zstack');
    expect(saved.znp.items[0x0060]).toBe('55'); // herdsman's "configured" flag
    expect(saved.znp.items[0x0021]).toHaveLength(116 * 2); // the NIB
    await radio.stop();

    radio = await rig.startRadio({ factory: createDeviceFactory(), protocol: 'zstack' });
    const second = await rig.spawn();
    const resumed = await second.call('start', { port: radio.port, dir, adapter: 'zstack' });
    expect(resumed).toMatchObject({ result: 'resumed', coordinator: '0x00124b0001020304' });
    await second.call('command', { ieee: LAMP, endpoint: 11, cluster: 'genOnOff', command: 'off' });
    expect(radio.registry.get(LAMP)!.device.inspect().endpoints['11']!.genOnOff!.onOff).toBe(0);

    await second.call('remove', { ieee: LAMP });
    // The lamp answers the leave request and leaves a moment later (bounded wait, no timing assertion).
    const until = Date.now() + 10_000;
    while (radio.registry.get(LAMP) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(radio.registry.get(LAMP)).toBeUndefined();
    const devices = (await second.call('devices')) as Array<{ ieee: string }>;
    expect(devices.map((d) => d.ieee)).toEqual(['00124b0001020304']);
    console.log(`herdsman zstack start: fresh ${fresh.ms} ms, resumed ${resumed.ms} ms`);
  }, 90_000);
});
