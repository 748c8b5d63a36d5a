import { RadioError } from '../../src/zigbee/radio-error';
import type { DeviceOta, OtaEventMap, OtaRun, ZigbeeDevice } from '../../src/zigbee/index';

/**
 * The OTA side of the fake radio: each device given a client here runs `installed` and the sources
 * hold `image` for it. An update sends the image in `steps` progress reports (one per macrotask,
 * or one per `step()` call when `manual`), then the device runs it. `behaviour` plays a device
 * that refuses the image, stops mid-transfer, or does not answer; `abort` ends a transfer aborted.
 */
export interface FakeOtaClient {
  installed: number;
  image?: { fileVersion: number; size: number };
  behaviour?: 'ok' | 'refuse' | 'stall' | 'silent';
  /** Progress reports stay until the test calls `step()`. */
  manual?: boolean;
}

export interface FakeOta extends DeviceOta {
  clients: Map<string, FakeOtaClient>;
  /** Sends the next block report of every manual transfer. */
  step(): void;
  /** The device asks for an image on its own (a sleepy device's check-in). */
  query(ieee: string): void;
}

type Emit = <K extends keyof OtaEventMap>(event: K, payload: OtaEventMap[K]) => void;

export function createFakeOta(emit: Emit, device: (ieee: string) => ZigbeeDevice | undefined): FakeOta {
  const clients = new Map<string, FakeOtaClient>();
  const scheduled = new Set<string>();
  const running = new Map<string, { abort(): void; step(): void }>();
  let active = false;

  const clientOf = (ieee: string) => {
    const client = clients.get(ieee);
    if (!device(ieee) || !client) throw new RadioError(`device ${ieee} has no OTA client`, 'unsupported');
    return client;
  };
  const checkOf = (client: FakeOtaClient) => ({
    installed: client.installed,
    ...(client.image
      ? { image: { manufacturerCode: 0x100b, imageType: 1, fileVersion: client.image.fileVersion, size: client.image.size, source: 'fake.ota' } }
      : {}),
    available: client.image !== undefined && client.image.fileVersion > client.installed,
  });

  const run = (ieee: string, isScheduled: boolean): OtaRun => {
    const client = clientOf(ieee);
    const from = client.installed;
    let start!: (v: { from: number; to: number; size: number }) => void;
    let fail!: (err: unknown) => void;
    const started = new Promise<{ from: number; to: number; size: number }>((resolve, reject) => {
      start = resolve;
      fail = reject;
    });
    started.catch(() => {});
    const finish = (ok: boolean, error?: RadioError) => {
      running.delete(ieee);
      if (ok) scheduled.delete(ieee);
      emit('otaDone', {
        ieee,
        ok,
        from,
        to: ok ? client.installed : null,
        ...(error ? { reason: error.reason, message: error.message } : {}),
        scheduled: isScheduled,
      });
    };
    const done = new Promise<{ from: number; to: number }>((resolve, reject) => {
      const refuse = (error: RadioError) => {
        finish(false, error);
        fail(error);
        reject(error);
      };
      const behaviour = client.behaviour ?? 'ok';
      if (behaviour === 'silent') return refuse(new RadioError(`update ${ieee}: the device did not answer the image notify`, 'no_ack'));
      if (!client.image || client.image.fileVersion <= client.installed) {
        if (isScheduled) scheduled.delete(ieee);
        return refuse(new RadioError(`update ${ieee}: no newer image in the sources`, 'no_image'));
      }
      if (behaviour === 'refuse') return refuse(new RadioError(`update ${ieee}: the device refused the image`, 'refused'));
      const { fileVersion: to, size } = client.image;
      let steps = 0;
      let aborted = false;
      const next = () => {
        if (aborted) return refuse(new RadioError(`update ${ieee}: aborted`, 'aborted'));
        steps += 1;
        if (behaviour === 'stall' && steps > 2)
          return refuse(new RadioError(`update ${ieee}: the transfer stopped after ${Math.round(size / 2)} bytes`, 'transfer_failed'));
        if (steps > 4) {
          client.installed = to;
          finish(true);
          return resolve({ from, to });
        }
        emit('otaProgress', { ieee, percent: steps * 25, remaining: 4 - steps, sent: Math.round((size * steps) / 4), size });
        if (!client.manual) setImmediate(next);
      };
      running.set(ieee, {
        abort: () => {
          aborted = true;
          if (client.manual) next();
        },
        step: next,
      });
      emit('otaStarted', { ieee, from, to, size });
      start({ from, to, size });
      if (!client.manual) setImmediate(next);
    });
    done.catch(() => {});
    return { started, done };
  };

  return {
    clients,
    step() {
      for (const transfer of [...running.values()]) transfer.step();
    },
    query(ieee) {
      const client = clientOf(ieee);
      if (scheduled.has(ieee)) run(ieee, true);
      else emit('otaQuery', { ieee, check: checkOf(client) });
    },
    supports: (ieee) => device(ieee) !== undefined && clients.has(ieee),
    sleepy: (ieee) => device(ieee)?.type === 'EndDevice',
    async check(ieee) {
      const client = clientOf(ieee);
      if (client.behaviour === 'silent') throw new RadioError(`check ${ieee}: the device did not answer the image notify`, 'no_ack');
      return checkOf(client);
    },
    async known(ieee) {
      return checkOf(clientOf(ieee));
    },
    update: (ieee) => run(ieee, false),
    async schedule(ieee) {
      clientOf(ieee);
      scheduled.add(ieee);
    },
    unschedule: (ieee) => scheduled.delete(ieee),
    scheduled: (ieee) => scheduled.has(ieee),
    busy: (ieee) => running.has(ieee),
    abort(ieee) {
      const transfer = running.get(ieee);
      transfer?.abort();
      return transfer !== undefined;
    },
    setActive(value) {
      active = value;
      void active;
    },
  };
}
