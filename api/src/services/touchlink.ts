/**
 * Touchlink for the REST api: one operation at a time (scan, identify or reset), run by the bridge
 * over the MQTT contract. A scan is started and answered at once; its results appear when the
 * bridge finishes (about 11 s). While any operation runs the radio is off the network, so other
 * network requests are refused (see `touchlinkGuard`). Progress goes to the WebSocket as
 * `{"e":"changed","r":"touchlink","state":{…}}` and to the log.
 */
import { TOUCHLINK_ADAPTERS } from '@herdgate/shared/mqtt';
import type { Logger } from 'pino';
import type { EventHub } from '../events/types';
import { utcSeconds } from '../lib/timestamps';
import type { BridgeLink } from './bridge-link';
import type { Clock } from './clock';

export interface TouchlinkResult {
  address: string;
  channel: number;
  factorynew: boolean;
  panid: number;
  rssi: number;
}

export interface TouchlinkScan {
  scanstate: 'idle' | 'scanning';
  lastscan: string;
  result: Record<string, TouchlinkResult>;
}

/**
 * Why an operation cannot start or failed, as the deCONZ error the route answers: 3 an unknown
 * result id, 950 the bridge (so the Zigbee network) away, 951 busy, 901 anything else with the reason.
 */
export type TouchlinkRefusal = { ok: false; type: 3 | 901 | 950 | 951; reason: string };
export type TouchlinkOutcome = { ok: true } | TouchlinkRefusal;

export interface TouchlinkService {
  /** True while a scan, identify or reset runs. */
  busy(): boolean;
  scan(): TouchlinkScan;
  startScan(): TouchlinkOutcome;
  identify(id: string): Promise<TouchlinkOutcome>;
  reset(id: string): Promise<TouchlinkOutcome>;
}

/** The contract's codes for a failed action: the bridge lost on the way is "not connected" as before the start. */
const ACTION_ERRORS: Readonly<Record<string, 950 | 951>> = { not_connected: 950, busy: 951 };
const SCAN_TIMEOUT_MS = 40_000;
const ACTION_TIMEOUT_MS = 20_000;

export function createTouchlinkService(deps: { bridge: BridgeLink; events: EventHub; clock: Clock; logger: Logger }): TouchlinkService {
  const { bridge, events, clock } = deps;
  const log = deps.logger.child({ component: 'touchlink' });
  let running: string | undefined;
  let lastscan = '';
  let result: Record<string, TouchlinkResult> = {};
  const publish = (state: Record<string, unknown>) => events.publish({ t: 'event', e: 'changed', r: 'touchlink', state });

  /** Refuses when the radio cannot touchlink, is away, or is busy with another operation. */
  const refusal = (): TouchlinkRefusal | undefined => {
    if (running) return { ok: false, type: 951, reason: `a touchlink ${running} is running` };
    const info = bridge.connected() ? bridge.info() : undefined;
    if (!info) return { ok: false, type: 950, reason: 'the bridge is not connected' };
    const type = info.coordinator.type;
    if (!(TOUCHLINK_ADAPTERS as readonly string[]).includes(type)) {
      return {
        ok: false,
        type: 901,
        reason: `touchlink needs a coordinator that sends inter-PAN frames (adapters: ${TOUCHLINK_ADAPTERS.join(', ')}); this gateway's radio uses the ${type} adapter`,
      };
    }
    return undefined;
  };

  const act = async (kind: 'identify' | 'reset', id: string): Promise<TouchlinkOutcome> => {
    const target = result[id];
    if (!target) return { ok: false, type: 3, reason: `no touchlink result ${id}` };
    const refused = refusal();
    if (refused) return refused;
    running = kind;
    publish({ scanstate: 'idle', action: kind, address: target.address });
    try {
      const outcome = await bridge.request(`touchlink/${kind}`, { ieee: target.address, channel: target.channel }, ACTION_TIMEOUT_MS);
      if (outcome.status !== 'ok') {
        log.warn({ kind, address: target.address, code: outcome.code, reason: outcome.message }, 'touchlink action failed');
        return { ok: false, type: ACTION_ERRORS[outcome.code] ?? 901, reason: outcome.message };
      }
      log.info({ kind, address: target.address, channel: target.channel }, 'touchlink action done');
      return { ok: true };
    } finally {
      running = undefined;
    }
  };

  return {
    busy: () => running !== undefined,
    scan: () => ({ scanstate: running === 'scan' ? 'scanning' : 'idle', lastscan, result }),
    startScan() {
      const refused = refusal();
      if (refused) return refused;
      running = 'scan';
      log.info('touchlink scan started');
      publish({ scanstate: 'scanning' });
      void bridge
        .request('touchlink/scan', {}, SCAN_TIMEOUT_MS)
        .then(
          (outcome) => {
            if (outcome.status === 'ok') {
              result = Object.fromEntries(
                outcome.data.results.map((r, i) => [
                  String(i + 1),
                  { address: r.ieee, channel: r.channel, factorynew: r.factorynew, panid: r.panid, rssi: r.rssi },
                ]),
              );
              lastscan = utcSeconds(clock.now());
              log.info({ found: outcome.data.results.length }, 'touchlink scan finished');
            } else {
              log.warn({ code: outcome.code, reason: outcome.message }, 'touchlink scan failed');
            }
          },
          (err: unknown) => log.error({ err }, 'touchlink scan failed'),
        )
        .finally(() => {
          running = undefined;
          publish({ scanstate: 'idle', lastscan, found: Object.keys(result).length });
        });
      return { ok: true };
    },
    identify: (id) => act('identify', id),
    reset: (id) => act('reset', id),
  };
}
