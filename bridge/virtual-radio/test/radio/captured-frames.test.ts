/**
 * Frames a real ConBee II (firmware 0x26720700, MAC 00:21:2e:ff:ff:05:fe:7f) exchanged with
 * zigpy-deconz, as published in its debug logs (checksums left off there): the emulator must answer
 * the same requests with the same bytes, apart from what differs by design (its firmware version).
 */
import { describe, expect, it } from 'vitest';
import { decodeFrame, encodeFrame } from '../../src/protocol/index';
import { ParameterStore } from '../../src/radio/parameter-store';
import { RadioCore } from '../../src/radio/radio-core';

const hex = (s: string) => Uint8Array.from(s.match(/../g)!.map((b) => Number.parseInt(b, 16)));
const withChecksum = (body: Uint8Array) => {
  const crc = -body.reduce((a, b) => a + b, 0) & 0xffff;
  return Uint8Array.from([...body, crc & 0xff, crc >> 8]);
};

function stick(): RadioCore {
  const params = ParameterStore.fresh('00212effff05fe7f');
  return new RadioCore({ params, networkState: 0, route: () => {}, changed: () => {}, log: () => {} });
}

/** The answer (without its checksum) to a host request given without its checksum. */
function answer(core: RadioCore, request: string): string {
  const decoded = decodeFrame(withChecksum(hex(request)));
  if (!decoded.ok) throw new Error(decoded.error);
  const bytes = encodeFrame(core.handle(decoded.frame));
  return Array.from(bytes.subarray(0, bytes.length - 2), (b) => b.toString(16).padStart(2, '0')).join('');
}

describe('frames captured from a real ConBee II', () => {
  it('should answer the start-up reads of a stick byte for byte', () => {
    const core = stick();
    expect(answer(core, '0a02000800010022')).toBe('0a02000a000300220e01'); // protocol version 1.14
    expect(answer(core, '0a04000800010001')).toBe('0a040010000900017ffe05ffff2e2100'); // MAC
    expect(answer(core, '0a12000800010009')).toBe('0a1200090002000901'); // designed coordinator
    expect(answer(core, '0a10000800010010')).toBe('0a1000090002001003'); // security mode 3
  });

  it('should answer a read past the last endpoint slot as the stick does', () => {
    expect(answer(stick(), '0a1300090002001302')).toBe('0a1304090002001302');
  });

  // Logged decoded only ([00:21:2e:ff:ff:05:fe:7f, ZigBeeAlliance09]): frame length 32, payload 25.
  it('should answer the trust-centre link key read with the address and the well-known key', () => {
    const key = Array.from(new TextEncoder().encode('ZigBeeAlliance09'), (b) => b.toString(16).padStart(2, '0')).join('');
    expect(answer(stick(), '0a0f000f000900197ffe05ffff2e2100')).toBe(`0a0f0020001900197ffe05ffff2e2100${key}`);
  });
});
