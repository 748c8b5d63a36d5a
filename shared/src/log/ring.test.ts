import { describe, expect, it } from 'vitest';
import { LogRing, recordFromPino, ringDestination } from './index';

describe('log ring', () => {
  it('should keep the newest entries up to its capacity, newest first, filtered by level, device and id', () => {
    const ring = new LogRing(3);
    const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();
    ring.push({ time: at(1), level: 'warn', process: 'api', msg: 'one' });
    ring.push({ time: at(2), level: 'error', process: 'bridge', msg: 'two', ieee: '0x0000000000000001' });
    ring.push({ time: at(3), level: 'warn', process: 'bridge', msg: 'three', ieee: '0x0000000000000001' });
    ring.push({ time: at(4), level: 'fatal', process: 'api', msg: 'four' });
    expect(ring.entries().map((e) => e.msg)).toEqual(['four', 'three', 'two']);
    expect(ring.entries({ level: 'error' }).map((e) => e.msg)).toEqual(['four', 'two']);
    expect(ring.entries({ ieee: '0x0000000000000001' }).map((e) => e.msg)).toEqual(['three', 'two']);
    expect(ring.entries({ after: 3 }).map((e) => e.id)).toEqual([4]);
    expect(ring.entries({ limit: 1 }).map((e) => e.id)).toEqual([4]);
  });

  it('should take warn and above from pino lines with the request id, module, device and error message', () => {
    const ring = new LogRing();
    const seen: string[] = [];
    ring.onEntry((entry) => seen.push(entry.msg));
    const destination = ringDestination(ring, 'api');
    destination.write(`${JSON.stringify({ level: 30, time: 1, msg: 'info is not kept' })}\n`);
    destination.write('not json\n');
    destination.write(
      `${JSON.stringify({ level: 50, time: Date.UTC(2026, 0, 1), msg: 'write failed', reqId: 'r-7', name: 'api', ieee: '0x00158d0001a2b3c4', err: { message: 'SQLITE_BUSY', stack: 'at x' } })}\n`,
    );
    expect(seen).toEqual(['write failed']);
    expect(ring.entries()[0]).toEqual({
      id: 1,
      time: '2026-01-01T00:00:00.000Z',
      level: 'error',
      process: 'api',
      msg: 'write failed',
      reqid: 'r-7',
      module: 'api',
      ieee: '0x00158d0001a2b3c4',
      err: 'SQLITE_BUSY',
    });
    expect(recordFromPino({ level: 40, err: 'plain' }, 'bridge')).toMatchObject({ level: 'warn', msg: 'plain', err: 'plain' });
    expect(ring.push({ time: '2026-01-01T00:00:00.000Z', level: 'warn', process: 'api', msg: 'x'.repeat(900) }).msg).toHaveLength(500);
  });
});
