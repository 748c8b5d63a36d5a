import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { uniqueResidentMiB } from './footprint';
import { readRssMiB } from './stack-process';

describe('footprint', () => {
  it('should count pages two node processes share once, below the sum of their VmRSS', async (ctx) => {
    const children = [0, 1].map(() =>
      spawn(process.execPath, ['-e', 'process.stdout.write("up\\n"); setInterval(() => {}, 1000)'], { stdio: ['ignore', 'pipe', 'ignore'] }),
    );
    try {
      await Promise.all(children.map((child) => once(child.stdout!, 'data')));
      const pids = children.map((child) => child.pid!);
      const one = uniqueResidentMiB([pids[0]!]);
      // Frame numbers are hidden without CAP_SYS_ADMIN: then there is nothing to check here.
      if (one === undefined) return ctx.skip();
      const both = uniqueResidentMiB(pids)!;
      const rssSum = pids.reduce((sum, pid) => sum + readRssMiB(pid), 0);
      expect(Math.abs(one - readRssMiB(pids[0]!))).toBeLessThan(2);
      expect(both).toBeGreaterThan(one);
      expect(both).toBeLessThan(rssSum - 10);
    } finally {
      for (const child of children) child.kill('SIGKILL');
    }
  });
});
