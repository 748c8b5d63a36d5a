import { describe, expect, it } from 'vitest';
import { findDriverPrototype, paceStartup, type PacedDriver } from './deconz-startup-pace';

/** A frame as the ConBee sends it: [cmd, seq, status, length u16 LE, payload…, CRC u16 LE]. */
function firmwareFrame(cmd: number, seq: number): Buffer {
  const body = [cmd, seq, 0, 0, 0, 0x2a];
  body[3] = body.length; // the stored length: the frame without its CRC
  let sum = 0;
  for (const byte of body) sum += byte;
  const crc = (~sum + 1) & 0xffff;
  return Buffer.from([...body, crc & 0xff, crc >> 8]);
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The pace patches a copy of herdsman's own deconz driver prototype here (never the real one, which
 * other tests in this process may use): the pinned driver's members are what the bridge relies on.
 */
describe('deconz start-up pace', () => {
  it("should find herdsman's deconz driver with the members the pace uses", () => {
    const found = findDriverPrototype();
    expect(found.ok ? 'found' : found.why).toBe('found');
  });

  const pacedDriver = (driverState: number) => {
    const found = findDriverPrototype();
    if (!found.ok) throw new Error(found.why);
    const prototype = Object.create(found.prototype) as PacedDriver;
    // The real onParsed on a copy: the pace wraps the copy's own member.
    prototype.onParsed = found.prototype.onParsed;
    paceStartup(prototype as Parameters<typeof paceStartup>[0]);
    const driver = Object.create(prototype) as PacedDriver & { queued: number; emitted: number[] };
    driver.driverState = driverState;
    driver.queued = 0;
    driver.emitted = [];
    driver.processQueue = () => {
      driver.queued += 1;
    };
    (driver as unknown as { emitStateEvent: (event: number) => void }).emitStateEvent = (event) => driver.emitted.push(event);
    (driver as unknown as { emit: () => boolean }).emit = () => true;
    return driver;
  };

  it('should send the next queued request after an answer parsed during start-up, once the awaiting code has run', async () => {
    for (const state of [3, 5]) {
      const driver = pacedDriver(state);
      driver.onParsed(firmwareFrame(0x0a, 7));
      // herdsman's own handling ran (the answer was recognised: FirmwareCommandReceived, 9)...
      expect(driver.emitted).toEqual([9]);
      // ...and the next request waits for the turn after, when the start-up code has queued it.
      expect(driver.queued).toBe(0);
      await nextTurn();
      expect(driver.queued, `state ${state}`).toBe(1);
    }
  });

  it('should leave the driver to its tick once connected', async () => {
    const connected = pacedDriver(1);
    connected.onParsed(firmwareFrame(0x0a, 7));
    await nextTurn();
    expect(connected.emitted).toEqual([9]);
    expect(connected.queued).toBe(0);
  });

  it('should wrap once however often it is installed', async () => {
    const found = findDriverPrototype();
    if (!found.ok) throw new Error(found.why);
    const prototype = Object.create(found.prototype);
    prototype.onParsed = found.prototype.onParsed;
    paceStartup(prototype);
    const once = prototype.onParsed;
    paceStartup(prototype);
    expect(prototype.onParsed).toBe(once);
  });
});
