import { describe, expect, it } from 'vitest';
import { testDevice } from './test-device';

/** A ubisys module's inputs send what its input actions say, from their source endpoints. */
const COORDINATOR = { kind: 'coordinator', endpoint: 1 };
const sent = (dev: ReturnType<typeof testDevice>) =>
  dev.frames().map((f) => ({ to: f.to, cluster: f.cluster, command: f.bytes[2], payload: f.bytes.slice(3) }));

describe('input action', () => {
  it("should send the J1's open and stop for input 0 and close and stop for input 1 from its covering client (momentary)", () => {
    const j1 = testDevice('J1-5502');
    const frames = (['press', 'release'] as const).flatMap((kind) => [0, 1].map((input) => [input, kind] as const));
    const commands = frames.map(([input, kind]) => {
      expect(j1.device.act('input', { input, kind })).toEqual({ ok: true, detail: { frames: 1 } });
      return sent(j1).map((f) => f.command);
    });
    expect(commands).toEqual([[0x00], [0x01], [0x02], [0x02]]);
    j1.device.act('input', { input: 0, kind: 'press' });
    expect(sent(j1)).toEqual([{ to: COORDINATOR, cluster: 0x0102, command: 0x00, payload: [] }]);
  });

  it('should follow the actions the device holds: the S2 toggles through endpoints 3 and 4, nothing on release when momentary', () => {
    const s2 = testDevice('S2-5502');
    expect(s2.device.act('input', { input: 1, kind: 'press' })).toEqual({ ok: true, detail: { frames: 1 } });
    const [frame] = s2.ctx.take();
    expect({ from: frame?.srcEndpoint, cluster: frame?.clusterId, command: frame?.asdu[2] }).toEqual({ from: 4, cluster: 0x0006, command: 0x02 });
    expect(s2.device.act('input', { input: 1, kind: 'release' })).toEqual({ ok: true, detail: { frames: 0 } });
    expect(s2.frames()).toEqual([]);
  });

  it('should refuse an input that is not a number and a kind it does not know', () => {
    const j1 = testDevice('J1-5502');
    expect(j1.device.act('input', { input: 'up' })).toMatchObject({ ok: false, error: expect.stringContaining('input') });
    expect(j1.device.act('input', { input: 0, kind: 'hold' })).toMatchObject({ ok: false, error: expect.stringContaining('kind') });
    expect(j1.frames()).toEqual([]);
  });
});
