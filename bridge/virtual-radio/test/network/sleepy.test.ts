import { afterEach, describe, expect, it } from 'vitest';
import { createDeviceFactory } from '../../src/devices/index';
import { realClock } from '../../src/network/clock';
import type { Clock } from '../../src/network/clock';
import { timingProfiles } from '../../src/network/timing';
import { encodeApsRequest } from '../../src/protocol/index';
import { startVirtualRadio } from '../../src/virtual-radio';
import type { VirtualRadio } from '../../src/virtual-radio';
import { RawHost } from '../support/raw-host';

// A ZCL read of genBasic zclVersion.
const readBasic = (requestId: number, nwk: number, endpoint: number) =>
  Array.from(
    encodeApsRequest({
      requestId,
      dst: { mode: 'nwk', nwk, endpoint },
      profileId: 0x0104,
      clusterId: 0,
      srcEndpoint: 1,
      asdu: Uint8Array.of(0x00, 0x11, 0x00, 0x00, 0x00),
      txOptions: 0,
      radius: 30,
    }),
  );

describe('sleepy end devices', () => {
  let radio: VirtualRadio | undefined;
  let host: RawHost | undefined;
  afterEach(async () => {
    host?.close();
    await radio?.stop();
  });

  // Real timers, but a clock frozen at t = 1000 ms so the poll phase is known; every delay is recorded.
  const scheduled: number[] = [];
  const clock: Clock = {
    now: () => 1_000,
    setTimeout: (fn, ms) => {
      scheduled.push(ms);
      return realClock.setTimeout(fn, ms);
    },
    clearTimeout: realClock.clearTimeout,
  };

  async function confirmDelay(model: string, ieee: string, pollIntervalMs: number): Promise<number> {
    scheduled.length = 0;
    radio = await startVirtualRadio({ factory: createDeviceFactory(), clock, timing: { ...timingProfiles.fast, pollIntervalMs } });
    const device = radio.membership.join({ model, ieee });
    host = await RawHost.connect(radio.port);
    host.send(0x08, 1, [0x02]);
    await host.next((f) => f.command === 0x08);
    // Only what the read makes the radio schedule (a device's own timers, its OTA check-in, are not the frame's).
    scheduled.length = 0;
    const started = performance.now();
    const endpoint = Number(Object.keys(device.inspect().endpoints)[0]);
    host.send(0x12, 2, readBasic(42, device.identity.nwk, endpoint));
    await host.next((f) => f.command === 0x12);
    await host.next((f) => f.command === 0x0e && (f.payload[0] & 0x04) !== 0, pollIntervalMs + 1_000);
    return performance.now() - started;
  }

  it('should hold a frame for a sleepy device until its next poll', async () => {
    const delay = await confirmDelay('TH01', '00124b00000000f1', 400);
    // Poll phase from the address: 0x00f1 = 241; next poll at 400 - ((1000 + 241) % 400) = 359 ms, plus 1 ms of air.
    expect(scheduled).toContain(360);
    expect(delay).toBeGreaterThanOrEqual(355);
  });

  it('should deliver to a router at once whatever the poll interval', async () => {
    // Held for a poll it would be 3758 ms (0x00f2 = 242: 5000 - (1000 + 242) % 5000); the schedule
    // record is the exact proof, the wall-clock bound only leaves room for a loaded machine.
    expect(await confirmDelay('LCT015', '00178801000000f2', 5_000)).toBeLessThan(2_000);
    expect(scheduled.some((ms) => ms > 100)).toBe(false);
  });
});
