/**
 * Byte-exact ASH codec tests from the ASH layout (UG101): CRC, randomisation, control bytes,
 * stuffing, bad frames. The frames herdsman recorded from real NCPs are in `recorded-frames.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import { AshDecoder, crc16, encodeAsh, parseAsh, randomise } from '../../src/ember/ash-codec';

const hex = (s: string) => Uint8Array.from(s.split(' ').map((b) => Number.parseInt(b, 16)));
const show = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0').toUpperCase()).join(' ');

describe('ASH codec', () => {
  it('uses CRC-CCITT with initial value 0xFFFF', () => {
    expect(crc16(new TextEncoder().encode('123456789'))).toBe(0x29b1);
  });

  it('randomises with the LFSR stream 42 21 A8 54 2A 15 B2', () => {
    expect(show(randomise(new Uint8Array(7)))).toBe('42 21 A8 54 2A 15 B2');
    expect(show(randomise(randomise(hex('01 02 03'))))).toBe('01 02 03');
  });

  it('reads the host reset (CANCEL then RST) and answers RSTACK with a software reset reason', () => {
    expect(new AshDecoder().push(hex('1A C0 38 BC 7E'))).toEqual([{ ok: true, frame: { type: 'rst' } }]);
    expect(show(encodeAsh({ type: 'rst' }))).toBe('C0 38 BC 7E');
    expect(show(encodeAsh({ type: 'rstack', version: 2, code: 0x0b }))).toBe('C1 02 0B 0A 52 7E');
    expect(show(encodeAsh({ type: 'ack', ackNum: 0, notReady: false }))).toBe('80 70 78 7E');
  });

  it('stuffs every reserved byte as 7D, byte ^ 0x20, and unstuffs it', () => {
    // NAK 6 with notReady: control 0xAE; an ACK whose CRC holds a flag byte must be escaped too.
    for (let ackNum = 0; ackNum < 8; ackNum++) {
      for (const type of ['ack', 'nak'] as const) {
        const wire = encodeAsh({ type, ackNum, notReady: ackNum % 2 === 1 });
        expect(wire.subarray(0, -1).some((b) => [0x7e, 0x11, 0x13, 0x18, 0x1a].includes(b))).toBe(false);
        expect(new AshDecoder().push(wire)).toEqual([{ ok: true, frame: { type, ackNum, notReady: ackNum % 2 === 1 } }]);
      }
    }
    const data = hex('7E 7D 11 13 18 1A FF 00');
    const wire = encodeAsh({ type: 'data', frmNum: 3, ackNum: 5, reTx: true, data: randomise(data) });
    expect(wire.filter((b) => b === 0x7e)).toHaveLength(1);
    expect(new AshDecoder().push(wire)).toEqual([{ ok: true, frame: { type: 'data', frmNum: 3, ackNum: 5, reTx: true, data: randomise(data) } }]);
  });

  it('reports a bad CRC, drops a cancelled frame and a substituted one', () => {
    const decoder = new AshDecoder();
    expect(decoder.push(hex('00 42 21 A8 59 7C 06 7E'))).toEqual([{ ok: false, error: 'crc' }]);
    expect(decoder.push(hex('00 42 1A 80 70 78 7E'))).toEqual([{ ok: true, frame: { type: 'ack', ackNum: 0, notReady: false } }]);
    expect(decoder.push(hex('80 18 70 78 7E'))).toEqual([{ ok: false, error: 'substitute' }]);
    expect(parseAsh(hex('C2 02'))).toEqual({ ok: false, error: 'short' });
  });

  it('encodes an ERROR frame (version 2, exceeded ACK timeouts)', () => {
    const wire = encodeAsh({ type: 'error', version: 2, code: 0x51 });
    expect(parseAsh(wire.subarray(0, -1))).toEqual({ ok: true, frame: { type: 'error', version: 2, code: 0x51 } });
  });
});
