import { afterEach, describe, expect, it, vi } from 'vitest';
import { followEvents, type LinkStatus } from '../src/api/events';

/** A stand-in for the browser's WebSocket: records each socket so the test can open or drop it. */
class FakeSocket {
  static made: FakeSocket[] = [];
  onopen?: () => void;
  onclose?: () => void;
  onmessage?: (message: { data: string }) => void;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.made.push(this);
  }
  close() {
    this.onclose?.();
  }
}

describe('web event socket', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    FakeSocket.made = [];
  });

  it('should reconnect after a drop with a growing delay, reset it once open, and stop when closed', () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('location', { protocol: 'http:', hostname: 'gw.local' });
    const statuses: LinkStatus[] = [];
    let opens = 0;
    const events: unknown[] = [];
    const stream = followEvents(8088, 'KEY1234567', {
      onEvent: (e) => events.push(e),
      onStatus: (s) => statuses.push(s),
      onOpen: () => {
        opens += 1;
      },
    });
    expect(FakeSocket.made[0]).toMatchObject({ url: 'ws://gw.local:8088/?events=all', protocols: ['KEY1234567'] });
    FakeSocket.made[0]!.onopen!();
    FakeSocket.made[0]!.onmessage!({ data: '{"t":"event","e":"changed","r":"lights","id":"1"}' });
    FakeSocket.made[0]!.onmessage!({ data: 'not json' });
    expect(events).toHaveLength(1);
    // Dropped: 0.5 s, then 1 s, then 2 s before each new attempt.
    FakeSocket.made[0]!.onclose!();
    vi.advanceTimersByTime(499);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(2);
    FakeSocket.made[1]!.onclose!();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(3);
    FakeSocket.made[2]!.onopen!();
    expect(opens).toBe(2);
    FakeSocket.made[2]!.onclose!();
    vi.advanceTimersByTime(500);
    expect(FakeSocket.made).toHaveLength(4);
    stream.close();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(4);
    expect(statuses).toEqual(['connecting', 'open', 'closed', 'connecting', 'closed', 'connecting', 'open', 'closed', 'connecting', 'closed']);
  });
});
