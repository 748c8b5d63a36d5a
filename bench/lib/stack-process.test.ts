import { describe, expect, it } from 'vitest';
import { spawnStack } from './stack-process';

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
});
