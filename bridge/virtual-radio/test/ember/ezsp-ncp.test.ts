/** The EZSP NCP frame by frame, without a link: version negotiation, unknown ids, forming, keys. */
import { describe, expect, it } from 'vitest';
import { EmberNcp } from '../../src/ember/ember-ncp';
import { blankTokens } from '../../src/ember/ncp-state';

const hex = (s: string) => Uint8Array.from(s.split(' ').map((b) => Number.parseInt(b, 16)));
const show = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0').toUpperCase()).join(' ');

function ncp() {
  const clock = { now: 0 };
  const sent: string[] = [];
  const routed: unknown[] = [];
  const n = new EmberNcp({
    tokens: blankTokens('000d6f0000aabbcc'),
    route: (r) => routed.push(r),
    interPan: () => {},
    changed: () => {},
    ieeeOf: () => undefined,
    parentOf: (nwk) => (nwk === 0x4444 ? 0x1111 : 0),
    endDeviceType: () => undefined,
    now: () => clock.now,
    log: () => {},
  });
  n.send = (frame) => sent.push(show(frame));
  /** One extended command: seq, fc 00 01, id, params. */
  const call = (seq: number, id: number, params = '') => {
    sent.length = 0;
    n.handle(hex(`${seq.toString(16)} 00 01 ${(id & 0xff).toString(16)} ${(id >> 8).toString(16)}${params ? ` ${params}` : ''}`));
    return [...sent];
  };
  return { n, sent, routed, call, clock };
}

describe('EZSP NCP', () => {
  it('answers the legacy version command in kind with EZSP 14, stack type 2, EmberZNet 8.0.2', () => {
    const { n, sent } = ncp();
    n.handle(hex('00 00 00 13'));
    expect(sent).toEqual(['00 80 00 0E 02 20 80']);
    // Not the version it speaks: not agreed yet.
    expect(n.ram.protocol).toBeUndefined();
  });

  it('agrees on 14 in the extended format, and reports its version info', () => {
    const { n, call } = ncp();
    expect(call(1, 0x0000, '0E')).toEqual(['01 80 01 00 00 0E 02 20 80']);
    expect(n.ram.protocol).toBe(14);
    // getValue(VERSION_INFO): status u32, length 7, build 0, 8.0.2.0, GA (0xAA).
    expect(call(2, 0x00aa, '11')).toEqual(['02 80 01 AA 00 00 00 00 00 07 00 00 08 00 02 00 AA']);
  });

  it('answers an older host in kind with its own version and agrees only on 14, as bellows and herdsman negotiate', () => {
    const { n, sent, call } = ncp();
    // bellows opens with version(4) in the legacy layout; the answer is legacy, protocol 14.
    n.handle(hex('00 00 00 04'));
    expect(sent).toEqual(['00 80 00 0E 02 20 80']);
    // Asked for an older version in the extended layout: still 14, still not agreed.
    expect(call(1, 0x0000, '08')).toEqual(['01 80 01 00 00 0E 02 20 80']);
    expect(call(2, 0x0018)).toEqual(['02 80 01 58 00 30']);
    // EZSP 5-7 framing (frame control high byte 0xFF): a v14 NCP does not understand it.
    sent.length = 0;
    n.handle(hex('03 00 FF 00 00 0D'));
    expect(sent).toEqual(['03 80 58 49']);
    expect(n.ram.protocol).toBeUndefined();
    // The host asks again for what the NCP speaks: agreed, and commands are answered.
    expect(call(4, 0x0000, '0E')).toEqual(['04 80 01 00 00 0E 02 20 80']);
    expect(call(5, 0x0018)).toEqual(['05 80 01 18 00 00']);
    // A later legacy-layout command is refused rather than misread.
    sent.length = 0;
    n.handle(hex('06 00 18'));
    expect(sent).toEqual(['06 80 58 49']);
  });

  it('answers resetNode, then reboots', () => {
    const { n, call } = ncp();
    let rebooted = 0;
    n.reboot = () => {
      rebooted++;
    };
    call(1, 0x0000, '0E');
    expect(call(2, 0x0104)).toEqual(['02 80 01 04 01']);
    expect(rebooted).toBe(1);
  });

  it('answers commands before the version with VERSION_NOT_SET, unknown frame ids with INVALID_FRAME_ID', () => {
    const { call } = ncp();
    expect(call(1, 0x0018)).toEqual(['01 80 01 58 00 30']);
    call(2, 0x0000, '0E');
    expect(call(3, 0x0018)).toEqual(['03 80 01 18 00 00']);
    expect(call(4, 0x0123, '01 02')).toEqual(['04 80 01 58 00 31']);
    // A command cut short: INVALID_VALUE, never silence.
    expect(call(5, 0x0053, '05')).toEqual(['05 80 01 58 00 36']);
  });

  it('forms from the staged security state, reports NETWORK_UP as an async callback, and exports the key', () => {
    const { n, call } = ncp();
    call(1, 0x0000, '0E');
    expect(call(2, 0x001e, 'DD DD DD DD DD DD DD DD 62 1A 05 0F 00 00 00 00 00 F8 FF 07')).toEqual(['02 80 01 1E 00 02 00 00 00']);
    const key = '01 03 05 07 09 0B 0D 0F 00 02 04 06 08 0A 0C 0D';
    call(3, 0x0068, `1C 03 5A 69 67 42 65 65 41 6C 6C 69 61 6E 63 65 30 39 ${key} 00 00 00 00 00 00 00 00 00`);
    expect(call(4, 0x001e, 'DD DD DD DD DD DD DD DD 62 1A 05 0F 00 00 00 00 00 F8 FF 07')).toEqual([
      '04 80 01 1E 00 00 00 00 00',
      '04 90 01 19 00 15 00 00 00',
    ]);
    expect(n.tokens.network).toMatchObject({ panId: 0x1a62, channel: 15, extendedPanId: 'dddddddddddddddd' });
    const context = '01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00';
    expect(call(5, 0x0114, context)).toEqual([`05 80 01 14 01 00 00 00 00 ${key} ${context}`]);
    expect(call(6, 0x0018)).toEqual(['06 80 01 18 00 02']);
  });

  it('wipes the tokens on tokenFactoryReset, keeping the frame counters when asked', () => {
    const { n, call } = ncp();
    call(1, 0x0000, '0E');
    call(2, 0x0068, `1C 03 ${'00 '.repeat(16)}${'11 '.repeat(16)}00 00 00 00 00 00 00 00 00`.trim());
    call(3, 0x001e, 'DD DD DD DD DD DD DD DD 62 1A 05 0F 00 00 00 00 00 F8 FF 07');
    n.tokens.nwkFrameCounter = 4242;
    // excludeOutgoingFC 1, excludeBootCounter 0: an empty response.
    expect(call(4, 0x0077, '01 00')).toEqual(['04 80 01 77 00']);
    expect(n.tokens.network).toBeUndefined();
    expect(n.tokens).toMatchObject({ networkKey: '0'.repeat(32), nwkFrameCounter: 4242, keyTable: [] });
    n.reset();
    call(5, 0x0000, '0E');
    expect(call(6, 0x0017, '00 00')).toEqual(['06 80 01 17 00 17 00 00 00']);
  });

  it('keeps an install code as the transient link key the joining device must hold, until cleared or timed out', () => {
    const { n, call, clock } = ncp();
    call(1, 0x0000, '0E');
    const key = '11 22 33 44 55 66 77 88 99 AA BB CC DD EE FF 00';
    // importTransientKey(EUI64 little endian, key): EZSP 14 carries no flags byte.
    expect(call(2, 0x0111, `08 07 06 05 04 03 02 01 ${key}`)).toEqual(['02 80 01 11 01 00 00 00 00']);
    expect(show(n.linkKey('0102030405060708')!)).toBe(key);
    expect(n.linkKey('0102030405060709')).toBeUndefined();
    expect(call(3, 0x006b)).toEqual(['03 80 01 6B 00']);
    expect(n.linkKey('0102030405060708')).toBeUndefined();
    // A transient key times out after TRANSIENT_KEY_TIMEOUT_S (300 s unless configured).
    call(4, 0x0111, `08 07 06 05 04 03 02 01 ${key}`);
    clock.now = 299_999;
    expect(n.linkKey('0102030405060708')).toBeDefined();
    clock.now = 300_000;
    expect(n.linkKey('0102030405060708')).toBeUndefined();
  });

  it('sends a route record for a device behind a router once, then its frames as incomingMessageHandler', () => {
    const { n, sent } = ncp();
    n.handle(hex('01 00 01 00 00 0E'));
    n.ram.networkUp = true;
    sent.length = 0;
    const report = {
      dst: { mode: 'nwk', nwk: 0 },
      dstEndpoint: 1,
      srcNwk: 0x4444,
      srcIeee: '00124b0000004444',
      srcEndpoint: 1,
      profileId: 0x0104,
      clusterId: 0x0402,
      asdu: hex('18 01 0A'),
      lqi: 200,
      rssi: -50,
    } as const;
    n.indicate(report);
    // source, EUI64, last hop LQI and RSSI, one relay: the parent 0x1111.
    expect(sent[0]).toBe('01 90 01 59 00 44 44 44 44 00 00 00 4B 12 00 C8 CE 01 11 11');
    // type unicast, APS frame, sender, its EUI64, binding/address index, LQI, RSSI, timestamp, payload.
    expect(sent[1]).toBe('01 90 01 45 00 00 04 01 02 04 01 01 00 00 00 00 00 44 44 44 44 00 00 00 4B 12 00 FF FF C8 CE 00 00 00 00 03 18 01 0A');
    sent.length = 0;
    n.indicate(report);
    expect(sent).toHaveLength(1);
  });
});
