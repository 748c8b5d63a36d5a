import type { ErrorType } from '@herdgate/shared/errors';
import type { RadioIdentity, RadioMemory } from '../bridge-link/radio-memory';
import type { Store } from '../store/types';
import type { BridgeLink } from './bridge-link';
import type { Clock } from './clock';

/** What the radio reports about itself (its identity, and whether it is up now); the config route shows it. */
export interface RadioSnapshot extends RadioIdentity {
  rfconnected: boolean;
  /** Seconds the network stays open for joining; 0 when closed. */
  permitjoin: number;
}

export interface RadioInfo {
  snapshot(): RadioSnapshot;
}

/** What really happened to a radio command: done, or refused with the deCONZ error to answer. */
export type RadioOutcome = { ok: true } | { ok: false; type: Extract<ErrorType, 901 | 950 | 951>; reason: string };

/** Commands for the radio; the bridge link implements them over MQTT. */
export interface RadioControl {
  setPermitJoin(seconds: number): Promise<RadioOutcome>;
  setChannel(channel: number): Promise<RadioOutcome>;
  setConnected(connected: boolean): Promise<RadioOutcome>;
}

const DONE: RadioOutcome = { ok: true };

/**
 * Until a bridge is linked the api reports the stored identity and the last requested settings,
 * in the forms clients parse (bridge id 16 upper-case hex, lower-case colon MAC).
 */
export function createPlaceholderRadioInfo(store: Store): RadioInfo {
  return {
    snapshot() {
      const identity = store.identity();
      const settings = store.settings();
      return {
        bridgeid: identity.bridgeid,
        mac: identity.mac,
        panid: identity.panid,
        zigbeechannel: settings.zigbeechannel,
        fwversion: '0x00000000',
        devicename: 'ConBee II',
        rfconnected: settings.rfconnected,
        permitjoin: settings.permitjoin,
      };
    },
  };
}

export type RadioCommand =
  | { command: 'permitjoin'; value: number }
  | { command: 'zigbeechannel'; value: number }
  | { command: 'rfconnected'; value: boolean };

/** Records what it was asked to do and says it was done; lets API tests look without a bridge. */
export class RecordingRadioControl implements RadioControl {
  readonly commands: RadioCommand[] = [];
  async setPermitJoin(seconds: number) { this.commands.push({ command: 'permitjoin', value: seconds }); return DONE; }
  async setChannel(channel: number) { this.commands.push({ command: 'zigbeechannel', value: channel }); return DONE; }
  async setConnected(connected: boolean) { this.commands.push({ command: 'rfconnected', value: connected }); return DONE; }
}

/** EUI-64 → EUI-48 by dropping the two middle bytes, the inverse of how deCONZ forms a LAN bridge id. */
export function macFromIeee(ieee: string): string {
  const hex = ieee.replace(/^0x/, '').toLowerCase();
  return `${hex.slice(0, 6)}${hex.slice(10)}`.match(/../g)!.join(':');
}

export interface LinkedRadio {
  info: RadioInfo;
  control: RadioControl;
  /** Stops following the link. */
  stop(): void;
}

/** The contract's error codes as deCONZ errors: clients retry 901/951 and show 950 as "not connected". */
function refusal(code: string, message: string): RadioOutcome {
  if (code === 'not_connected') return { ok: false, type: 950, reason: message };
  if (code === 'busy') return { ok: false, type: 951, reason: message };
  return { ok: false, type: 901, reason: message };
}

const NOT_CONNECTED: RadioOutcome = { ok: false, type: 950, reason: 'the bridge is not connected' };

/**
 * RadioInfo and RadioControl backed by the bridge link. Identity comes from the bridge's retained
 * info and is remembered in the database; while the bridge is away the last known identity is
 * reported with `rfconnected: false`. The permit-join countdown runs on the gateway clock from the
 * moment the info arrived, so it keeps counting between the bridge's once-a-second updates.
 */
export function createLinkedRadio(deps: { store: Store; link: BridgeLink; memory: RadioMemory; clock: Clock; onError: (err: unknown) => void }): LinkedRadio {
  const { store, link, memory, clock } = deps;
  const placeholder = createPlaceholderRadioInfo(store);
  let infoAt = 0;
  // A window the bridge confirmed but has not yet shown in its (coalesced) info: GET /config right
  // after PUT permitjoin must not read 0.
  let confirmed: { remaining: number; at: number } | undefined;

  const identityOf = (): RadioIdentity | undefined => {
    const info = link.info();
    if (!info) return memory.last();
    return {
      bridgeid: info.bridge,
      mac: macFromIeee(info.coordinator.ieee),
      panid: info.network.panid,
      zigbeechannel: info.network.channel,
      fwversion: info.coordinator.firmware,
      devicename: info.coordinator.devicename ?? memory.last()?.devicename ?? 'ConBee II',
    };
  };
  const remember = () => {
    infoAt = clock.now();
    const identity = identityOf();
    if (identity) memory.remember(identity).catch(deps.onError);
  };
  remember();
  const off = link.subscribe((event) => {
    if (event.kind === 'bridge-info' || (event.kind === 'bridge-online' && event.info)) remember();
  });

  const info: RadioInfo = {
    snapshot() {
      const identity = identityOf();
      const base = identity ? { ...placeholder.snapshot(), ...identity } : placeholder.snapshot();
      const bridgeInfo = link.connected() ? link.info() : undefined;
      const latest = confirmed && confirmed.at >= infoAt ? confirmed : undefined;
      const remaining = latest?.remaining ?? (bridgeInfo?.permit_join.open ? bridgeInfo.permit_join.remaining : 0);
      const elapsed = Math.floor((clock.now() - (latest?.at ?? infoAt)) / 1000);
      return {
        ...base,
        rfconnected: bridgeInfo?.rfconnected === true,
        permitjoin: bridgeInfo ? Math.max(0, remaining - elapsed) : 0,
      };
    },
  };

  const control: RadioControl = {
    async setPermitJoin(seconds) {
      // deCONZ's 255 means "open"; the contract's longest window is 254 s.
      const outcome = await link.request('permit_join', { time: Math.min(seconds, 254) });
      if (outcome.status !== 'ok') return refusal(outcome.code, `permit join: ${outcome.message}`);
      confirmed = { remaining: outcome.data.time, at: clock.now() };
      return DONE;
    },
    async setChannel(channel) {
      const current = link.connected() ? link.info()?.network.channel : undefined;
      if (current === undefined) return NOT_CONNECTED;
      if (channel === current) return DONE;
      return { ok: false, type: 901, reason: `the bridge cannot change the Zigbee channel; the network stays on ${current}` };
    },
    async setConnected(connected) {
      if (!link.connected()) return NOT_CONNECTED;
      if (connected) return link.info()?.rfconnected ? DONE : NOT_CONNECTED;
      return { ok: false, type: 901, reason: 'the bridge cannot take the Zigbee network down' };
    },
  };

  return { info, control, stop: off };
}
