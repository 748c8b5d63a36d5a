import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FakeContext } from './fake-context';
import { createDeviceFactory } from './index';

// Which application profile a device's frame carries. herdsman's deCONZ adapter waits for every ZCL
// answer under the HA profile, so an answer must carry the request's profile, while frames a device
// starts itself carry the profile of the endpoint that sends them.
const HA = 0x0104;
const ZLL = 0xc05e;
const COORD_LE = [0x22, 0x11, 0x00, 0xff, 0xff, 0x2e, 0x21, 0x00];
const factory = createDeviceFactory();

function sensor() {
  const ctx = new FakeContext('00212effff001122');
  const device = factory.create('SML001', { ieee: '0017880100000099', nwk: 0x3001 }, ctx);
  device.start();
  const zcl = (ep: number, clusterId: number, asdu: number[], profileId = HA) =>
    device.receive({ profileId, clusterId, srcEndpoint: 1, dstEndpoint: ep, asdu: Uint8Array.from(asdu) });
  const sent = () => ctx.take().map((e) => ({ profile: e.profileId, src: e.srcEndpoint, cluster: e.clusterId, bytes: Array.from(e.asdu) }));
  return { ctx, device, zcl, sent };
}

describe('response profiles', () => {
  it('should answer a HA read on the ZLL endpoint with the HA profile', () => {
    const { zcl, sent } = sensor();
    zcl(1, 0x0000, [0x00, 0x07, 0x00, 0x05, 0x00]);
    expect(sent()).toEqual([{ profile: HA, src: 1, cluster: 0, bytes: [0x18, 0x07, 0x01, 0x05, 0x00, 0x00, 0x42, 0x06, ...Buffer.from('SML001')] }]);
  });

  it('should answer with the ZLL profile when the request came with it', () => {
    const { zcl, sent } = sensor();
    zcl(1, 0x0000, [0x00, 0x08, 0x00, 0x04, 0x00], ZLL);
    expect(sent().map((f) => f.profile)).toEqual([ZLL]);
  });

  it('should send default responses and write responses with the request profile', () => {
    const { zcl, sent } = sensor();
    zcl(1, 0x0006, [0x01, 0x09, 0x01]); // on/off is only a client cluster there: unsupported cluster
    zcl(2, 0x0406, [0x00, 0x0a, 0x02, 0x10, 0x00, 0x21, 0x3c, 0x00]); // pirOToUDelay = 60
    expect(sent()).toEqual([
      { profile: HA, src: 1, cluster: 0x0006, bytes: [0x18, 0x09, 0x0b, 0x01, 0xc3] },
      { profile: HA, src: 2, cluster: 0x0406, bytes: [0x18, 0x0a, 0x04, 0x00] },
    ]);
  });

  it('should echo the Signify manufacturer code when answering a manufacturer-specific read', () => {
    const { zcl, sent } = sensor();
    zcl(2, 0x0406, [0x04, 0x0b, 0x10, 0x0b, 0x00, 0x30, 0x00]);
    expect(sent()).toEqual([{ profile: HA, src: 2, cluster: 0x0406, bytes: [0x1c, 0x0b, 0x10, 0x0b, 0x01, 0x30, 0x00, 0x00, 0x20, 0x02] }]);
  });

  it('should write the Signify-specific LED indication and echo the code in the write response', () => {
    const { device, zcl, sent } = sensor();
    zcl(2, 0x0000, [0x04, 0x0b, 0x10, 0x0d, 0x02, 0x33, 0x00, 0x10, 0x01]);
    expect(sent()).toEqual([{ profile: HA, src: 2, cluster: 0, bytes: [0x1c, 0x0b, 0x10, 0x0d, 0x04, 0x00] }]);
    expect(device.inspect().endpoints['2'].genBasic.ledIndication).toBe(1);
  });

  it("should answer a HA request to a lamp's Green Power endpoint with the HA profile", () => {
    const ctx = new FakeContext();
    const lamp = factory.create('LCT015', { ieee: '0017880100000098', nwk: 0x3003 }, ctx);
    lamp.receive({ profileId: HA, clusterId: 0x0000, srcEndpoint: 1, dstEndpoint: 242, asdu: Uint8Array.of(0x00, 0x0e, 0x00, 0x05, 0x00) });
    expect(ctx.take().map((e) => ({ profile: e.profileId, src: e.srcEndpoint, bytes: Array.from(e.asdu) }))).toEqual([
      { profile: HA, src: 242, bytes: [0x18, 0x0e, 0x0b, 0x00, 0xc3] },
    ]);
  });

  it('should report occupancy from endpoint 2 with its HA profile, as the real sensor does', () => {
    const { device, zcl, sent } = sensor();
    device.receive({
      profileId: 0,
      clusterId: 0x0021,
      srcEndpoint: 0,
      dstEndpoint: 0,
      asdu: Uint8Array.of(1, 1, 2, 3, 4, 5, 6, 7, 8, 2, 0x06, 0x04, 0x03, ...COORD_LE, 1),
    });
    zcl(2, 0x0406, [0x00, 0x0c, 0x06, 0x00, 0x00, 0x00, 0x18, 0x00, 0x00, 0x2c, 0x01]);
    sent();
    expect(device.act('motion', {})).toMatchObject({ ok: true });
    expect(sent()).toEqual([{ profile: HA, src: 2, cluster: 0x0406, bytes: [0x18, expect.any(Number), 0x0a, 0x00, 0x00, 0x18, 0x01] }]);
  });
});

describe('unsolicited frame profiles', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vr-catalogue-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('should send a ZLL remote button command with its endpoint profile', () => {
    // A Hue-dimmer-like remote: its controlling endpoint is a ZLL one, and its commands say so.
    writeFileSync(
      join(dir, 'zll-remote.json'),
      JSON.stringify({
        description: 'test remote on a ZLL endpoint',
        manufacturerName: 'Test',
        modelId: 'ZLL-REMOTE',
        manufacturerCode: 4107,
        logicalType: 'end-device',
        macCapabilities: 128,
        endpoints: [{ id: 1, profileId: ZLL, deviceId: 0x0830, inClusters: [0], outClusters: [0, 3, 4, 6, 8, 5] }],
        buttons: { on: { single: [{ cluster: 'genOnOff', command: 'on' }] } },
      }),
    );
    const ctx = new FakeContext();
    const remote = createDeviceFactory({ catalogueDir: dir }).create('zll-remote', { ieee: '0017880100000100', nwk: 0x3002 }, ctx);
    expect(remote.act('press', { button: 'on' })).toMatchObject({ ok: true });
    expect(ctx.take().map((e) => ({ profile: e.profileId, cluster: e.clusterId, to: e.to }))).toEqual([
      { profile: ZLL, cluster: 0x0006, to: { kind: 'coordinator', endpoint: 1 } },
    ]);
  });
});
