import { describe, expect, it } from 'vitest';
import { SerialQueue } from './serial-queue';
import { StoreUnavailableError } from './unavailable';

describe('serial queue', () => {
  it('should refuse jobs past its bound at once and take new ones when it drains', async () => {
    const queue = new SerialQueue({ maxWaiting: 2, timeoutMs: 5_000 });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const running = queue.run(() => gate);
    await new Promise((resolve) => setTimeout(resolve, 0)); // the first job is running, not waiting
    const waiting = [queue.run(async () => 1), queue.run(async () => 2)];
    await expect(queue.run(async () => 3)).rejects.toMatchObject({ reason: 'queue full' });
    open();
    await running;
    expect(await Promise.all(waiting)).toEqual([1, 2]);
    expect(await queue.run(async () => 4)).toBe(4);
  });

  it('should stop a caller waiting past the timeout but keep the order of the jobs', async () => {
    const queue = new SerialQueue({ timeoutMs: 50 });
    const order: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const stuck = queue.run(async () => {
      await gate;
      order.push('stuck');
    });
    const after = queue.run(async () => {
      order.push('after');
    });
    await expect(stuck).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(after).rejects.toMatchObject({ reason: 'timeout' });
    expect(order).toEqual([]);
    open();
    await queue.idle();
    expect(order).toEqual(['stuck', 'after']);
  });
});
