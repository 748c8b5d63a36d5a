import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDeviceFactory } from '../../src/devices/index';
import { restartRig } from '../support/restart-rig';
import { ZnpClient } from './znp-client';
import { ZnpHost } from './znp-host';
import { ZnpInterviewer } from './znp-interview';

/**
 * A Z-Stack host stack other than zigbee-herdsman (`znp-*.ts`, following zigpy-znp's default
 * start-up) against the Z-Stack front over TCP: a blank stick is probed, formed through BDB
 * commissioning and rewritten with the host's network, started on it, its channels energy-scanned,
 * a lamp paired and interviewed through ZDO and ZCL, and after a radio restart the network resumes.
 */
describe('another host stack against the Z-Stack front', () => {
  const rig = restartRig('vr-other-host');
  const CHIP = '00124b0001020304';
  const LAMP = '0017880104a1e001';

  it('should start, form, scan, pair and interview a lamp, and resume the network after a radio restart', async () => {
    let radio = await rig.startRadio({
      factory: createDeviceFactory(),
      protocol: 'zstack',
      mac: CHIP,
      network: { devices: [{ model: 'LCT015', ieee: LAMP }] },
    });
    const first = new ZnpHost(await ZnpClient.connect(radio.port));
    await first.connect();
    expect({ aligned: first.aligned, zstack: first.zstack }).toEqual({ aligned: true, zstack: 3.3 });
    expect(await first.networkInfo()).toBeUndefined();

    const network = { panId: 0x4c2e, channel: 20, extendedPanId: randomBytes(8), key: randomBytes(16) };
    const temporary = await first.form(network);
    // In progress, then success: the formation step (2) with no modes left.
    expect(temporary.notifications).toEqual([
      { status: 0x01, mode: 0x02, remaining: 0x04 },
      { status: 0x00, mode: 0x02, remaining: 0x00 },
    ]);
    const stored = await first.networkInfo();
    expect(stored).toEqual({ ...network, ieee: CHIP, frameCounter: 0 });

    const started = await first.start();
    // Restored from NV, and formation refused because there is a network: nothing was re-formed.
    expect(started.notifications).toEqual([
      { status: 0x0d, mode: 0x00, remaining: 0x04 },
      { status: 0x08, mode: 0x02, remaining: 0x00 },
    ]);
    expect(await first.networkInfo()).toEqual(stored);
    expect(radio.front.coordinator.panId()).toBe(network.panId);
    expect(radio.front.coordinator.channel()).toBe(network.channel);

    const interviewer = new ZnpInterviewer(first.z);
    const coordinator = await interviewer.zdo(0x0000, 0x0005, [0x00, 0x00]);
    expect([...coordinator.subarray(4, 4 + coordinator[3])].sort((a, b) => a - b)).toEqual([1, 2]);
    // Energy scan of all 16 channels as the driver's tool asks it: Mgmt_NWK_Update_req to the coordinator.
    const scan = await interviewer.zdo(0x0000, 0x0038, [0x00, 0xf8, 0xff, 0x07, 0x02, 0x01]);
    expect({ status: scan[0], channels: scan.readUInt32LE(1), count: scan[9] }).toEqual({ status: 0, channels: 0x07fff800, count: 16 });
    const energies = [...scan.subarray(10, 26)];
    expect(energies[network.channel - 11]).toBe(Math.max(...energies)); // our own network is the busiest
    await interviewer.permit(0);
    const from = first.z.mark();
    await interviewer.permit(60);
    const joined = await first.z.next(
      (f) => f.cmd0 === 0x45 && f.cmd1 === 0xca && Buffer.from(f.data.subarray(2, 10)).reverse().toString('hex') === LAMP,
      from,
      10_000,
    );
    const nwk = joined.data.readUInt16LE(0);
    const lamp = await interviewer.interview(nwk);
    expect(lamp).toMatchObject({ logicalType: 1, endpoints: [11, 242], basic: { 0x0004: 'Signify Netherlands B.V.', 0x0005: 'LCT015' } });
    expect(lamp.descriptors[0]).toMatchObject({ endpoint: 11, profile: 0x0104, inClusters: expect.arrayContaining([0x0006, 0x0008, 0x0300]) });
    const onOff = await interviewer.zcl(nwk, 11, 0x0006, 0x00, [0x00, 0x00]); // read OnOff
    expect({ macSrcAddr: onOff.macSrcAddr, srcEndpoint: onOff.srcEndpoint, dstEndpoint: onOff.dstEndpoint }).toEqual({
      macSrcAddr: nwk,
      srcEndpoint: 11,
      dstEndpoint: 1,
    });
    expect(onOff.radius).toBeGreaterThan(0);
    await interviewer.permit(0);
    first.z.close();
    await radio.stop();

    radio = await rig.startRadio({ factory: createDeviceFactory(), protocol: 'zstack' });
    const second = new ZnpHost(await ZnpClient.connect(radio.port));
    await second.connect();
    expect(await second.networkInfo()).toEqual(stored);
    const resumed = await second.start();
    expect(resumed.notifications.at(-1)).toEqual({ status: 0x08, mode: 0x02, remaining: 0x00 });
    const again = await new ZnpInterviewer(second.z).zcl(nwk, 11, 0x0000, 0x00, [0x05, 0x00]);
    expect(again.data.subarray(8).toString('latin1')).toBe('LCT015');
    second.z.close();
  }, 90_000);
});
