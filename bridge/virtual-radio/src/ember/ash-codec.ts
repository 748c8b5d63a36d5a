/**
 * ASH, the UART link layer under EZSP (Silicon Labs UG101): a frame is a control byte, its data and
 * a CRC-CCITT (high byte first), byte-stuffed and closed by the flag 0x7E. DATA frames carry their
 * data XOR-ed with a pseudo-random stream so long runs of reserved bytes stay rare on the wire.
 */

export const AshByte = { Flag: 0x7e, Escape: 0x7d, Xon: 0x11, Xoff: 0x13, Substitute: 0x18, Cancel: 0x1a } as const;
const RESERVED: ReadonlySet<number> = new Set(Object.values(AshByte));
const FLIP = 0x20;

export const AshControl = { Rst: 0xc0, RstAck: 0xc1, Error: 0xc2, Ack: 0x80, Nak: 0xa0 } as const;
/** ASH version carried by RSTACK and ERROR. */
export const ASH_VERSION = 2;
/** Reset reasons an RSTACK reports (the NCP's last reset cause). */
export const ResetReason = {
  Unknown: 0x00,
  External: 0x01,
  PowerOn: 0x02,
  Watchdog: 0x03,
  Assert: 0x06,
  Bootloader: 0x09,
  Software: 0x0b,
  AckTimeouts: 0x51,
} as const;

export type AshFrame =
  | { type: 'data'; frmNum: number; ackNum: number; reTx: boolean; data: Uint8Array }
  | { type: 'ack' | 'nak'; ackNum: number; notReady: boolean }
  | { type: 'rst' }
  | { type: 'rstack' | 'error'; version: number; code: number };

/** CRC-CCITT: polynomial 0x1021, initial value 0xFFFF, no final XOR. */
export function crc16(bytes: Uint8Array, crc = 0xffff): number {
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** XORs with the LFSR stream (seed 0x42; odd: shift then XOR 0xB8). Its own inverse. */
export function randomise(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(data.length);
  let value = 0x42;
  for (let i = 0; i < data.length; i++) {
    out[i] = data[i] ^ value;
    value = value & 1 ? (value >> 1) ^ 0xb8 : value >> 1;
  }
  return out;
}

export function controlByte(frame: AshFrame): number {
  switch (frame.type) {
    case 'data':
      return ((frame.frmNum & 7) << 4) | (frame.reTx ? 0x08 : 0) | (frame.ackNum & 7);
    case 'ack':
      return AshControl.Ack | (frame.notReady ? 0x08 : 0) | (frame.ackNum & 7);
    case 'nak':
      return AshControl.Nak | (frame.notReady ? 0x08 : 0) | (frame.ackNum & 7);
    case 'rst':
      return AshControl.Rst;
    case 'rstack':
      return AshControl.RstAck;
    case 'error':
      return AshControl.Error;
  }
}

function frameData(frame: AshFrame): Uint8Array {
  if (frame.type === 'data') return randomise(frame.data);
  if (frame.type === 'rstack' || frame.type === 'error') return Uint8Array.of(frame.version, frame.code);
  return new Uint8Array(0);
}

/** One frame as wire bytes: stuffed control, data and CRC, then the flag. */
export function encodeAsh(frame: AshFrame): Uint8Array {
  const data = frameData(frame);
  const body = new Uint8Array(data.length + 3);
  body[0] = controlByte(frame);
  body.set(data, 1);
  const crc = crc16(body.subarray(0, body.length - 2));
  body[body.length - 2] = crc >> 8;
  body[body.length - 1] = crc & 0xff;
  const out: number[] = [];
  for (const byte of body) {
    if (RESERVED.has(byte)) out.push(AshByte.Escape, byte ^ FLIP);
    else out.push(byte);
  }
  out.push(AshByte.Flag);
  return Uint8Array.from(out);
}

export type AshEvent = { ok: true; frame: AshFrame } | { ok: false; error: 'crc' | 'short' | 'control' | 'substitute' };

/** Parses an unstuffed frame body (control, data, CRC). */
export function parseAsh(body: Uint8Array): AshEvent {
  if (body.length < 3) return { ok: false, error: 'short' };
  const crc = (body[body.length - 2] << 8) | body[body.length - 1];
  if (crc16(body.subarray(0, body.length - 2)) !== crc) return { ok: false, error: 'crc' };
  const control = body[0];
  const data = body.subarray(1, body.length - 2);
  if ((control & 0x80) === 0) {
    if (data.length < 3) return { ok: false, error: 'short' };
    return { ok: true, frame: { type: 'data', frmNum: (control >> 4) & 7, reTx: (control & 0x08) !== 0, ackNum: control & 7, data: randomise(data) } };
  }
  const notReady = (control & 0x08) !== 0;
  if ((control & 0xe0) === AshControl.Ack && data.length === 0) return { ok: true, frame: { type: 'ack', ackNum: control & 7, notReady } };
  if ((control & 0xe0) === AshControl.Nak && data.length === 0) return { ok: true, frame: { type: 'nak', ackNum: control & 7, notReady } };
  if (control === AshControl.Rst && data.length === 0) return { ok: true, frame: { type: 'rst' } };
  if ((control === AshControl.RstAck || control === AshControl.Error) && data.length === 2) {
    return { ok: true, frame: { type: control === AshControl.RstAck ? 'rstack' : 'error', version: data[0], code: data[1] } };
  }
  return { ok: false, error: 'control' };
}

/**
 * Splits the byte stream into frames. CANCEL drops the frame in progress, SUBSTITUTE marks it bad
 * up to the next flag, XON/XOFF (software flow control) are ignored outside frames' escapes.
 */
export class AshDecoder {
  private buffer: number[] = [];
  private escaped = false;
  private bad = false;

  push(chunk: Uint8Array): AshEvent[] {
    const events: AshEvent[] = [];
    for (const byte of chunk) {
      if (byte === AshByte.Flag) {
        if (this.bad) events.push({ ok: false, error: 'substitute' });
        else if (this.buffer.length > 0) events.push(parseAsh(Uint8Array.from(this.buffer)));
        this.reset();
      } else if (byte === AshByte.Cancel) {
        this.reset();
      } else if (byte === AshByte.Substitute) {
        this.bad = true;
      } else if (byte === AshByte.Xon || byte === AshByte.Xoff) {
        // flow control, not data
      } else if (byte === AshByte.Escape) {
        this.escaped = true;
      } else {
        this.buffer.push(this.escaped ? byte ^ FLIP : byte);
        this.escaped = false;
      }
    }
    return events;
  }

  private reset(): void {
    this.buffer = [];
    this.escaped = false;
    this.bad = false;
  }
}
