import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createBus } from './bus';

interface TestEvents {
  ping: { n: number };
  pong: { text: string };
}

function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'error' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('bus', () => {
  it('should deliver a payload to every listener of that event only', () => {
    const { logger } = capturingLogger();
    const bus = createBus<TestEvents>(logger);
    const seen: string[] = [];
    bus.on('ping', (p) => {
      seen.push(`a${p.n}`);
    });
    bus.on('ping', (p) => {
      seen.push(`b${p.n}`);
    });
    bus.on('pong', (p) => {
      seen.push(p.text);
    });
    bus.emit('ping', { n: 1 });
    expect(seen).toEqual(['a1', 'b1']);
  });

  it('should keep delivering when one listener throws, and log the failure', () => {
    const { logger, lines } = capturingLogger();
    const bus = createBus<TestEvents>(logger);
    const seen: number[] = [];
    bus.on('ping', () => {
      throw new Error('boom');
    });
    bus.on('ping', (p) => {
      seen.push(p.n);
    });
    expect(() => bus.emit('ping', { n: 7 })).not.toThrow();
    expect(seen).toEqual([7]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ event: 'ping', err: { message: 'boom' } });
  });

  it('should log a rejected async listener instead of raising an unhandled rejection', async () => {
    const { logger, lines } = capturingLogger();
    const bus = createBus<TestEvents>(logger);
    bus.on('pong', async () => {
      throw new Error('late');
    });
    bus.emit('pong', { text: 'x' });
    await new Promise((r) => setImmediate(r));
    expect(lines[0]).toMatchObject({ event: 'pong', err: { message: 'late' } });
  });

  it('should hand a failure to a function sink with the event and its payload', () => {
    const failures: Array<[string, unknown]> = [];
    const bus = createBus<TestEvents>((err, event, payload) => failures.push([`${event}: ${(err as Error).message}`, payload]));
    bus.on('ping', () => {
      throw new Error('boom');
    });
    bus.emit('ping', { n: 3 });
    expect(failures).toEqual([['ping: boom', { n: 3 }]]);
  });

  it('should forget every listener on clear', () => {
    const { logger } = capturingLogger();
    const bus = createBus<TestEvents>(logger);
    bus.on('ping', () => {});
    bus.on('pong', () => {});
    bus.clear();
    expect([bus.listenerCount('ping'), bus.listenerCount('pong')]).toEqual([0, 0]);
  });

  it('should stop delivering after unsubscribe', () => {
    const { logger } = capturingLogger();
    const bus = createBus<TestEvents>(logger);
    const seen: number[] = [];
    const off = bus.on('ping', (p) => {
      seen.push(p.n);
    });
    bus.emit('ping', { n: 1 });
    off();
    bus.emit('ping', { n: 2 });
    expect(seen).toEqual([1]);
    expect(bus.listenerCount('ping')).toBe(0);
  });
});
