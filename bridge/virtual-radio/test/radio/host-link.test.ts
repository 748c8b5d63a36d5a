import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeApsRequest } from '../../src/protocol/index';
import { startVirtualRadio } from '../../src/virtual-radio';
import type { VirtualRadio } from '../../src/virtual-radio';
import { noDevices } from '../support/no-devices';
import { RawHost } from '../support/raw-host';

const apsRequest = (requestId: number, nwk: number) =>
  Array.from(
    encodeApsRequest({
      requestId,
      dst: { mode: 'nwk', nwk, endpoint: 1 },
      profileId: 0x0104,
      clusterId: 6,
      srcEndpoint: 1,
      asdu: Uint8Array.of(1, 1, 1),
      txOptions: 0,
      radius: 30,
    }),
  );

describe('radio host link', () => {
  let radio: VirtualRadio;
  const hosts: RawHost[] = [];
  const open = async () => {
    const host = await RawHost.connect(radio.port);
    hosts.push(host);
    return host;
  };

  beforeEach(async () => {
    radio = await startVirtualRadio({ factory: noDevices });
  });
  afterEach(async () => {
    for (const host of hosts.splice(0)) host.close();
    await radio.stop();
  });

  it('should answer DEVICE_STATE with the same sequence number and network offline', async () => {
    const host = await open();
    host.send(0x07, 0x42, [0, 0, 0]);
    const reply = await host.next((f) => f.command === 0x07);
    expect(reply.seq).toBe(0x42);
    expect(Array.from(reply.payload)).toEqual([0x00, 0, 0]);
  });

  it('should set the free-slots bit once the network is connected', async () => {
    const host = await open();
    host.send(0x08, 1, [0x02]);
    await host.next((f) => f.command === 0x08);
    host.send(0x07, 2, [0, 0, 0]);
    expect((await host.next((f) => f.command === 0x07)).payload[0]).toBe(0x22);
  });

  it('should refuse an APS request while the network is offline (no confirm follows)', async () => {
    const host = await open();
    host.send(0x12, 3, apsRequest(9, 0x1234));
    const reply = await host.next((f) => f.command === 0x12);
    expect(reply.status).toBe(6);
    expect(radio.core!.pending().confirms).toBe(0);
  });

  it('should confirm a request to an unknown address with route discovery failed and nudge the host', async () => {
    const host = await open();
    host.send(0x08, 1, [0x02]);
    host.send(0x12, 4, apsRequest(77, 0x4321));
    expect((await host.next((f) => f.command === 0x12)).status).toBe(0);
    const nudge = await host.next((f) => f.command === 0x0e);
    expect(nudge.payload[0] & 0x04).toBe(0x04);
    host.send(0x04, 5, [0, 0]);
    const confirm = await host.next((f) => f.command === 0x04);
    // payloadLen, state, requestId, mode 2, 0x4321, ep 1, src ep 1, status 0xD0
    expect(Array.from(confirm.payload.subarray(3, 10))).toEqual([77, 0x02, 0x21, 0x43, 0x01, 0x01, 0xd0]);
  });

  it('should nudge once for indications queued together, with the indication bit set', async () => {
    const host = await open();
    host.send(0x08, 1, [0x02]);
    await host.next((f) => f.command === 0x08);
    const indication = {
      dst: { mode: 'nwk' as const, nwk: 0 },
      dstEndpoint: 1,
      srcNwk: 0x1234,
      srcEndpoint: 1,
      profileId: 0x0104,
      clusterId: 6,
      asdu: Uint8Array.of(0x18, 1, 0x0a),
      lqi: 200,
      rssi: -45,
    };
    radio.core!.indicate(indication);
    radio.core!.indicate({ ...indication, srcNwk: 0x5678 });
    const nudge = await host.next((f) => f.command === 0x0e);
    expect(nudge.payload[0] & 0x08).toBe(0x08);
    // Nothing was read yet, so nothing else is due: a second nudge would mean the burst was not coalesced.
    // A device-state round trip is the barrier: the radio answers in order, so such a nudge comes first.
    host.send(0x07, 9, [0, 0, 0]);
    await host.next((f) => f.command === 0x07);
    expect(host.frames.filter((f) => f.command === 0x0e)).toEqual([]);
    host.send(0x17, 2, [0, 1, 0, 1]);
    expect((await host.next((f) => f.command === 0x17)).status).toBe(0);
    // One is still waiting: the after-read nudge says so.
    expect((await host.next((f) => f.command === 0x0e)).payload[0] & 0x08).toBe(0x08);
  });

  it('should answer a confirm read with FAILURE when none is waiting', async () => {
    const host = await open();
    host.send(0x04, 6, [0, 0]);
    expect((await host.next((f) => f.command === 0x04)).status).toBe(1);
  });

  it('should skip a corrupt frame and keep serving', async () => {
    const host = await open();
    host.sendRaw([0xc0, 0x07, 0x01, 0x00, 0x08, 0x00, 0, 0, 0, 0x00, 0x00, 0xc0]);
    host.send(0x07, 7, [0, 0, 0]);
    expect((await host.next((f) => f.command === 0x07)).seq).toBe(7);
  });

  it('should close a second connection while a host is connected', async () => {
    await open();
    const second = await open();
    expect(await second.waitClosed()).toBe(true);
  });

  it('should drop the host on a reboot, refuse it while down, then accept it again', async () => {
    const host = await open();
    host.send(0x07, 1, [0, 0, 0]);
    await host.next((f) => f.command === 0x07);
    // Down for a second: long enough that a loaded machine still connects while it is down.
    const up = Date.now() + 1_000;
    radio.reboot(1_000);
    expect(await host.waitClosed()).toBe(true);
    const early = await open();
    expect(await early.waitClosed()).toBe(true);
    await new Promise((r) => setTimeout(r, Math.max(0, up - Date.now()) + 50));
    const later = await open();
    later.send(0x07, 2, [0, 0, 0]);
    expect((await later.next((f) => f.command === 0x07)).seq).toBe(2);
  });
});
