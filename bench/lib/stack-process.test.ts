import { describe, expect, it } from 'vitest';
import { jsonLine, spawnStack } from './stack-process';

describe('stack process', () => {
  it('should read the RSS of a running child and stop it with SIGTERM', async () => {
    const proc = spawnStack(process.execPath, ['-e', 'setInterval(() => {}, 1000); console.log("up")'], { cwd: process.cwd(), env: process.env });
    await new Promise((resolve) => proc.child.stdout!.once('data', resolve));
    expect(proc.rssMiB()).toBeGreaterThan(5);
    expect(proc.output()).toContain('up');
    await proc.stop();
    expect(await proc.exited).toBe('SIGTERM');
    expect(proc.rssMiB()).toBeNaN();
  });

  it('should kill a child that ignores SIGTERM after the grace period', async () => {
    const proc = spawnStack(process.execPath, ['-e', 'process.on("SIGTERM", () => {}); setInterval(() => {}, 1000); console.log("up")'], {
      cwd: process.cwd(),
      env: process.env,
    });
    await new Promise((resolve) => proc.child.stdout!.once('data', resolve));
    await proc.stop(200);
    expect(await proc.exited).toBe('SIGKILL');
  });

  it('should find a ready line printed before or after it looks, and fail on exit without one', async () => {
    // The early line is followed by more output than the kept tail holds: it must still be found.
    const script =
      'console.log(JSON.stringify({ event: "early", port: 1 })); console.log("noise ".repeat(2000)); setTimeout(() => console.log(JSON.stringify({ event: "late", port: 2 })), 300); setTimeout(() => {}, 60000)';
    const proc = spawnStack(process.execPath, ['-e', script], { cwd: process.cwd(), env: process.env });
    try {
      expect(await jsonLine(proc, 'late', 10_000)).toEqual({ event: 'late', port: 2 });
      // Long past, and out of the tail: found among the event lines kept.
      expect(proc.output()).not.toContain('early');
      expect(await jsonLine(proc, 'early', 1_000)).toEqual({ event: 'early', port: 1 });
    } finally {
      await proc.stop();
    }
    const quiet = spawnStack(process.execPath, ['-e', 'console.log("no ready line")'], { cwd: process.cwd(), env: process.env });
    await expect(jsonLine(quiet, 'ready', 10_000)).rejects.toThrow(/exited with 0 before its ready line/);
  });
});
