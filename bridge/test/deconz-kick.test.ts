import { describe, expect, it } from 'vitest';
import { findDeconzDriver, installDeconzKick, type DeconzDriver } from '../src/zigbee/deconz-kick';

/** A stand-in with the 11.1.1 driver's members, recording what the kick sends. */
function fakeDriver(overrides: Partial<Record<string, unknown>> = {}) {
  const sent: number[] = [];
  const queued: unknown[] = [];
  const driver = {
    txState: 0,
    deviceStatus: 0xaa,
    seq: 0,
    connected: true,
    enqueueApsDataRequest(request: unknown) {
      queued.push(request);
      return Promise.resolve('confirm');
    },
    sendReadDeviceStateRequest(seq: number) {
      sent.push(seq);
      this.txState = 1; // as herdsman's sendRequest does through FirmwareCommandSend
    },
    nextSeqNumber() {
      this.seq += 1;
      return this.seq;
    },
    started() {
      return this.connected;
    },
    ...overrides,
  };
  return { driver, controller: { adapter: { driver } }, sent, queued };
}

function logLines() {
  const lines: Array<[string, string]> = [];
  const log = { debug: () => {}, info: (m: string) => lines.push(['info', m]), warn: (m: string) => lines.push(['warn', m]) };
  return { log: log as never, lines };
}

describe('deconz fast path', () => {
  it('should send one DEVICE_STATE read after an enqueue on an idle connected driver', async () => {
    const { driver, controller, sent, queued } = fakeDriver();
    const { log } = logLines();
    const kick = installDeconzKick(controller, { adapter: 'deconz', enabled: true, log });
    await expect(driver.enqueueApsDataRequest({ id: 1 })).resolves.toBe('confirm');
    expect(queued).toEqual([{ id: 1 }]);
    expect(sent).toEqual([1]);
    expect(driver.deviceStatus).toBe(0);
    expect(kick?.stats()).toEqual({ kicks: 1, skipped: 0 });
  });

  it('should coalesce: enqueues while a firmware command is in flight leave it to the driver', () => {
    const { driver, controller, sent, queued } = fakeDriver();
    const kick = installDeconzKick(controller, { adapter: 'deconz', enabled: true, log: logLines().log });
    void driver.enqueueApsDataRequest('a');
    void driver.enqueueApsDataRequest('b');
    void driver.enqueueApsDataRequest('c');
    expect(queued).toEqual(['a', 'b', 'c']);
    expect(sent).toEqual([1]);
    expect(kick?.stats()).toEqual({ kicks: 1, skipped: 2 });
  });

  it('should not kick a driver that is not connected', () => {
    const { driver, controller, sent } = fakeDriver({ connected: false });
    installDeconzKick(controller, { adapter: 'deconz', enabled: true, log: logLines().log });
    void driver.enqueueApsDataRequest('a');
    expect(sent).toEqual([]);
  });

  it('should keep the enqueue working when the state read cannot be written', async () => {
    const { driver, controller, queued } = fakeDriver({
      sendReadDeviceStateRequest: () => {
        throw new Error('write failed');
      },
    });
    const kick = installDeconzKick(controller, { adapter: 'deconz', enabled: true, log: logLines().log });
    await expect(driver.enqueueApsDataRequest('a')).resolves.toBe('confirm');
    expect(queued).toEqual(['a']);
    expect(kick?.stats().kicks).toBe(0);
  });

  it('should behave as plain herdsman while switched off, and kick again when switched on', () => {
    const { driver, controller, sent } = fakeDriver();
    const kick = installDeconzKick(controller, { adapter: 'deconz', enabled: true, log: logLines().log })!;
    kick.setEnabled(false);
    void driver.enqueueApsDataRequest('a');
    expect(sent).toEqual([]);
    kick.setEnabled(true);
    void driver.enqueueApsDataRequest('b');
    expect(sent).toEqual([1]);
  });

  it('should wrap a driver only once when installed twice', () => {
    const { driver, controller, sent } = fakeDriver();
    const first = installDeconzKick(controller, { adapter: 'deconz', enabled: true, log: logLines().log });
    const second = installDeconzKick(controller, { adapter: 'deconz', enabled: true, log: logLines().log });
    expect(second).toBe(first);
    void driver.enqueueApsDataRequest('a');
    driver.txState = 0;
    void driver.enqueueApsDataRequest('b');
    expect(sent).toEqual([1, 2]);
  });

  it('should leave other adapters and a disabled fast path untouched', () => {
    const { driver, controller } = fakeDriver();
    const original = driver.enqueueApsDataRequest;
    const { log, lines } = logLines();
    expect(installDeconzKick(controller, { adapter: 'zstack', enabled: true, log })).toBeUndefined();
    expect(installDeconzKick(controller, { adapter: 'deconz', enabled: false, log })).toBeUndefined();
    expect(driver.enqueueApsDataRequest).toBe(original);
    expect(lines).toEqual([['info', expect.stringContaining('DECONZ_FAST_PATH=0')]]);
  });

  it('should warn once and leave herdsman untouched when a member is missing or changed', () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'controller has no adapter'],
      [{ adapter: {} }, 'adapter has no driver'],
      [fakeDriver({ nextSeqNumber: undefined }).controller, 'driver.nextSeqNumber is not a function'],
      [fakeDriver({ sendReadDeviceStateRequest: 'x' }).controller, 'driver.sendReadDeviceStateRequest is not a function'],
      [fakeDriver({ txState: 'Idle' }).controller, 'driver.txState is not a number'],
      [fakeDriver({ deviceStatus: undefined }).controller, 'driver.deviceStatus is not a number'],
    ];
    for (const [controller, why] of cases) {
      const { log, lines } = logLines();
      expect(installDeconzKick(controller, { adapter: 'deconz', enabled: true, log })).toBeUndefined();
      expect(lines).toEqual([['warn', expect.stringMatching(new RegExp(`^deconz fast path unavailable: ${why}`))]]);
    }
  });

  it('should find the driver members through the controller', () => {
    const { driver, controller } = fakeDriver();
    const found = findDeconzDriver(controller);
    expect(found.ok && (found.driver as DeconzDriver)).toBe(driver);
  });
});
