import { OtaTag, buildOtaImage, otaFiller } from '@herdgate/shared/ota';
import { describe, expect, it } from 'vitest';
import type { Emission } from '../../network/types';
import { FakeContext } from '../fake-context';
import { createDeviceFactory } from '../index';
import { testDevice } from '../test-device';

const u16 = (v: number) => [v & 0xff, (v >> 8) & 0xff];
const u32 = (v: number) => [v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff];
const HUE = { model: 'LCT015', ieee: '0017880100000a01', ep: 11, mfr: 0x100b, type: 0x010c, version: 16783874 };

/** One OTA client on a manual clock, with the server side written out frame by frame. */
function client(model = HUE.model, ieee = HUE.ieee) {
  const t = testDevice(model, ieee);
  // The OTA client's endpoint: the one whose client-side genOta attributes it shows.
  const ep = Number(Object.entries(t.device.inspect().endpoints).find(([, clusters]) => clusters.genOta)![0]);
  const fromServer = (commandId: number, tsn: number, payload: number[], broadcast = false) =>
    t.device.receive({
      profileId: 0x0104,
      clusterId: 0x0019,
      srcEndpoint: 1,
      dstEndpoint: ep,
      asdu: Uint8Array.of(0x19, tsn, commandId, ...payload),
      ...(broadcast ? { broadcast } : {}),
    });
  const ota = (): Array<{ tsn: number; command: number; payload: number[]; to: Emission['to'] }> =>
    t.ctx
      .take()
      .filter((e) => e.clusterId === 0x0019)
      .map((e) => ({ tsn: e.asdu[1], command: e.asdu[2], payload: Array.from(e.asdu.subarray(3)), to: e.to }));
  return { ...t, ep, fromServer, ota, view: () => t.device.ota!()!.view() };
}

/** Answers block requests from `image` until the device ends; returns the end request. */
function serve(c: ReturnType<typeof client>, image: Uint8Array, maxBlocks = 10_000) {
  for (let i = 0; i < maxBlocks; i++) {
    c.ctx.advance(1_000);
    for (const f of c.ota()) {
      if (f.command === 0x06) return f;
      if (f.command !== 0x03) continue;
      const offset = f.payload[9] | (f.payload[10] << 8) | (f.payload[11] << 16) | (f.payload[12] << 24);
      const data = Array.from(image.subarray(offset, offset + Math.min(50, f.payload[13])));
      c.fromServer(0x05, f.tsn, [0x00, ...f.payload.slice(1, 9), ...u32(offset), data.length, ...data]);
    }
  }
  throw new Error('the device never ended the download');
}

const image = (over: Partial<Parameters<typeof buildOtaImage>[0]> = {}) =>
  buildOtaImage({ manufacturerCode: HUE.mfr, imageType: HUE.type, fileVersion: HUE.version + 0x100, payload: otaFiller(400), ...over });
const offer = (img: Uint8Array, version = HUE.version + 0x100) => [0x00, ...u16(HUE.mfr), ...u16(HUE.type), ...u32(version), ...u32(img.length)];

describe('OTA client', () => {
  it('should answer a unicast image notify with its identity and hardware version', () => {
    const c = client();
    c.fromServer(0x00, 7, [0x00, 100]);
    c.ctx.advance(0);
    const [query] = c.ota();
    expect(query.command).toBe(0x01);
    expect(query.to).toEqual({ kind: 'coordinator', endpoint: 1 });
    expect(query.payload).toEqual([0x01, ...u16(HUE.mfr), ...u16(HUE.type), ...u32(HUE.version), ...u16(1)]);
    expect(c.view()).toMatchObject({ manufacturerCode: HUE.mfr, imageType: HUE.type, fileVersion: HUE.version, state: 'querying' });
  });

  it('should ignore a notify for another manufacturer, image type or its own version', () => {
    const c = client();
    c.fromServer(0x00, 1, [0x01, 100, ...u16(0x117c)]);
    c.fromServer(0x00, 2, [0x02, 100, ...u16(HUE.mfr), ...u16(0x2101)]);
    c.fromServer(0x00, 3, [0x03, 100, ...u16(HUE.mfr), ...u16(HUE.type), ...u32(HUE.version)]);
    c.ctx.advance(10);
    expect(c.ota()).toEqual([]);
    c.fromServer(0x00, 4, [0x03, 100, ...u16(0xffff), ...u16(0xffff), ...u32(HUE.version + 1)]);
    c.ctx.advance(10);
    expect(c.ota().map((f) => f.command)).toEqual([0x01]);
  });

  it('should download in blocks of its size, check the image, end and reboot into the new version', () => {
    const c = client();
    c.fromServer(0x00, 1, [0x00, 100]);
    c.ctx.advance(0);
    const [query] = c.ota();
    const img = image();
    c.fromServer(0x02, query.tsn, offer(img));
    c.ctx.advance(50);
    const [first] = c.ota();
    // field control 0x02: the minimum block period follows; offset 0, 64 bytes asked.
    expect(first.payload).toEqual([0x02, ...u16(HUE.mfr), ...u16(HUE.type), ...u32(HUE.version + 0x100), ...u32(0), 64, 0, 0]);
    c.fromServer(0x05, first.tsn, [0x00, ...first.payload.slice(1, 9), ...u32(0), 50, ...img.subarray(0, 50)]);
    const end = serve(c, img);
    expect(end.payload).toEqual([0x00, ...u16(HUE.mfr), ...u16(HUE.type), ...u32(HUE.version + 0x100)]);
    expect(c.view().state).toBe('ending');
    c.fromServer(0x07, end.tsn, [...u16(HUE.mfr), ...u16(HUE.type), ...u32(HUE.version + 0x100), ...u32(0), ...u32(1)]);
    expect(c.ctx.reboots).toEqual([]);
    c.ctx.advance(1_000);
    expect(c.ctx.reboots).toEqual([3_000]);
    expect(c.view()).toMatchObject({ fileVersion: HUE.version + 0x100, state: 'idle', lastResult: { result: 'upgraded' } });
    expect(c.attrs('genBasic').swBuildId).toBe('1.0.27.2');
    expect(c.attrs('genOta')).toMatchObject({ currentFileVersion: HUE.version + 0x100, imageUpgradeStatus: 0 });
    // The new firmware is what it comes back with after a radio restart (the state file's snapshot).
    const again = createDeviceFactory().restore(HUE.model, { ieee: HUE.ieee, nwk: 0x2001 }, c.device.snapshot(), new FakeContext());
    again.start();
    expect(again.ota!()!.view().fileVersion).toBe(HUE.version + 0x100);
    expect(again.inspect().endpoints['11'].genBasic.swBuildId).toBe('1.0.27.2');
  });

  it('should wait as long as WAIT_FOR_DATA says, then ask for the same block', () => {
    const c = client();
    c.device.ota!()!.query();
    const [query] = c.ota();
    c.fromServer(0x02, query.tsn, offer(image()));
    c.ctx.advance(50);
    const [block] = c.ota();
    c.fromServer(0x05, block.tsn, [0x97, ...u32(0), ...u32(30), ...u16(250)]);
    expect(c.view().state).toBe('waiting');
    c.ctx.advance(29_000);
    expect(c.ota()).toEqual([]);
    c.ctx.advance(1_000);
    const [again] = c.ota();
    expect(again.payload.slice(9, 13)).toEqual(u32(0));
    // The server's minimum block period (250 ms) is what it reports from now on.
    expect(again.payload.slice(14)).toEqual(u16(250));
  });

  it('should stop and go idle when the server answers a block with ABORT', () => {
    const c = client();
    c.device.ota!()!.query();
    c.fromServer(0x02, c.ota()[0].tsn, offer(image()));
    c.ctx.advance(50);
    c.fromServer(0x05, c.ota()[0].tsn, [0x95]);
    c.ctx.advance(60_000);
    expect(c.ota()).toEqual([]);
    expect(c.view()).toMatchObject({ state: 'idle', lastResult: { result: 'aborted' } });
  });

  it('should end with INVALID_IMAGE when the file is not for it, without installing it', () => {
    const c = client();
    const img = image({ upgradeFileDestination: '0017880100000fff' });
    c.device.ota!()!.query();
    c.fromServer(0x02, c.ota()[0].tsn, offer(img));
    const end = serve(c, img);
    expect(end.payload[0]).toBe(0x96);
    expect(c.view()).toMatchObject({
      fileVersion: HUE.version,
      state: 'idle',
      lastResult: { result: 'invalid-image', problem: 'the file is for 0017880100000fff' },
    });
    // An offer for another image type is refused at once.
    c.device.ota!()!.query();
    c.fromServer(0x02, c.ota()[0].tsn, [0x00, ...u16(HUE.mfr), ...u16(0x2101), ...u32(HUE.version + 1), ...u32(img.length)]);
    expect(c.ota().map((f) => [f.command, f.payload[0]])).toEqual([[0x06, 0x96]]);
  });

  it('should go idle on NO_IMAGE_AVAILABLE and when nobody answers its query', () => {
    const c = client();
    c.device.ota!()!.query();
    c.fromServer(0x02, c.ota()[0].tsn, [0x98]);
    expect(c.view()).toMatchObject({ state: 'idle', lastResult: { result: 'no-image' } });
    c.device.ota!()!.query();
    c.ctx.advance(5_000);
    expect(c.view()).toMatchObject({ state: 'idle', lastResult: { result: 'no-answer' } });
  });

  it('should refuse, stall and find the image corrupt when given those faults', () => {
    const c = client();
    const img = image();
    const control = c.device.ota!()!;
    control.setFault({ kind: 'refuse' });
    control.query();
    c.fromServer(0x02, c.ota()[0].tsn, offer(img));
    expect(c.ota().map((f) => [f.command, f.payload[0]])).toEqual([[0x06, 0x95]]);
    control.setFault({ kind: 'corrupt' });
    control.query();
    c.fromServer(0x02, c.ota()[0].tsn, offer(img));
    expect(serve(c, img).payload[0]).toBe(0x96);
    control.setFault({ kind: 'stall', afterBytes: 100 });
    control.query();
    c.fromServer(0x02, c.ota()[0].tsn, offer(img));
    expect(() => serve(c, img, 30)).toThrow(/never ended/);
    expect(c.view()).toMatchObject({ state: 'stalled', download: { offset: 100 } });
    // Cleared, the next offer of the same image resumes where it stopped.
    control.setFault(undefined);
    control.query();
    c.fromServer(0x02, c.ota()[0].tsn, offer(img));
    c.ctx.advance(50);
    expect(c.ota()[0].payload.slice(9, 13)).toEqual(u32(100));
  });

  it('should have a sleepy device ignore image notify and ask at its check-in', () => {
    const c = client('SML001', '0017880100000b02');
    c.fromServer(0x00, 1, [0x00, 100]);
    c.ctx.advance(10);
    expect(c.ota()).toEqual([]);
    // No OTA server on the network, no check-in; with one, hourly, the first in the second half of
    // the hour at a phase set by its address (0.5 + 0x0b02 / 0x20000 of it: 1877.4 s).
    c.ctx.advance(7_200_000);
    expect(c.ota()).toEqual([]);
    c.ctx.otaServer = () => 1;
    c.device.ota!()!.repace();
    c.ctx.advance(1_877_000);
    expect(c.ota()).toEqual([]);
    c.ctx.advance(1_000);
    expect(c.ota().map((f) => f.command)).toEqual([0x01]);
    c.ctx.advance(3_600_000);
    expect(c.ota().map((f) => f.command)).toEqual([0x01]);
  });

  it('should keep a Telink AES element as part of the image it checks', () => {
    const c = client();
    const img = buildOtaImage({
      manufacturerCode: HUE.mfr,
      imageType: HUE.type,
      fileVersion: HUE.version + 0x100,
      elements: [
        { tag: OtaTag.upgradeImage, data: otaFiller(80) },
        { tag: OtaTag.telinkAes, data: otaFiller(30) },
      ],
    });
    c.device.ota!()!.query();
    c.fromServer(0x02, c.ota()[0].tsn, offer(img));
    expect(serve(c, img).payload[0]).toBe(0x00);
  });
});
