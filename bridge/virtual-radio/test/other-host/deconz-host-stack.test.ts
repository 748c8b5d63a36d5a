/**
 * A host stack other than zigbee-herdsman on the deCONZ front: `DeconzHost` replays zigpy-deconz's
 * default start-up on a blank emulated ConBee II (no network: current channel 0, so it forms),
 * registers its endpoints in the stick's slots, scans energies, permits join, interviews the device
 * that joins through raw ZDO and ZCL, and then resumes the same network from the state file.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDeviceFactory } from '../../src/devices/index';
import { startVirtualRadio } from '../../src/virtual-radio';
import type { VirtualRadio } from '../../src/virtual-radio';
import { DeconzHost, readLe, u16, u32 } from './deconz-host';
import { tempDir } from '../support/temp-dir';
import { NOT_FORMED, P, ZIGPY_ENDPOINTS, addEndpoint, formNetwork, interview, loadNetworkInfo, permit, zdo } from './deconz-sequence';

const MAC = '00212effff0a0b0c';
const BULB = '0017880100a0b0c1';
const SENSOR = '00124b0000c0ffee';
const KEY = Array.from({ length: 16 }, (_, i) => 0x10 + i);
const FORMATION = { channel: 15, panId: 0x4b2e, extPanId: 0x0123456789abcdefn, key: KEY };
const ALL_CHANNELS = 0x07fff800;

describe('a zigpy-deconz style host on the deCONZ front', () => {
  const dir = tempDir('zigpy-style');
  const statePath = join(dir.path, 'radio.json');
  const factory = createDeviceFactory();
  let radio: VirtualRadio | undefined;
  let host: DeconzHost | undefined;
  afterAll(async () => {
    host?.close();
    await radio?.stop();
    dir.remove();
  });

  it('should find no network on a blank stick, form one with its defaults and read it back', async () => {
    radio = await startVirtualRadio({ factory, statePath, mac: MAC, network: { devices: [{ model: 'LCT015', ieee: BULB }] } });
    host = await DeconzHost.connect(radio.port);
    expect(Number(readLe(await host.readParameter(P.protocolVersion), 0, 2))).toBeGreaterThanOrEqual(0x0108);
    expect((await host.version()) & 0xff00).toBe(0x0700); // ConBee II platform
    await expect(loadNetworkInfo(host)).rejects.toThrow(NOT_FORMED);
    await formNetwork(host, FORMATION);
    const info = await loadNetworkInfo(host);
    expect(info).toMatchObject({
      ieee: 0x00212effff0a0b0cn,
      coordinator: true,
      nwk: 0,
      panId: FORMATION.panId,
      extPanId: FORMATION.extPanId,
      channel: 15,
      mask: 1 << 15,
      tcAddress: info.ieee,
      securityMode: 3,
    });
    expect(Array.from(info.key)).toEqual(KEY);
    expect(new TextDecoder().decode(info.tcLinkKey)).toBe('ZigBeeAlliance09');
  });

  it('should register both of its endpoints in the slots and serve them to its own ZDO interview', async () => {
    const written = new Set<number>();
    expect(await addEndpoint(host!, ZIGPY_ENDPOINTS[0], written)).toBe(0);
    expect(await addEndpoint(host!, ZIGPY_ENDPOINTS[1], written)).toBe(1);
    await host!.changeNetworkState(2);
    await host!.writeParameter(P.watchdogTtl, u32(600));
    const node = await zdo(host!, 0x0000, 0x0002, u16(0));
    expect(node[0]).toBe(0); // status
    expect(node[3] & 0x07).toBe(0); // logical type coordinator
    const active = await zdo(host!, 0x0000, 0x0005, u16(0));
    expect(Array.from(active.subarray(4, 4 + active[3]))).toEqual([1, 2]);
    const simple = await zdo(host!, 0x0000, 0x0004, [...u16(0), 2]);
    expect(Array.from(simple.subarray(4))).toEqual(ZIGPY_ENDPOINTS[1]);
    await permit(host!, 0);
  });

  it('should answer an energy scan with the network channel the busiest', async () => {
    const rsp = await zdo(host!, 0x0000, 0x0038, [...u32(ALL_CHANNELS), 0x02, 0x01]);
    expect(rsp[0]).toBe(0);
    expect(Number(readLe(rsp, 1, 4))).toBe(ALL_CHANNELS);
    const energies = Array.from(rsp.subarray(10, 10 + rsp[9]));
    expect(energies).toHaveLength(16);
    expect(energies.indexOf(Math.max(...energies)) + 11).toBe(15);
  });

  it('should pair the bulb on permit join and interview it through raw ZDO and ZCL', async () => {
    await permit(host!, 60);
    const announce = await host!.indication((i) => i.profile === 0 && i.cluster === 0x0013, 10_000);
    const nwk = Number(readLe(announce.asdu, 1, 2));
    const ieee = readLe(announce.asdu, 3, 8);
    expect(ieee).toBe(BigInt(`0x${BULB}`));
    const device = await interview(host!, nwk, ieee);
    expect(device).toMatchObject({ logicalType: 1, manufacturer: 'Signify Netherlands B.V.', model: 'LCT015' });
    expect(device.endpoints.get(11)).toMatchObject({ profile: 0x0104 });
    await permit(host!, 0);
  });

  it('should resume the formed network from the state file without writing anything', async () => {
    host!.close();
    await radio!.stop();
    radio = await startVirtualRadio({ factory, statePath });
    host = await DeconzHost.connect(radio.port);
    const info = await loadNetworkInfo(host);
    expect(info).toMatchObject({ panId: FORMATION.panId, extPanId: FORMATION.extPanId, channel: 15 });
    const written = new Set<number>();
    expect(await addEndpoint(host, ZIGPY_ENDPOINTS[0], written)).toBe('kept');
    expect(await addEndpoint(host, ZIGPY_ENDPOINTS[1], written)).toBe('kept');
    await host.changeNetworkState(2);
    const active = await zdo(host, 0x0000, 0x0005, u16(0));
    expect(active[3]).toBe(2);
  });

  it('should open the join window of the coordinator alone when only STK_PERMIT_JOIN is written', async () => {
    radio!.membership.addToPool({ ieee: SENSOR, model: 'TH01' });
    await host!.writeParameter(P.permitJoin, [60]); // zigpy's permit(node=<coordinator>)
    const announce = await host!.indication((i) => i.profile === 0 && i.cluster === 0x0013, 10_000);
    expect(readLe(announce.asdu, 3, 8)).toBe(BigInt(`0x${SENSOR}`));
    await host!.writeParameter(P.permitJoin, [0]);
    expect(radio!.membership.joinOpen).toBe(false);
  });
});
