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
  /** `running` while the bridge updates the radio firmware (deCONZ `fwupdatestate`). */
  fwupdatestate: 'idle' | 'running';
}

export interface RadioInfo {
  snapshot(): RadioSnapshot;
}

/** What really happened to a radio command: done, or refused with the deCONZ error to answer. */
export type RadioOutcome = { ok: true } | RadioRefusal;
export type RadioRefusal = { ok: false; type: Extract<ErrorType, 901 | 950 | 951>; reason: string };

/** Settings the bridge applies itself (deCONZ `groupdelay`, `otauactive`). */
export interface BridgeOptions {
  groupdelay: number;
  otauactive: boolean;
  lightlastseeninterval: number;
}

/** Commands for the radio; the bridge link implements them over MQTT. */
export interface RadioControl {
  setPermitJoin(seconds: number): Promise<RadioOutcome>;
  /** Moves the running network; resolves once the network runs on `channel` (or says why not). */
  setChannel(channel: number): Promise<RadioOutcome>;
  setConnected(connected: boolean): Promise<RadioOutcome>;
  /** A new network (new PAN id, extended PAN id, key; same channel): every device must pair again. */
  resetNetwork(): Promise<RadioOutcome>;
  /** Resolves with the firmware running afterwards. */
  updateFirmware(): Promise<{ ok: true; firmware: string; updated: boolean } | RadioRefusal>;
  setOptions(options: BridgeOptions): Promise<RadioOutcome>;
  /** Gives these devices back their default names on the bridge (`deleteDB`); the first refusal ends it. */
  forgetNames(ieees: readonly string[]): Promise<RadioOutcome>;
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
        fwupdatestate: 'idle',
      };
    },
  };
}

export type RadioCommand =
  | { command: 'permitjoin'; value: number }
  | { command: 'zigbeechannel'; value: number }
  | { command: 'rfconnected'; value: boolean }
  | { command: 'reset' }
  | { command: 'firmware' }
  | { command: 'options'; value: BridgeOptions }
  | { command: 'forget-names'; value: readonly string[] };

/** Records what it was asked to do and says it was done; lets API tests look without a bridge. */
export class RecordingRadioControl implements RadioControl {
  readonly commands: RadioCommand[] = [];
  async setPermitJoin(seconds: number) {
    this.commands.push({ command: 'permitjoin', value: seconds });
    return DONE;
  }
  async setChannel(channel: number) {
    this.commands.push({ command: 'zigbeechannel', value: channel });
    return DONE;
  }
  async setConnected(connected: boolean) {
    this.commands.push({ command: 'rfconnected', value: connected });
    return DONE;
  }
  async resetNetwork() {
    this.commands.push({ command: 'reset' });
    return DONE;
  }
  async updateFirmware() {
    this.commands.push({ command: 'firmware' });
    return { ok: true as const, firmware: '0x00000000', updated: false };
  }
  async setOptions(options: BridgeOptions) {
    this.commands.push({ command: 'options', value: options });
    return DONE;
  }
  async forgetNames(ieees: readonly string[]) {
    this.commands.push({ command: 'forget-names', value: ieees });
    return DONE;
  }
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
function refusal(code: string, message: string): RadioRefusal {
  if (code === 'not_connected') return { ok: false, type: 950, reason: message };
  if (code === 'busy') return { ok: false, type: 951, reason: message };
  return { ok: false, type: 901, reason: message };
}

const NOT_CONNECTED: RadioRefusal = { ok: false, type: 950, reason: 'the bridge is not connected' };
/** Moving a network takes herdsman a restart of its Controller plus the devices' switch; a firmware update longer. */
const NETWORK_TIMEOUT_MS = 120_000;

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
  // The same for a network operation's outcome (radio on/off, channel, firmware): true once answered.
  let settled: { at: number; rfconnected?: boolean; channel?: number; firmware?: string } | undefined;

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
      const fresh = settled && settled.at >= infoAt ? settled : undefined;
      const rfconnected = bridgeInfo ? (fresh?.rfconnected ?? bridgeInfo.rfconnected) : false;
      return {
        ...base,
        zigbeechannel: fresh?.channel ?? base.zigbeechannel,
        fwversion: fresh?.firmware ?? base.fwversion,
        rfconnected,
        permitjoin: bridgeInfo && rfconnected ? Math.max(0, remaining - elapsed) : 0,
        // An update the bridge answered is over, even before its next info says so.
        fwupdatestate: bridgeInfo?.network_state === 'updating_firmware' && fresh?.firmware === undefined ? 'running' : 'idle',
      };
    },
  };

  const control: RadioControl = {
    async setPermitJoin(seconds) {
      // Any length up to 65535 s: the bridge re-sends the radio's 254 s frame until it has passed.
      const outcome = await link.request('permit_join', { time: seconds });
      if (outcome.status !== 'ok') return refusal(outcome.code, `permit join: ${outcome.message}`);
      confirmed = { remaining: outcome.data.time, at: clock.now() };
      return DONE;
    },
    async setChannel(channel) {
      if (!link.connected() || !link.info()) return NOT_CONNECTED;
      if (channel === info.snapshot().zigbeechannel) return DONE;
      const outcome = await link.request('network/channel', { channel }, NETWORK_TIMEOUT_MS);
      if (outcome.status !== 'ok') return refusal(outcome.code, `channel change: ${outcome.message}`);
      // An ok answer means the network runs again, on the new channel.
      settled = { ...settled, at: clock.now(), channel: outcome.data.channel, rfconnected: true };
      return DONE;
    },
    async setConnected(connected) {
      if (!link.connected()) return NOT_CONNECTED;
      const outcome = await link.request('network/connect', { connected }, NETWORK_TIMEOUT_MS);
      if (outcome.status !== 'ok') return refusal(outcome.code, `${connected ? 'radio on' : 'radio off'}: ${outcome.message}`);
      settled = { ...settled, at: clock.now(), rfconnected: outcome.data.connected };
      return DONE;
    },
    async resetNetwork() {
      if (!link.connected()) return NOT_CONNECTED;
      const outcome = await link.request('network/reset', {}, NETWORK_TIMEOUT_MS);
      if (outcome.status !== 'ok') return refusal(outcome.code, `network reset: ${outcome.message}`);
      return DONE;
    },
    async updateFirmware() {
      if (!link.connected()) return NOT_CONNECTED;
      const outcome = await link.request('firmware/update', {}, NETWORK_TIMEOUT_MS);
      if (outcome.status !== 'ok') return refusal(outcome.code, `firmware update: ${outcome.message}`);
      settled = { ...settled, at: clock.now(), firmware: outcome.data.firmware, rfconnected: true };
      return { ok: true, firmware: outcome.data.firmware, updated: outcome.data.updated };
    },
    async setOptions({ groupdelay, otauactive, lightlastseeninterval }) {
      if (!link.connected()) return NOT_CONNECTED;
      const outcome = await link.request('options', { group_delay_ms: groupdelay, ota: otauactive, light_lastseen_s: lightlastseeninterval });
      return outcome.status === 'ok' ? DONE : refusal(outcome.code, `options: ${outcome.message}`);
    },
    async forgetNames(ieees) {
      if (!link.connected()) return NOT_CONNECTED;
      for (const ieee of ieees) {
        const outcome = await link.request('device/rename', { ieee, name: '' });
        // A device the bridge no longer knows has no name to forget.
        if (outcome.status !== 'ok' && outcome.code !== 'not_found' && outcome.code !== 'not_supported')
          return refusal(outcome.code, `device names: ${outcome.message}`);
      }
      return DONE;
    },
  };

  return { info, control, stop: off };
}
