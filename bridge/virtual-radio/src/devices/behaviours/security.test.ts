import { describe, expect, it } from 'vitest';
import { COORDINATOR, testDevice } from '../test-device';

const coordLe = [0x22, 0x11, 0x00, 0xff, 0xff, 0x2e, 0x21, 0x00];

describe('ias zone', () => {
  it('should enrol the way herdsman drives it: CIE write, enroll request, enroll response', () => {
    const t = testDevice('DS01');
    t.frames();
    t.global(0x0500, 0x02, [0x10, 0x00, 0xf0, ...coordLe]);
    t.ctx.advance(50);
    const [writeRsp, enrollReq] = t.frames();
    expect(writeRsp.bytes.slice(2)).toEqual([0x04, 0x00]);
    expect(enrollReq).toMatchObject({ to: { kind: 'coordinator', endpoint: 1 }, cluster: 0x0500 });
    expect(enrollReq.bytes[0]).toBe(0x19);
    expect(enrollReq.bytes.slice(2)).toEqual([0x01, 0x15, 0x00, 0x00, 0x00]);
    t.command(0x0500, 0x00, [0x00, 23]);
    expect(t.attrs('ssIasZone')).toMatchObject({ zoneState: 1, zoneId: 23, iasCieAddr: COORDINATOR });
  });

  it('should notify the CIE when the door opens and closes', () => {
    const t = testDevice('DS01');
    t.global(0x0500, 0x02, [0x10, 0x00, 0xf0, ...coordLe]);
    t.command(0x0500, 0x00, [0x00, 23]);
    t.frames();
    expect(t.device.act('open', {})).toEqual({ ok: true, detail: { zoneStatus: 1 } });
    t.device.act('close', {});
    expect(t.frames().map((f) => f.bytes.slice(2))).toEqual([
      [0x00, 0x01, 0x00, 0x00, 23, 0x00, 0x00],
      [0x00, 0x00, 0x00, 0x00, 23, 0x00, 0x00],
    ]);
  });

  it('should hold its test bit for the seconds initTestMode asks, notifying the CIE at the start and the end', () => {
    const t = testDevice('HM-5HA-E');
    t.global(0x0500, 0x02, [0x10, 0x00, 0xf0, ...coordLe]);
    t.command(0x0500, 0x00, [0x00, 5]);
    t.frames();
    // initTestMode: 2 s, sensitivity level 1 (what the converters send is 1 s).
    t.command(0x0500, 0x02, [2, 1]);
    expect(t.attrs('ssIasZone').zoneStatus).toBe(0x0100);
    t.ctx.advance(1999);
    expect(t.attrs('ssIasZone').zoneStatus).toBe(0x0100);
    t.ctx.advance(1);
    expect(t.attrs('ssIasZone').zoneStatus).toBe(0);
    expect(
      t
        .frames()
        .filter((f) => f.cluster === 0x0500 && f.bytes[2] === 0x00)
        .map((f) => f.bytes.slice(3, 5)),
    ).toEqual([
      [0x00, 0x01],
      [0x00, 0x00],
    ]);
  });

  it('should not send notifications before it knows its CIE', () => {
    const t = testDevice('DS01');
    t.frames();
    t.device.act('open', {});
    expect(t.frames()).toEqual([]);
    expect(t.attrs('ssIasZone').zoneStatus).toBe(1);
  });
});

describe('ias ace keypad', () => {
  it('should send arm with the typed PIN to the coordinator', () => {
    const t = testDevice('3400');
    t.frames();
    expect(t.device.act('pin', { code: '1234', command: 'arm_night' })).toEqual({ ok: true });
    t.device.act('pin', { command: 'panic' });
    const out = t.frames();
    expect(out[0]).toMatchObject({ to: { kind: 'coordinator', endpoint: 1 }, cluster: 0x0501 });
    expect([out[0].bytes[0], ...out[0].bytes.slice(2)]).toEqual([0x01, 0x00, 0x02, 0x04, 0x31, 0x32, 0x33, 0x34, 0x00]);
    expect([out[1].bytes[0], out[1].bytes[2]]).toEqual([0x01, 0x04]);
  });

  it('should show the panel status and arm response it receives', () => {
    const t = testDevice('3400');
    t.frames();
    t.device.receive({ profileId: 0x0104, clusterId: 0x0501, srcEndpoint: 1, dstEndpoint: 1, asdu: Uint8Array.of(0x19, 0x05, 0x00, 0x03) });
    t.device.receive({ profileId: 0x0104, clusterId: 0x0501, srcEndpoint: 1, dstEndpoint: 1, asdu: Uint8Array.of(0x19, 0x06, 0x04, 0x05, 30, 0x01, 0x00) });
    expect(t.device.inspect().endpoints['1'].ssIasAce).toEqual({
      armNotification: 3,
      panelStatus: 5,
      secondsRemaining: 30,
      audibleNotification: 1,
      alarmStatus: 0,
    });
    expect(t.frames()).toEqual([]);
  });

  it('should refuse an unknown keypad command', () => {
    const t = testDevice('3400');
    expect(t.device.act('pin', { code: '1', command: 'open_sesame' })).toMatchObject({ ok: false });
  });
});

describe('buttons and remotes', () => {
  it('should send the SNZB-01 single/double/long presses as toggle/on/off to the coordinator', () => {
    const t = testDevice('WB01');
    t.frames();
    for (const kind of ['single', 'double', 'hold']) t.device.act('press', { button: 'button', kind });
    const out = t.frames();
    expect(out.map((f) => [f.cluster, f.bytes[0], f.bytes[2]])).toEqual([
      [6, 0x01, 0x02],
      [6, 0x01, 0x01],
      [6, 0x01, 0x00],
    ]);
    expect(out.every((f) => f.to.kind === 'coordinator')).toBe(true);
  });

  it('should send the IKEA remote commands to a bound group instead of the coordinator', () => {
    const t = testDevice('TRADFRI-remote-control');
    t.bindToGroup(0x0008, 0x0101);
    t.frames();
    t.device.act('press', { button: 'brightness_up', kind: 'single' });
    t.device.act('press', { button: 'arrow_left', kind: 'single' });
    const [step, arrow] = t.frames();
    expect(step).toMatchObject({ to: { kind: 'group', group: 0x0101 }, cluster: 8 });
    expect([step.bytes[0], ...step.bytes.slice(2)]).toEqual([0x01, 0x06, 0x00, 43, 0x05, 0x00]);
    expect(arrow).toMatchObject({ to: { kind: 'coordinator', endpoint: 1 }, cluster: 5 });
    expect(arrow.bytes.slice(2)).toEqual([0x07, 0x01, 0x01, 0x0d, 0x00]);
  });

  it('should name the buttons when asked for one that does not exist', () => {
    const t = testDevice('TRADFRI-remote-control');
    expect(t.device.act('press', { button: 'power', kind: 'single' })).toEqual({ ok: false, error: expect.stringContaining('toggle, brightness_up') });
  });
});
