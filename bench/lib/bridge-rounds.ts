/**
 * The bridge benchmark's steps, the same for every stack: pair a fresh radio once (the stack's
 * own network and database), then timed restarts against that radio, each followed by latency
 * samples. Every stack process and radio started here is stopped here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NetworkDefinition } from '@herdgate/virtual-radio';
import { startBenchRadio, type BenchRadio } from './bench-radio';
import type { StackDriver } from './bridge-stack';

/**
 * Bounds that grow with the network: on this shared machine pairing 1,000 devices took about
 * 574 s under load, and a restart of a network that size must not be cut by a limit meant for 200.
 */
export function limitsFor(devices: number): { pairingMs: number; restartMs: number; quietMaxMs: number } {
  return {
    pairingMs: Math.max(240_000, devices * 2_400),
    restartMs: Math.max(120_000, devices * 300),
    quietMaxMs: Math.max(60_000, devices * 120),
  };
}
const QUIET_MS = 3_000;
const SETTLE_MS = 2_000;
const SAMPLE_TIMEOUT_MS = 5_000;
const GAP_MS = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ieees = (network: NetworkDefinition) => network.devices.map((d) => d.ieee);

/** A stack paired with its own radio, ready for timed restarts. */
export interface PairedStack {
  driver: StackDriver;
  radio: BenchRadio;
  dataDir: string;
  /** Spawn → every device interviewed, on the first start (joins included; informative only). */
  pairingMs: number;
  dispose(): Promise<void>;
}

export async function pairStack(driver: StackDriver, network: NetworkDefinition, log: (line: string) => void): Promise<PairedStack> {
  const scratch = mkdtempSync(join(tmpdir(), 'herdgate-bench-bridge-'));
  const dataDir = join(scratch, 'data');
  const radio = await startBenchRadio(scratch, network, driver.protocol);
  const dispose = async () => {
    await radio.stop();
    rmSync(scratch, { recursive: true, force: true });
  };
  const limits = limitsFor(network.devices.length);
  try {
    log(`${driver.name}: pairing ${network.devices.length} devices on a fresh radio`);
    const stack = await driver.start({ radioPort: radio.port, dataDir, devices: ieees(network), pairing: true, timeoutMs: limits.pairingMs, log });
    try {
      log(`${driver.name}: ${network.devices.length} devices interviewed in ${(stack.startMs / 1000).toFixed(1)} s; waiting for the network to go quiet`);
      await quiet(radio, QUIET_MS, limits.quietMaxMs);
    } finally {
      await stack.stop();
    }
    return { driver, radio, dataDir, pairingMs: stack.startMs, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

export interface RoundFigures {
  startMs: number;
  /** RSS (MiB) once started and settled, and again after the latency samples. */
  rssIdleMiB: number;
  rssAfterMiB: number;
  /**
   * RSS after the samples and then `quietMs` without traffic (only when asked): long enough for
   * V8's memory reducer to give back the heap grown while starting, i.e. what a gateway left
   * running settles at. The +2 s figure catches both stacks at their start-up peak.
   */
  rssQuietMiB?: number;
  quietMs?: number;
  /** MQTT publish of a switch command → the radio sees the frame to the lamp (ms). */
  commandMs: number[];
  /** The contact sensor sends its zone status → its state message arrives on MQTT (ms). */
  reportMs: number[];
}

export interface RoundOptions {
  network: NetworkDefinition;
  lamp: string;
  contact: string;
  samples: number;
  /** Idle time after the samples before `rssQuietMiB` is read; none = not measured. */
  quietMs?: number;
  log?(line: string): void;
}

export async function measureRound(paired: PairedStack, options: RoundOptions): Promise<RoundFigures> {
  const { radio } = paired;
  const devices = ieees(options.network);
  const stack = await paired.driver.start({
    radioPort: radio.port,
    dataDir: paired.dataDir,
    devices,
    pairing: false,
    timeoutMs: limitsFor(devices.length).restartMs,
    log: options.log,
  });
  try {
    await sleep(SETTLE_MS);
    const rssIdleMiB = stack.process.rssMiB();
    const commandMs: number[] = [];
    const reportMs: number[] = [];
    for (let i = 0; i < options.samples; i++) {
      const on = !radio.attribute(options.lamp, 'genOnOff', 'onOff');
      const frame = radio.nextFrameTo(options.lamp, SAMPLE_TIMEOUT_MS);
      const state = stack.waitOn(options.lamp, on, SAMPLE_TIMEOUT_MS);
      const sent = performance.now();
      await stack.publishOn(options.lamp, on);
      commandMs.push((await frame) - sent);
      await state;
      await sleep(GAP_MS);

      const open = !isOpen(radio, options.contact);
      const arrived = stack.waitContact(options.contact, open, SAMPLE_TIMEOUT_MS);
      const acted = performance.now();
      radio.act(options.contact, open ? 'open' : 'close');
      reportMs.push((await arrived) - acted);
      await sleep(GAP_MS);
    }
    const rssAfterMiB = stack.process.rssMiB();
    if (options.quietMs === undefined) return { startMs: stack.startMs, rssIdleMiB, rssAfterMiB, commandMs, reportMs };
    await sleep(options.quietMs);
    return { startMs: stack.startMs, rssIdleMiB, rssAfterMiB, rssQuietMiB: stack.process.rssMiB(), quietMs: options.quietMs, commandMs, reportMs };
  } finally {
    await stack.stop();
  }
}

/** The contact sensor's real state at the radio (zone status bit 0). */
export function isOpen(radio: BenchRadio, ieee: string): boolean {
  return (Number(radio.attribute(ieee, 'ssIasZone', 'zoneStatus') ?? 0) & 1) === 1;
}

/** Waits until the host has sent nothing for `quietMs` (configure, reads) — bounded. */
async function quiet(radio: BenchRadio, quietMs: number, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() - radio.lastFrameAt() < quietMs) {
    if (performance.now() > deadline) throw new Error(`the host kept sending frames for ${timeoutMs} ms after pairing`);
    await sleep(250);
  }
}
