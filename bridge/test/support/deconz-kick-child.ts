/**
 * Child process: one real zigbee-herdsman 11.1.1 Controller (deconz adapter) against a virtual radio,
 * with the bridge's deCONZ fast path installed, timing ZCL commands with the fast path on and off
 * interleaved (same process, radio, device and moment, so the two are comparable on a noisy machine).
 * Driven by `runKickRounds` (deconz-kick-rounds.ts): one `{args}` message in, one `{ok, result|error}`
 * out, then it stops the controller and exits itself (herdsman's timers outlive controller.stop()).
 */
import { join } from 'node:path';
import { Controller, setLogger } from 'zigbee-herdsman';
import type { Logger } from 'pino';
import { installDeconzKick } from '../../src/zigbee/deconz-kick';
import type { KickRoundsArgs, KickRoundsResult } from './deconz-kick-rounds';

const quiet = { debug: () => {}, info: () => {}, warning: () => {}, error: () => {} };
setLogger(quiet as never);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitInterview(interviewed: Set<string>, ieee: string, timeoutMs: number): Promise<void> {
  for (const end = Date.now() + timeoutMs; !interviewed.has(ieee); await sleep(10)) {
    if (Date.now() > end) throw new Error(`${ieee} not interviewed within ${timeoutMs} ms`);
  }
}

async function run(controller: Controller, args: KickRoundsArgs): Promise<KickRoundsResult> {
  const lines: string[] = [];
  const record = (msg: unknown) => lines.push(String(msg));
  const log = { debug: () => {}, info: record, warn: record } as unknown as Pick<Logger, 'debug' | 'info' | 'warn'>;
  const interviewed = new Set<string>();
  controller.on('deviceInterview', (e) => {
    if (e.status === 'successful') interviewed.add(e.device.ieeeAddr);
  });
  await controller.start();
  const kick = installDeconzKick(controller, { adapter: 'deconz', enabled: true, log });
  const ieee = `0x${args.ieee}`;
  await controller.permitJoin(60);
  await waitInterview(interviewed, ieee, args.interviewTimeoutMs);
  await controller.permitJoin(0);
  const endpoint = controller.getDeviceByIeeeAddr(ieee)!.getEndpoint(args.endpoint)!;
  const on: number[] = [];
  const off: number[] = [];
  for (let i = 0; i < args.rounds * 2; i++) {
    const fast = i % 2 === 0;
    kick?.setEnabled(fast);
    // No gap means back to back: the next command is queued as the last one returns, not a timer later.
    if (args.maxGapMs > 0) await sleep(args.minGapMs + Math.random() * (args.maxGapMs - args.minGapMs));
    const t0 = performance.now();
    await endpoint.command('genOnOff', 'toggle', {}, {});
    (fast ? on : off).push(performance.now() - t0);
  }
  return { installed: kick !== undefined, lines, on, off, stats: kick?.stats() ?? { kicks: 0, skipped: 0 } };
}

process.once('message', (message: { args: KickRoundsArgs }) => {
  const { args } = message;
  const controller = new Controller({
    network: {
      panID: 0x1a63,
      extendedPanID: [0xdd, 0xdd, 0xdd, 0xdd, 0xdd, 0xdd, 0xdd, 0xde],
      channelList: [15],
      networkKey: [2, 3, 5, 7, 9, 11, 13, 15, 0, 2, 4, 6, 8, 10, 12, 13],
    },
    databasePath: join(args.dir, 'database.db'),
    databaseBackupPath: join(args.dir, 'database.db.backup'),
    backupPath: join(args.dir, 'coordinator_backup.json'),
    transport: { path: `tcp://127.0.0.1:${args.port}`, adapter: 'deconz' },
    adapter: { disableLED: true },
    acceptJoiningDeviceHandler: async () => true,
  });
  const finish = async (reply: unknown) => {
    await new Promise<void>((resolve) => process.send?.(reply, undefined, undefined, () => resolve()) ?? resolve());
    setTimeout(() => process.exit(0), 5_000).unref();
    await controller.stop().catch(() => {});
    process.exit(0);
  };
  run(controller, args).then(
    (result) => finish({ ok: true, result }),
    (err: Error) => finish({ ok: false, error: err.message }),
  );
});
process.on('disconnect', () => process.exit(0));
