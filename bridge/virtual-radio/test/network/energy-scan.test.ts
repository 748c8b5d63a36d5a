import { afterEach, describe, expect, it } from 'vitest';
import { encodeApsRequest } from '../../src/protocol/index';
import { channelEnergies, quietestChannel, scanTimeMs } from '../../src/network/energy-scan';
import { startVirtualRadio } from '../../src/virtual-radio';
import type { VirtualRadio } from '../../src/virtual-radio';
import type { ZstackFront } from '../../src/fronts/zstack-front';
import { MtType, Subsystem } from '../../src/znp/index';
import type { MtFrame } from '../../src/znp/index';
import { noDevices } from '../support/no-devices';
import { RawHost } from '../support/raw-host';
import { waitFor } from '../../../../test/helpers/wait';

const ALL_CHANNELS = 0x07fff800;
const maskBytes = (mask: number) => [mask & 0xff, (mask >> 8) & 0xff, (mask >> 16) & 0xff, mask >>> 24];

describe('energy scan model', () => {
  it('should read the network channel busier than every other channel and the Wi-Fi gaps quiet', () => {
    const energies = channelEnergies(ALL_CHANNELS, { channel: 15, devices: 10 });
    expect(energies).toHaveLength(16);
    const own = energies[15 - 11];
    expect(Math.max(...energies.filter((_, i) => i !== 4))).toBeLessThan(own);
    expect(energies[26 - 11]).toBeLessThan(energies[18 - 11]);
    expect(quietestChannel(ALL_CHANNELS)).toBe(26);
    expect(quietestChannel((1 << 11) | (1 << 15))).toBe(15);
    // 16 channels × (2^2 + 1) superframes of 15.36 ms
    expect(scanTimeMs(ALL_CHANNELS, 2, 1)).toBeCloseTo(1228.8);
  });
});

describe('energy scan on the coordinator', () => {
  let radio: VirtualRadio | undefined;
  afterEach(async () => {
    await radio?.stop();
    radio = undefined;
  });

  it('should answer Mgmt_NWK_Update_req on the deCONZ front with an APS indication from ZDO', async () => {
    radio = await startVirtualRadio({ factory: noDevices });
    const host = await RawHost.connect(radio.port);
    host.send(0x0b, 1, [5, 0, 0x0a, ...maskBytes(1 << 15)]);
    host.send(0x08, 2, [0x02]);
    await host.next((f) => f.command === 0x08);
    const asdu = Uint8Array.of(0x21, ...maskBytes(ALL_CHANNELS), 0x02, 0x01);
    host.send(
      0x12,
      3,
      Array.from(
        encodeApsRequest({
          requestId: 0x21,
          dst: { mode: 'nwk', nwk: 0, endpoint: 0 },
          profileId: 0,
          clusterId: 0x0038,
          srcEndpoint: 0,
          asdu,
          txOptions: 0,
          radius: 0,
        }),
      ),
    );
    expect((await host.next((f) => f.command === 0x12)).status).toBe(0);
    await host.next((f) => f.command === 0x0e && (f.payload[0] & 0x08) !== 0);
    host.send(0x17, 4, [1, 0, 1]);
    const ind = (await host.next((f) => f.command === 0x17)).payload;
    // payloadLen, state, dst mode 2 nwk 0, dst ep 0, src mode 2 nwk 0, src ep 0, profile 0, cluster 0x8038
    expect(Array.from(ind.subarray(3, 15))).toEqual([0x02, 0, 0, 0, 0x02, 0, 0, 0, 0, 0, 0x38, 0x80]);
    const notify = ind.subarray(17, 17 + (ind[15] | (ind[16] << 8)));
    expect(Array.from(notify.subarray(0, 6))).toEqual([0x21, 0x00, ...maskBytes(ALL_CHANNELS)]);
    expect(notify[10]).toBe(16);
    expect(Array.from(notify.subarray(11))).toEqual(channelEnergies(ALL_CHANNELS, { channel: 15, devices: 0 }));
    host.close();
  });

  it('should answer mgmtNwkUpdateReq on the Z-Stack front with mgmtNwkUpdateNotify from the coordinator', async () => {
    radio = await startVirtualRadio({ factory: noDevices, protocol: 'zstack' });
    const firmware = (radio.front as ZstackFront).firmware;
    const out: MtFrame[] = [];
    firmware.send = (frame) => out.push(frame);
    const sreq = (command: number, data: number[]) => firmware.handle({ type: MtType.SREQ, subsystem: Subsystem.ZDO, command, data: Uint8Array.from(data) });
    sreq(0x40, [0, 0]); // startupFromApp: forms the network from the blank stick's NV
    sreq(0x3e, [0xff, 0xff]); // MsgCallbackRegister for every ZDO cluster, as zigpy-znp does
    out.length = 0;
    // dst 0x0000, addr mode 2, mask, duration 3, count 1, manager 0x0000
    sreq(0x37, [0, 0, 0x02, ...maskBytes(ALL_CHANNELS), 0x03, 0x01, 0, 0]);
    expect(out.shift()).toEqual({ type: MtType.SRSP, subsystem: Subsystem.ZDO, command: 0x37, data: Uint8Array.of(0) });
    const notify = await until(() => out.find((f) => f.type === MtType.AREQ && f.command === 0xb8));
    const channel = radio.front.coordinator.channel();
    // srcaddr 0x0000, status, scanned channels, total and failed transmissions, 16 energies
    expect(Array.from(notify.data.subarray(0, 7))).toEqual([0, 0, 0, ...maskBytes(ALL_CHANNELS)]);
    expect(notify.data[11]).toBe(16);
    const energies = Array.from(notify.data.subarray(12));
    expect(energies).toEqual(channelEnergies(ALL_CHANNELS, { channel, devices: 0 }));
    expect(energies.indexOf(Math.max(...energies))).toBe(channel - 11);
    // The registered host also gets the raw frame: srcaddr, not broadcast, cluster 0x8038, security, TSN, MAC dst, body.
    const raw = await until(() => out.find((f) => f.type === MtType.AREQ && f.command === 0xff));
    expect(Array.from(raw.data.subarray(0, 3))).toEqual([0, 0, 0]);
    expect(Array.from(raw.data.subarray(3, 5))).toEqual([0x38, 0x80]);
    expect(Array.from(raw.data.subarray(9))).toEqual(Array.from(notify.data.subarray(2)));
  });
});

const until = <T>(find: () => T | undefined, timeoutMs = 2_000) => waitFor(find, 'the scan to answer', timeoutMs, 5);
