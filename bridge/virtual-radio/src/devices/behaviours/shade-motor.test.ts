import { describe, expect, it } from 'vitest';
import { testDevice } from '../test-device';

// Aqara's roller shade driver E1 at 10 %/s: position in the analog output (0x000d), motor in the multistate output (0x0013).
const ANALOG = 0x000d;
const MULTISTATE = 0x0013;
const WRITE = 0x02;
const REPORT = 0x0a;
const single = (n: number) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setFloat32(0, n, true);
  return [...bytes];
};

function shade() {
  const t = testDevice('lumi.curtain.acn002', '54ef441000000001');
  const position = () => (t.attrs('genAnalogOutput') as Record<string, number>).presentValue;
  const motor = () => (t.attrs('genMultistateOutput') as Record<string, number>).presentValue;
  const moveTo = (percent: number) => t.global(ANALOG, WRITE, [0x55, 0x00, 0x39, ...single(percent)]);
  const writeMotor = (value: number) => t.global(MULTISTATE, WRITE, [0x55, 0x00, 0x21, value, 0]);
  /** The motor states and positions the shade announced since the last call. */
  const announced = () => {
    const reports = t.frames().filter((f) => f.bytes[2] === REPORT);
    return {
      motor: reports.filter((f) => f.cluster === MULTISTATE).map((f) => f.bytes[6]),
      position: reports.filter((f) => f.cluster === ANALOG).map((f) => new DataView(Uint8Array.from(f.bytes.slice(6, 10)).buffer).getFloat32(0, true)),
    };
  };
  return { t, position, motor, moveTo, writeMotor, announced };
}

describe('roller shade motor', () => {
  it('should travel to a written position over time, announcing opening, then where it stopped', () => {
    const s = shade();
    s.announced();
    s.moveTo(60);
    // The write is the target, not the position: the shade starts where it was.
    expect(s.position()).toBe(0);
    expect(s.motor()).toBe(1);
    expect(s.announced()).toEqual({ motor: [1], position: [] });
    s.t.ctx.advance(3_000);
    expect(s.position()).toBeGreaterThanOrEqual(29);
    expect(s.position()).toBeLessThanOrEqual(31);
    s.t.ctx.advance(3_500);
    expect(s.position()).toBe(60);
    expect(s.motor()).toBe(2);
    expect(s.announced()).toEqual({ motor: [2], position: [60] });
  });

  it('should halt part-way on a write of 2 to its motor and stay there', () => {
    const s = shade();
    s.moveTo(100);
    s.t.ctx.advance(4_000);
    s.announced();
    s.writeMotor(2);
    const at = s.position();
    expect(at).toBeGreaterThan(30);
    expect(at).toBeLessThan(50);
    expect(s.announced()).toEqual({ motor: [2], position: [at] });
    s.t.ctx.advance(10_000);
    expect(s.position()).toBe(at);
  });

  it('should announce closing when it moves down, and keep showing what the motor does after another motor write', () => {
    const s = shade();
    s.moveTo(50);
    s.t.ctx.advance(6_000);
    s.announced();
    s.moveTo(20);
    expect(s.announced().motor).toEqual([0]);
    s.writeMotor(1);
    expect(s.motor()).toBe(0);
    s.t.ctx.advance(4_000);
    expect(s.position()).toBe(20);
    expect(s.motor()).toBe(2);
  });
});
