import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBenchRadio, type BenchRadio } from './bench-radio';

const LAMP = '00124b0100000001';
const CONTACT = '00124b0100000002';

describe('bench radio', () => {
  let dir: string;
  let radio: BenchRadio;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'herdgate-bench-radio-'));
    radio = await startBenchRadio(dir, {
      devices: [
        { model: 'LCT015', ieee: LAMP, join: 'joined' },
        { model: 'DS01', ieee: CONTACT, join: 'joined' },
      ],
    });
  });
  afterAll(async () => {
    await radio?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('should read a device attribute and see a person act on it', () => {
    expect(radio.attribute(LAMP, 'genOnOff', 'onOff')).toBeDefined();
    radio.act(CONTACT, 'open');
    expect(Number(radio.attribute(CONTACT, 'ssIasZone', 'zoneStatus')) & 1).toBe(1);
    radio.act(CONTACT, 'close');
    expect(Number(radio.attribute(CONTACT, 'ssIasZone', 'zoneStatus')) & 1).toBe(0);
  });

  it('should reject an unknown device and time out waiting for a frame nobody sends', async () => {
    expect(() => radio.act('00124b01000000ff', 'open')).toThrow('not on the virtual network');
    await expect(radio.nextFrameTo(LAMP, 50)).rejects.toThrow(`no frame to ${LAMP} within 50 ms`);
  });

  it('should timestamp the next host frame to a device', async () => {
    const nwk = radio.radio.registry.get(LAMP)!.device.identity.nwk;
    const frame = radio.nextFrameTo(LAMP, 1_000);
    const before = performance.now();
    radio.radio.counters.count('nwk', nwk);
    expect(await frame).toBeGreaterThanOrEqual(before);
    expect(radio.radio.counters.snapshot().total).toBeGreaterThanOrEqual(1);
  });
});
