import type { Logger } from 'pino';
import type { OtaAction, OtaState } from '@herdgate/shared/mqtt';
import type { Bus } from '@herdgate/shared/bus';
import type { BridgeEventMap } from '../../events';
import type { OtaCheck, ZigbeeRadio } from '../../zigbee/index';
import { RadioError } from '../../zigbee/radio-error';

/**
 * The OTA state of every device that can be updated, and the actions on it. Both MQTT APIs (the
 * contract's `device/ota`, Zigbee2MQTT's `ota_update/*`) act through this one tracker, so a check
 * or update started on one is seen on the other. Every change goes out as `otaChanged` on the bus.
 */
export interface OtaTracker {
  /** The state of a device with an OTA client; undefined for one without. */
  state(ieee: string): OtaState | undefined;
  all(): Array<{ ieee: string; ota: OtaState }>;
  /** Runs an action; resolves once it took effect (an update: once the transfer began, or was scheduled). */
  act(ieee: string, action: OtaAction): Promise<OtaState>;
  /** The whole update of an awake device, for callers that answer only at its end (Zigbee2MQTT). */
  updateToEnd(ieee: string): Promise<{ from: number; to: number }>;
  forget(ieee: string): void;
  start(): void;
}

export function createOtaTracker(deps: { radio: ZigbeeRadio; bus: Bus<BridgeEventMap>; logger: Logger }): OtaTracker {
  const { radio, bus } = deps;
  const log = deps.logger.child({ feature: 'ota' });
  const states = new Map<string, OtaState>();

  const base = (ieee: string): OtaState => states.get(ieee) ?? { state: 'idle', installed: null, available: null, sleepy: radio.ota.sleepy(ieee) };
  /** idle / available / scheduled from the versions, when no transfer runs. */
  const resting = (ota: OtaState, ieee: string): OtaState['state'] => {
    if (radio.ota.scheduled(ieee)) return 'scheduled';
    return ota.available !== null && ota.installed !== null && ota.available > ota.installed ? 'available' : 'idle';
  };
  const set = (ieee: string, next: OtaState) => {
    states.set(ieee, next);
    bus.emit('otaChanged', { ieee, ota: next });
    return next;
  };
  const withoutProgress = ({ progress: _p, remaining: _r, size: _s, sent: _t, ...rest }: OtaState): OtaState => rest;
  const fromCheck = (ieee: string, check: OtaCheck): OtaState => {
    const current = base(ieee);
    const next = { ...current, installed: check.installed ?? current.installed, available: check.image?.fileVersion ?? null };
    return set(ieee, current.state === 'updating' ? next : { ...next, state: resting(next, ieee) });
  };
  const requireSupport = (ieee: string) => {
    if (!radio.device(ieee)) throw new RadioError(`device ${ieee} is not known to this bridge`, 'unsupported');
    if (!radio.ota.supports(ieee)) throw new RadioError(`device ${ieee} has no OTA client: it cannot be updated`, 'unsupported');
  };
  const track = (ieee: string) => {
    if (radio.isUp() && radio.ota.supports(ieee) && !states.has(ieee)) set(ieee, { ...base(ieee), state: resting(base(ieee), ieee) });
  };

  const begin = (ieee: string) => {
    const run = radio.ota.update(ieee);
    return run;
  };

  return {
    state: (ieee) => states.get(ieee),
    all: () => [...states].map(([ieee, ota]) => ({ ieee, ota })),
    forget(ieee) {
      states.delete(ieee);
    },
    start() {
      for (const device of radio.devices()) track(device.ieee);
      radio.on('deviceInterview', ({ ieee, status }) => {
        if (status === 'successful') track(ieee);
      });
      radio.on('otaQuery', ({ ieee, check }) => fromCheck(ieee, check));
      radio.on('otaStarted', ({ ieee, from, to, size }) =>
        set(ieee, { ...base(ieee), state: 'updating', installed: from, available: to, progress: 0, remaining: 0, size, sent: 0 }),
      );
      radio.on('otaProgress', ({ ieee, percent, remaining, sent, size }) =>
        set(ieee, { ...base(ieee), state: 'updating', progress: percent, remaining, sent, size }),
      );
      radio.on('otaDone', ({ ieee, ok, from, to, reason, message }) => {
        const current = withoutProgress(base(ieee));
        const at = new Date().toISOString();
        const next: OtaState = ok
          ? { ...current, installed: to, result: { ok: true, at, from, to } }
          : { ...current, result: { ok: false, at, from, to, error: { code: reason ?? 'transfer_failed', message: message ?? 'update failed' } } };
        set(ieee, { ...next, state: resting(next, ieee) });
        log.info({ ieee, ok, from, to, reason }, ok ? 'device firmware updated' : 'device firmware update failed');
      });
    },
    async act(ieee, action) {
      requireSupport(ieee);
      const current = base(ieee);
      const running = radio.ota.busy(ieee);
      if (action === 'abort') {
        if (!radio.ota.abort(ieee)) throw new RadioError(`abort ${ieee}: no transfer of this device is running`, 'unsupported');
        return base(ieee);
      }
      if (running) throw new RadioError(`${action} ${ieee}: an OTA check or update of this device is running`, 'busy');
      switch (action) {
        case 'check':
          // A sleepy device hears no image notify: what it said at its last query is matched instead.
          return fromCheck(ieee, current.sleepy ? await radio.ota.known(ieee) : await radio.ota.check(ieee));
        case 'schedule':
          await radio.ota.schedule(ieee);
          return set(ieee, { ...withoutProgress(current), state: 'scheduled' });
        case 'unschedule': {
          radio.ota.unschedule(ieee);
          const next = withoutProgress(current);
          return set(ieee, { ...next, state: resting(next, ieee) });
        }
        case 'update': {
          if (current.sleepy) {
            await radio.ota.schedule(ieee);
            return set(ieee, { ...withoutProgress(current), state: 'scheduled' });
          }
          await begin(ieee).started;
          return base(ieee);
        }
      }
    },
    async updateToEnd(ieee) {
      requireSupport(ieee);
      if (radio.ota.busy(ieee)) throw new RadioError(`update ${ieee}: an OTA check or update of this device is running`, 'busy');
      return begin(ieee).done;
    },
  };
}
