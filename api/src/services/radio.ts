import type { Store } from '../store/types';

/** What the radio reports about itself; the config route shows it. */
export interface RadioSnapshot {
  bridgeid: string;
  mac: string;
  panid: number;
  zigbeechannel: number;
  fwversion: string;
  devicename: string;
  rfconnected: boolean;
}

export interface RadioInfo {
  snapshot(): RadioSnapshot;
}

/** Commands for the radio; the bridge link implements them over MQTT. */
export interface RadioControl {
  setPermitJoin(seconds: number): Promise<void>;
  setChannel(channel: number): Promise<void>;
  setConnected(connected: boolean): Promise<void>;
}

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
      };
    },
  };
}

export type RadioCommand =
  | { command: 'permitjoin'; value: number }
  | { command: 'zigbeechannel'; value: number }
  | { command: 'rfconnected'; value: boolean };

/** Records what it was asked to do; stands in until the bridge link exists, and lets tests look. */
export class RecordingRadioControl implements RadioControl {
  readonly commands: RadioCommand[] = [];
  async setPermitJoin(seconds: number) { this.commands.push({ command: 'permitjoin', value: seconds }); }
  async setChannel(channel: number) { this.commands.push({ command: 'zigbeechannel', value: channel }); }
  async setConnected(connected: boolean) { this.commands.push({ command: 'rfconnected', value: connected }); }
}
