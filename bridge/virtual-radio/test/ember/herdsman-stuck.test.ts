/**
 * A stuck EmberZNet NCP (hears and says nothing for a while): herdsman's ember adapter gives the
 * command up after its EZSP response timeout and reports adapterDisconnected; the next host start
 * finds the NCP answering again and resumes the same network.
 */
import { describe, expect, it } from 'vitest';
import { startControlServer } from '../../src/control/server';
import { createDeviceFactory } from '../../src/devices/index';
import { restartRig } from '../support/restart-rig';

describe('a stuck EmberZNet NCP', () => {
  const rig = restartRig('vr-ember-stuck');

  it('disconnects herdsman after the response timeout, and the next start resumes the network', async () => {
    const radio = await rig.startRadio({ factory: createDeviceFactory(), protocol: 'ember' });
    const control = await startControlServer(radio, 0);
    try {
      const first = await rig.spawn();
      expect((await first.call('start', { port: radio.port, dir: rig.dir, adapter: 'ember' })).result).toBe('reset');
      const fault = await fetch(`http://127.0.0.1:${control.port}/faults`, { method: 'POST', body: JSON.stringify({ kind: 'ncp-stuck', durationMs: 2_000 }) });
      expect(fault.status).toBe(201);
      const started = Date.now();
      // Opening the network is EZSP commands to the NCP (transient key, join policy, permitJoining).
      await expect(first.call('permitJoin', { seconds: 30 })).rejects.toThrow();
      await first.waitEvent('adapterDisconnected', 5_000);
      // herdsman waits six maximal ACK times (6 × 2.4 s) for the response before it gives up.
      expect(Date.now() - started).toBeGreaterThanOrEqual(10_000);
      await first.stop();

      const second = await rig.spawn();
      expect((await second.call('start', { port: radio.port, dir: rig.dir, adapter: 'ember' })).result).toBe('resumed');
    } finally {
      await control.close();
    }
  });
});
