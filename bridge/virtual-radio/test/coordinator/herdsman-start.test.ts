import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { noDevices } from '../support/no-devices';
import { restartRig } from '../support/restart-rig';

describe('herdsman start against the coordinator', () => {
  const rig = restartRig('vr-coord');
  const { dir, statePath } = rig;

  it('should reconfigure a fresh radio, answer the coordinator interview and resume on the second start', async () => {
    let radio = await rig.startRadio({ factory: noDevices, mac: '00212effff001122' });
    const first = await rig.spawn();
    const fresh = await first.call('start', { port: radio.port, dir });
    expect(fresh.result).toBe('resumed');
    expect(fresh.coordinator).toBe('0x00212effff001122');
    const devices = await first.call('devices');
    expect(devices).toEqual([expect.objectContaining({ ieee: '00212effff001122', type: 'Coordinator' })]);
    await first.stop();

    radio.flush();
    const saved = JSON.parse(readFileSync(statePath, 'utf8'));
    expect(saved.networkState).toBe(2);
    // herdsman wrote both fixed endpoint descriptors; they are stored as written (index byte first).
    expect(saved.parameters.endpoints['0']).toBe(
      '00' + '01' + '0401' + '0500' + '01' + '05' + '0000' + '0600' + '0a00' + '1900' + '0105' + '04' + '0100' + '2000' + '0005' + '0205',
    );
    expect(saved.parameters.endpoints['1']).toBe('01' + 'f2' + 'e0a1' + '6400' + '01' + '00' + '01' + '2100');
    await radio.stop();

    // A new radio process from the same state file: herdsman finds a matching network.
    radio = await rig.startRadio({ factory: noDevices });
    const second = await rig.spawn();
    const resumed = await second.call('start', { port: radio.port, dir });
    expect(resumed.result).toBe('resumed');
    expect(resumed.ms).toBeLessThan(fresh.ms);
    expect(radio.params!.macAddress()).toBe('00212effff001122');
    const lqi = await second.call('lqi');
    expect(lqi).toEqual([]);
    console.log(`herdsman start: fresh ${fresh.ms} ms, matching state ${resumed.ms} ms`);
  });
});
