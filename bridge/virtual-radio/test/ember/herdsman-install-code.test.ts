/**
 * Install codes on the EmberZNet front: herdsman's ember adapter imports the code's link key as a
 * transient key, and a plug that needs its install code joins only once that key is there; then
 * herdsman's coordinator backup of that network.
 */
import { describe, expect, it } from 'vitest';
import { createDeviceFactory } from '../../src/devices/index';
import type { EmberFront } from '../../src/fronts/ember-front';
import { restartRig } from '../support/restart-rig';

/** The plug's label (catalogue/SP220.json) and a door sensor that joins with the well-known key. */
const PLUG = { model: 'SP220', ieee: '5c0272fffe0a400e' };
const PLUG_CODE = 'B7E2410DC39F5A8E6D2C1F07A4E9C35B0238';
const DOOR = { model: 'DS01', ieee: '00124b0022a1400a' };

describe('install codes through herdsman ember adapter', () => {
  const rig = restartRig('vr-ember-ic');

  it('pairs the install-code plug only once its code was given', async () => {
    const radio = await rig.startRadio({ factory: createDeviceFactory(), network: { devices: [PLUG, DOOR] }, protocol: 'ember' });
    const herdsman = await rig.spawn();
    await herdsman.call('start', { port: radio.port, dir: rig.dir, adapter: 'ember' });
    await herdsman.call('permitJoin', { seconds: 120 });
    // The door sensor joins after the plug was offered the open network and refused.
    expect((await herdsman.call('waitInterview', { ieee: DOOR.ieee })).status).toBe('successful');
    expect(radio.registry.pool().map((p) => p.ieee)).toEqual([PLUG.ieee]);

    await herdsman.call('addInstallCode', { ieee: PLUG.ieee, code: PLUG_CODE });
    expect((await herdsman.call('waitInterview', { ieee: PLUG.ieee, timeoutMs: 30_000 })).status).toBe('successful');
    expect(radio.registry.get(PLUG.ieee)).toBeDefined();

    // herdsman's backup of the EmberZNet network: what the NCP exported, as an open coordinator backup.
    const tokens = (radio.front as EmberFront).ncp.tokens;
    const backup = await herdsman.call('backup', {});
    expect(backup).toMatchObject({
      metadata: { format: 'zigpy/open-coordinator-backup', version: 1, internal: { ezspVersion: 14 } },
      // herdsman writes the coordinator's EUI64 in wire (little-endian) order.
      coordinator_ieee: Buffer.from(tokens.eui64, 'hex').reverse().toString('hex'),
      pan_id: '1a62',
      extended_pan_id: 'dddddddddddddddd',
      channel: 15,
      security_level: 5,
      network_key: { key: tokens.networkKey, sequence_number: 0, frame_counter: tokens.nwkFrameCounter },
      // The TC link key every device's own (hashed) link key is derived from.
      stack_specific: { ezsp: { hashed_tclk: tokens.tcLinkKey } },
      // herdsman 11.1.1 never exports per-device keys (its ALLOW_APP_KEY_REQUESTS is off).
      devices: [],
    });
  });
});
