import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCommandQueue, type QueuedCommand, type QueueOptions } from '../src/commands/index';
import { RadioError } from '../src/zigbee/radio-error';

const options: QueueOptions = { maxInFlight: 1, timeoutMs: 1_000, groupDelayMs: 50, broadcastBudget: { max: 3, windowMs: 900 } };

/** A fake radio: records what was sent and lets the test decide when each send completes. */
function fakeRadio() {
  const sent: string[] = [];
  const open = new Map<string, { resolve: () => void; reject: (e: unknown) => void }>();
  const command = (description: string, extra: Partial<QueuedCommand> = {}): QueuedCommand => ({
    lane: { kind: 'device', ieee: '0x01' },
    target: '0x01/11',
    keys: [],
    description,
    send: () =>
      new Promise<void>((resolve, reject) => {
        sent.push(description);
        open.set(description, { resolve, reject });
      }),
    ...extra,
  });
  const ack = (description: string) => open.get(description)!.resolve();
  const fail = (description: string, err: unknown) => open.get(description)!.reject(err);
  return { sent, command, ack, fail };
}

const instant = (description: string, extra: Partial<QueuedCommand>): QueuedCommand => ({
  lane: { kind: 'group' },
  target: 'group/1',
  keys: [],
  description,
  send: async () => {},
  ...extra,
});

describe('command queue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should keep at most maxInFlight frames in flight per device', async () => {
    const radio = fakeRadio();
    const queue = createCommandQueue(options);
    const a = queue.submit(radio.command('on'));
    const b = queue.submit(radio.command('bri=10', { keys: ['bri'] }));
    expect(radio.sent).toEqual(['on']);
    expect(queue.depth()).toBe(2);
    radio.ack('on');
    await expect(a).resolves.toEqual({ status: 'acknowledged', description: 'on' });
    expect(radio.sent).toEqual(['on', 'bri=10']);
    radio.ack('bri=10');
    await b;
    expect(queue.depth()).toBe(0);
  });

  it('should answer superseded values of the same attribute and send only the latest', async () => {
    const radio = fakeRadio();
    const queue = createCommandQueue(options);
    const first = queue.submit(radio.command('bri=1', { keys: ['bri'] }));
    const middle = queue.submit(radio.command('bri=2', { keys: ['bri'] }));
    const last = queue.submit(radio.command('bri=3', { keys: ['bri'] }));
    await expect(middle).resolves.toMatchObject({ status: 'failed', reason: 'superseded', message: 'bri=2: replaced by bri=3' });
    radio.ack('bri=1');
    await first;
    radio.ack('bri=3');
    await expect(last).resolves.toMatchObject({ status: 'acknowledged' });
    expect(radio.sent).toEqual(['bri=1', 'bri=3']);
  });

  it('should not supersede a command that sets more than the newer one', async () => {
    const radio = fakeRadio();
    const queue = createCommandQueue(options);
    void queue.submit(radio.command('busy'));
    const both = queue.submit(radio.command('on+bri', { keys: ['on', 'bri'] }));
    const bri = queue.submit(radio.command('bri', { keys: ['bri'] }));
    const other = queue.submit(radio.command('bri other ep', { keys: ['bri'], target: '0x01/12' }));
    expect(queue.depth()).toBe(4);
    radio.ack('busy');
    await vi.advanceTimersByTimeAsync(0);
    radio.ack('on+bri');
    await expect(both).resolves.toMatchObject({ status: 'acknowledged' });
    radio.ack('bri');
    await bri;
    radio.ack('bri other ep');
    await other;
  });

  it('should report a classified radio failure with what was attempted', async () => {
    const radio = fakeRadio();
    const queue = createCommandQueue(options);
    const result = queue.submit(radio.command('set state 0x01 ep 11 on=true'));
    radio.fail('set state 0x01 ep 11 on=true', new RadioError('MAC no-ack after 2 tries', 'no_ack'));
    await expect(result).resolves.toEqual({
      status: 'failed',
      reason: 'no_ack',
      description: 'set state 0x01 ep 11 on=true',
      message: 'set state 0x01 ep 11 on=true: MAC no-ack after 2 tries',
    });
  });

  it('should fail with timeout when the radio never answers, and free the slot', async () => {
    const radio = fakeRadio();
    const queue = createCommandQueue(options);
    const stuck = queue.submit(radio.command('stuck'));
    const next = queue.submit(radio.command('next'));
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(stuck).resolves.toMatchObject({ status: 'failed', reason: 'timeout' });
    expect(radio.sent).toEqual(['stuck', 'next']);
    radio.ack('next');
    await next;
  });

  it('should not let two values for one attribute cross: the second waits for the first to settle', async () => {
    const radio = fakeRadio();
    const queue = createCommandQueue({ ...options, maxInFlight: 2 });
    const first = queue.submit(radio.command('on bri=1', { keys: ['state', 'brightness'] }));
    const other = queue.submit(radio.command('ct=300', { keys: ['color_temp'] }));
    const second = queue.submit(radio.command('bri=2', { keys: ['brightness'] }));
    // The colour goes alongside; the second brightness waits although a slot is free.
    expect(radio.sent).toEqual(['on bri=1', 'ct=300']);
    radio.ack('ct=300');
    await other;
    expect(radio.sent).toEqual(['on bri=1', 'ct=300']);
    radio.ack('on bri=1');
    await first;
    expect(radio.sent).toEqual(['on bri=1', 'ct=300', 'bri=2']);
    radio.ack('bri=2');
    await expect(second).resolves.toMatchObject({ status: 'acknowledged' });
  });

  it('should hold a timed-out command keys until the radio settles it, so a retry cannot land after a newer value', async () => {
    const radio = fakeRadio();
    const queue = createCommandQueue({ ...options, maxInFlight: 2 });
    const stuck = queue.submit(radio.command('bri=1', { keys: ['brightness'] }));
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(stuck).resolves.toMatchObject({ status: 'failed', reason: 'timeout' });
    const newer = queue.submit(radio.command('bri=2', { keys: ['brightness'] }));
    const unrelated = queue.submit(radio.command('ct=300', { keys: ['color_temp'] }));
    await vi.advanceTimersByTimeAsync(10);
    // The slot is free (the unrelated command went) but brightness waits for the late frame.
    expect(radio.sent).toEqual(['bri=1', 'ct=300']);
    radio.ack('bri=1');
    await vi.advanceTimersByTimeAsync(0);
    expect(radio.sent).toEqual(['bri=1', 'ct=300', 'bri=2']);
    radio.ack('bri=2');
    radio.ack('ct=300');
    await expect(newer).resolves.toMatchObject({ status: 'acknowledged' });
    await unrelated;
  });

  it('should let a timed-out command keys go after another timeout if the radio never settles it', async () => {
    const radio = fakeRadio();
    const queue = createCommandQueue(options);
    void queue.submit(radio.command('bri=1', { keys: ['brightness'] }));
    await vi.advanceTimersByTimeAsync(1_000);
    const newer = queue.submit(radio.command('bri=2', { keys: ['brightness'] }));
    await vi.advanceTimersByTimeAsync(999);
    expect(radio.sent).toEqual(['bri=1']);
    await vi.advanceTimersByTimeAsync(1);
    expect(radio.sent).toEqual(['bri=1', 'bri=2']);
    radio.ack('bri=2');
    await expect(newer).resolves.toMatchObject({ status: 'acknowledged' });
  });

  it('should pace groupcasts by groupDelayMs and report them as sent', async () => {
    const queue = createCommandQueue(options);
    const times: number[] = [];
    const start = Date.now();
    const results = [1, 2, 3].map((n) =>
      queue.submit(
        instant(`group ${n}`, {
          target: `group/${n}`,
          send: async () => {
            times.push(Date.now() - start);
          },
        }),
      ),
    );
    await vi.advanceTimersByTimeAsync(200);
    expect(times).toEqual([0, 50, 100]);
    expect(await results[0]).toEqual({ status: 'sent', description: 'group 1' });
  });

  it('should keep broadcasts within the budget and queue the rest', async () => {
    const queue = createCommandQueue(options);
    const times: number[] = [];
    const start = Date.now();
    for (let n = 0; n < 5; n += 1) {
      void queue.submit(
        instant(`bc ${n}`, {
          lane: { kind: 'broadcast' },
          target: 'bc',
          send: async () => {
            times.push(Date.now() - start);
          },
        }),
      );
    }
    await vi.advanceTimersByTimeAsync(100);
    expect(times).toEqual([0, 0, 0]);
    expect(queue.depth()).toBe(2);
    await vi.advanceTimersByTimeAsync(900);
    expect(times).toEqual([0, 0, 0, 900, 900]);
  });

  it('should fail waiting commands as offline on stop', async () => {
    const radio = fakeRadio();
    const queue = createCommandQueue(options);
    void queue.submit(radio.command('in flight'));
    const waiting = queue.submit(radio.command('waiting'));
    queue.stop();
    await expect(waiting).resolves.toMatchObject({ status: 'failed', reason: 'offline' });
    await expect(queue.submit(radio.command('late'))).resolves.toMatchObject({ reason: 'offline' });
  });

  it('should refuse commands with busy past the waiting limit, and take them again once it drains', async () => {
    const radio = fakeRadio();
    const queue = createCommandQueue({ ...options, limits: { waiting: 3, groupWaiting: 2 } });
    const first = queue.submit(radio.command('c0'));
    const waiting = [1, 2, 3].map((n) => queue.submit(radio.command(`c${n}`, { keys: [`k${n}`] })));
    await expect(queue.submit(radio.command('c4'))).resolves.toMatchObject({ status: 'failed', reason: 'busy', message: 'c4: 3 commands already waiting' });
    // A newer value of the same item replaces a waiting one instead of being refused.
    const slider = queue.submit(radio.command('k3=9', { keys: ['k3'] }));
    await expect(waiting[2]).resolves.toMatchObject({ reason: 'superseded' });
    expect(queue.depth()).toBe(4);
    radio.ack('c0');
    await first;
    expect(radio.sent).toEqual(['c0', 'c1']);
    // One left the waiting list: one more is taken, the next refused.
    const c5 = queue.submit(radio.command('c5'));
    await expect(queue.submit(radio.command('c6'))).resolves.toMatchObject({ reason: 'busy' });
    for (const name of ['c1', 'c2', 'k3=9', 'c5']) {
      await vi.waitFor(() => expect(radio.sent).toContain(name));
      radio.ack(name);
    }
    await expect(Promise.all([waiting[0], waiting[1], slider, c5])).resolves.toHaveLength(4);
  });

  it('should bound the group lane on its own', async () => {
    const queue = createCommandQueue({ ...options, limits: { waiting: 100, groupWaiting: 2 } });
    const sent = [1, 2, 3].map((n) => queue.submit(instant(`g${n}`, { target: `group/${n}` })));
    await expect(queue.submit(instant('g4', { target: 'group/4' }))).resolves.toMatchObject({
      reason: 'busy',
      message: 'g4: 2 group commands already waiting',
    });
    await vi.advanceTimersByTimeAsync(200);
    expect((await Promise.all(sent)).map((o) => o.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('should answer expired and never send a command still waiting when it expires', async () => {
    const radio = fakeRadio();
    const queue = createCommandQueue(options);
    const blocker = queue.submit(radio.command('slow'));
    const late = queue.submit(radio.command('late', { expiresAt: Date.now() + 500 }));
    const fine = queue.submit(radio.command('fine', { expiresAt: Date.now() + 5_000 }));
    await vi.advanceTimersByTimeAsync(600);
    radio.ack('slow');
    await blocker;
    await expect(late).resolves.toMatchObject({ status: 'failed', reason: 'expired' });
    expect(radio.sent).toEqual(['slow', 'fine']);
    radio.ack('fine');
    await expect(fine).resolves.toMatchObject({ status: 'acknowledged' });
  });
});
