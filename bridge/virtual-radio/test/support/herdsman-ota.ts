/**
 * herdsman's own OTA flow, as Zigbee2MQTT drives it, for the driver child: `otaStart` runs
 * `Device.updateOta` with a firmware file (notify, query, blocks, end); `otaSchedule` makes the
 * device's next Query Next Image Request start it (how a sleepy device is reached); `otaResult`
 * waits for the outcome with the progress herdsman reported; `otaAbort` aborts.
 */
import type { Models } from 'zigbee-herdsman';

type Device = Models.Device;

type Args = Record<string, unknown>;
interface Run {
  done?: { ok: true; from: unknown; to: unknown } | { ok: false; error: string };
  progress: Array<[number, number | undefined]>;
}

const runs = new Map<string, Run>();
const scheduled = new Map<string, Args>();

function start(device: Device, ieee: string, args: Args, request?: { payload: unknown; tsn: number }): void {
  const run: Run = { progress: [] };
  runs.set(ieee, run);
  const settings = { requestTimeout: 10_000, responseDelay: 0, baseSize: 50, ...(args.dataSettings as object) };
  const source = args.file === undefined ? undefined : { url: String(args.file) };
  device
    .updateOta(source, request?.payload as never, request?.tsn, {}, (progress, remaining) => run.progress.push([progress, remaining]), settings)
    .then(
      ([from, to]) => (run.done = { ok: true, from, to }),
      (error: Error) => (run.done = { ok: false, error: error.message }),
    );
}

export function otaOps(device: (ieee: string) => Device): Record<string, (args: Args) => Promise<unknown>> {
  return {
    async otaStart(args) {
      start(device(String(args.ieee)), String(args.ieee), args);
      return true;
    },
    async otaSchedule(args) {
      const ieee = String(args.ieee);
      device(ieee).scheduleOta({ url: String(args.file) });
      scheduled.set(ieee, args);
      return true;
    },
    async otaAbort(args) {
      device(String(args.ieee)).abortOta();
      return true;
    },
    async otaResult(args) {
      const ieee = String(args.ieee);
      const end = Date.now() + Number(args.timeoutMs ?? 20_000);
      for (;;) {
        const run = runs.get(ieee);
        if (run?.done) return { ...run.done, progress: run.progress, scheduled: device(ieee).scheduledOta !== undefined };
        if (Date.now() > end)
          throw new Error(`no OTA result for ${ieee} within ${Number(args.timeoutMs ?? 20_000)} ms (progress ${JSON.stringify(run?.progress)})`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

/** On a device's own Query Next Image Request: a scheduled update starts from it, as in Zigbee2MQTT. */
export function onOtaMessage(msg: { type: string; device: Device; data: unknown; meta: { zclTransactionSequenceNumber?: number } }): void {
  if (msg.type !== 'commandQueryNextImageRequest') return;
  const ieee = msg.device.ieeeAddr.slice(2);
  const args = scheduled.get(ieee);
  if (!args || msg.device.scheduledOta === undefined || msg.device.otaInProgress) return;
  scheduled.delete(ieee);
  start(msg.device, ieee, { ...args, file: undefined }, { payload: msg.data, tsn: msg.meta.zclTransactionSequenceNumber ?? 0 });
}
