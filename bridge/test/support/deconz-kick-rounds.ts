/**
 * Runs the deCONZ fast-path comparison: a virtual radio in this process with one colour bulb in its
 * pairing pool, real herdsman in a child (deconz-kick-child.ts) that pairs it and times `genOnOff
 * toggle` round trips with the fast path on and off interleaved. Shared by the integration test and
 * the virtual-radio benchmark. Everything it starts, it stops; every wait is bounded.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startVirtualRadio, createDeviceFactory } from '@herdgate/virtual-radio';
import type { DeconzKickStats } from '../../src/zigbee/deconz-kick';

const CHILD = fileURLToPath(new URL('./deconz-kick-child.ts', import.meta.url));

export interface KickRoundsArgs {
  port: number;
  dir: string;
  ieee: string;
  endpoint: number;
  /** Commands per side (on and off each get this many, interleaved). */
  rounds: number;
  /** Random idle gap before each command, uniform in [minGapMs, maxGapMs]. */
  minGapMs: number;
  maxGapMs: number;
  interviewTimeoutMs: number;
}

export interface KickRoundsResult {
  installed: boolean;
  /** The install's log lines (info/warn). */
  lines: string[];
  /** Round trips in ms with the fast path on, and off (plain herdsman). */
  on: number[];
  off: number[];
  stats: DeconzKickStats;
}

export interface KickRoundsOptions {
  rounds: number;
  minGapMs: number;
  maxGapMs: number;
  timeoutMs?: number;
}

export async function runKickRounds(options: KickRoundsOptions): Promise<KickRoundsResult> {
  const dir = mkdtempSync(join(tmpdir(), 'herdgate-kick-'));
  const ieee = '00178801000ab0b1';
  const radio = await startVirtualRadio({ factory: createDeviceFactory(), network: { devices: [{ model: 'LCT015', ieee }] } });
  const child = fork(CHILD, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const timeoutMs = options.timeoutMs ?? 60_000;
  try {
    const args: KickRoundsArgs = {
      port: radio.port,
      dir,
      ieee,
      endpoint: 11,
      rounds: options.rounds,
      minGapMs: options.minGapMs,
      maxGapMs: options.maxGapMs,
      interviewTimeoutMs: 20_000,
    };
    const reply = await new Promise<{ ok: boolean; result?: KickRoundsResult; error?: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`fast-path rounds did not finish within ${timeoutMs} ms`)), timeoutMs);
      child.once('message', (m) => {
        clearTimeout(timer);
        resolve(m as never);
      });
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error('fast-path child exited without an answer'));
      });
      child.send({ args });
    });
    if (!reply.ok || !reply.result) throw new Error(`fast-path child failed: ${reply.error}`);
    return reply.result;
  } finally {
    const timer = setTimeout(() => child.kill('SIGKILL'), 8_000);
    if (child.exitCode === null && child.signalCode === null) await exited;
    clearTimeout(timer);
    await radio.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
