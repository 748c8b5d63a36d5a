import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Controller } from 'zigbee-herdsman';
import { createInterviewPacing } from './interview-pacing';

type FakeDevice = { ieeeAddr: string; interviewState: string; isDeleted: boolean; interview: () => Promise<void> };

function fakeNetwork() {
  const devices = new Map<string, FakeDevice>();
  const add = (ieee: string, interview: () => Promise<void> = async () => undefined) => {
    const device: FakeDevice = {
      ieeeAddr: ieee,
      interviewState: 'PENDING',
      isDeleted: false,
      interview: vi.fn(async () => {
        device.interviewState = 'IN_PROGRESS';
        try {
          await interview();
          device.interviewState = 'SUCCESSFUL';
        } catch (err) {
          device.interviewState = 'FAILED';
          throw err;
        }
      }),
    };
    devices.set(ieee, device);
    return device;
  };
  const controller = { getDeviceByIeeeAddr: (ieee: string) => devices.get(ieee) } as unknown as Controller;
  return { devices, add, controller };
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('interview pacing', () => {
  afterEach(() => vi.useRealTimers());

  it('should hold joining devices beyond the slots until an interview ends, and not hold interviewed ones', async () => {
    const net = fakeNetwork();
    const pacing = createInterviewPacing(
      { controller: () => net.controller, started: vi.fn(), failedAgain: vi.fn(), succeeded: vi.fn(), log: pino({ level: 'silent' }) },
      2,
    );
    for (const ieee of ['a', 'b', 'c']) net.add(ieee);
    const admitted: string[] = [];
    for (const ieee of ['a', 'b', 'c']) void pacing.admit(net.controller, ieee).then(() => admitted.push(ieee));
    await flush();
    expect(admitted).toEqual(['a', 'b']);
    net.devices.get('a')!.interviewState = 'IN_PROGRESS';
    net.devices.get('b')!.interviewState = 'IN_PROGRESS';
    net.add('old').interviewState = 'SUCCESSFUL';
    await expect(pacing.admit(net.controller, 'old')).resolves.toBe(true);
    pacing.done('a');
    await flush();
    expect(admitted).toEqual(['a', 'b', 'c']);
  });

  it('should interview a known device with its interview to do when it announces itself, and no interviewed one', async () => {
    const net = fakeNetwork();
    const succeeded = vi.fn();
    const pacing = createInterviewPacing(
      { controller: () => net.controller, started: vi.fn(), failedAgain: vi.fn(), succeeded, log: pino({ level: 'silent' }) },
      2,
    );
    const pending = net.add('pending');
    const done = net.add('done');
    done.interviewState = 'SUCCESSFUL';
    pacing.announced('pending');
    pacing.announced('done');
    await flush();
    expect(pending.interview).toHaveBeenCalledTimes(1);
    expect(done.interview).not.toHaveBeenCalled();
    expect(succeeded).toHaveBeenCalledWith(pending);
    pacing.announced('pending');
    await flush();
    expect(pending.interview).toHaveBeenCalledTimes(1);
    // A joining device announces itself too: herdsman interviews it after admission, not the pacing.
    const joining = net.add('joining');
    void pacing.admit(net.controller, 'joining');
    pacing.announced('joining');
    await flush();
    expect(joining.interview).not.toHaveBeenCalled();
  });

  it('should try a failed interview again after a pause and report the success', async () => {
    vi.useFakeTimers();
    const net = fakeNetwork();
    let fail = true;
    const device = net.add('a', async () => {
      if (fail) throw new Error('waiting for response TIMEOUT');
    });
    const deps = {
      controller: () => net.controller,
      started: vi.fn(),
      failedAgain: vi.fn(),
      succeeded: vi.fn(async () => undefined),
      log: pino({ level: 'silent' }),
    };
    const pacing = createInterviewPacing(deps, 2, 1_000);
    device.interviewState = 'FAILED';
    pacing.failed('a');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(device.interview).toHaveBeenCalledTimes(1);
    expect(deps.failedAgain).toHaveBeenCalledTimes(1);
    fail = false;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(device.interview).toHaveBeenCalledTimes(2);
    expect(deps.started).toHaveBeenCalledTimes(2);
    expect(deps.succeeded).toHaveBeenCalledWith(device);
    expect(device.interviewState).toBe('SUCCESSFUL');
  });

  it('should give up after three retries and not retry a device that left', async () => {
    vi.useFakeTimers();
    const net = fakeNetwork();
    const device = net.add('a', async () => {
      throw new Error('TIMEOUT');
    });
    const pacing = createInterviewPacing(
      { controller: () => net.controller, started: vi.fn(), failedAgain: vi.fn(), succeeded: vi.fn(), log: pino({ level: 'silent' }) },
      2,
      1_000,
    );
    device.interviewState = 'FAILED';
    pacing.failed('a');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(device.interview).toHaveBeenCalledTimes(3);

    const gone = net.add('b');
    gone.interviewState = 'FAILED';
    pacing.failed('b');
    pacing.forget('b');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(gone.interview).not.toHaveBeenCalled();
  });

  it('should let more interviews in as interviews end in time and fewer after one fails', async () => {
    const net = fakeNetwork();
    const pacing = createInterviewPacing(
      { controller: () => net.controller, started: vi.fn(), failedAgain: vi.fn(), succeeded: vi.fn(), log: pino({ level: 'silent' }) },
      32,
    );
    const ieees = Array.from({ length: 14 }, (_, i) => `d${i}`);
    const admitted: string[] = [];
    for (const ieee of ieees) {
      net.add(ieee);
      void pacing.admit(net.controller, ieee).then(() => {
        admitted.push(ieee);
        net.devices.get(ieee)!.interviewState = 'IN_PROGRESS';
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect([admitted.length, pacing.slots()]).toEqual([8, 8]);
    pacing.done('d0');
    await new Promise((resolve) => setTimeout(resolve, 5));
    // One ended in time: 9 slots, 7 in use, so two more devices start.
    expect([admitted.length, pacing.slots()]).toEqual([10, 9]);
    pacing.failed('d1');
    await new Promise((resolve) => setTimeout(resolve, 5));
    // A failure halves the window; running interviews keep their slots, nobody new starts.
    expect([admitted.length, pacing.slots()]).toEqual([10, 4]);
    for (const ieee of ['d2', 'd3']) pacing.done(ieee);
    await new Promise((resolve) => setTimeout(resolve, 5));
    // 6 slots, 6 in use: still nobody new; the next success lets two in (7 slots, 5 in use).
    expect([admitted.length, pacing.slots()]).toEqual([10, 6]);
    pacing.done('d4');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect([admitted.length, pacing.slots()]).toEqual([12, 7]);
    for (const ieee of ieees) pacing.forget(ieee);
  });
});
