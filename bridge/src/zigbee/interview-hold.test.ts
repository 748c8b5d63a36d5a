import { describe, expect, it } from 'vitest';
import { InterviewHold } from './interview-hold';

describe('interview hold', () => {
  it('should keep what a device reports during its interview, merged per endpoint, until released', () => {
    const hold = new InterviewHold();
    hold.hold('0x01', 1, { temperature: 20 });
    hold.start('0x01');
    hold.hold('0x01', 1, { local_temperature: 19.5, preset: 'schedule' });
    hold.hold('0x01', 1, { preset: 'manual' });
    hold.hold('0x01', 2, { state: 'ON' });
    hold.hold('0x02', 1, { state: 'OFF' });
    expect(hold.release('0x01')).toEqual([
      { endpoint: 1, state: { local_temperature: 19.5, preset: 'manual' }, bridgeKeys: [] },
      { endpoint: 2, state: { state: 'ON' }, bridgeKeys: [] },
    ]);
    hold.hold('0x01', 1, { preset: 'eco' });
    expect(hold.release('0x01')).toEqual([]);
  });

  it('should say which held keys the bridge made itself, the latest value deciding', () => {
    const hold = new InterviewHold();
    hold.start('0x01');
    hold.hold('0x01', 1, { tamper: false, zone_state: 1 }, ['tamper', 'zone_state']);
    hold.hold('0x01', 1, { smoke: true, tamper: true });
    expect(hold.release('0x01')).toEqual([{ endpoint: 1, state: { tamper: true, zone_state: 1, smoke: true }, bridgeKeys: ['zone_state'] }]);
  });

  it('should drop what it held for a device that left', () => {
    const hold = new InterviewHold();
    hold.start('0x01');
    hold.hold('0x01', 1, { battery: 80 });
    hold.forget('0x01');
    expect(hold.release('0x01')).toEqual([]);
  });
});
