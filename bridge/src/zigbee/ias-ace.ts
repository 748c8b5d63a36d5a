import type { Models } from 'zigbee-herdsman';
import type { AlarmStatePayload, ArmResult } from '@herdgate/shared/mqtt';

/**
 * The alarm panel side of IAS ACE (ZCL 8.3), which the coordinator plays for keypads: the arm
 * response to a keypad's arm command and the panel status it shows. Codes are the ZCL enums, the
 * same for every keypad.
 */
const PANEL_STATUS: Readonly<Record<AlarmStatePayload['armstate'], number>> = {
  disarmed: 0,
  armed_stay: 1,
  armed_night: 2,
  armed_away: 3,
  exit_delay: 4,
  entry_delay: 5,
  in_alarm: 7,
  arming_stay: 8,
  arming_night: 9,
  arming_away: 10,
};

const ARM_NOTIFICATION: Readonly<Record<ArmResult, number>> = {
  disarmed: 0,
  armed_stay: 1,
  armed_night: 2,
  armed_away: 3,
  invalid_code: 4,
  not_ready: 5,
  already_disarmed: 6,
};

/** Alarm status 1 = burglar alarm; audible notification 1 = default sound while counting or ringing. */
export function panelPayload(state: Pick<AlarmStatePayload, 'armstate' | 'seconds_remaining'>) {
  const sounding = state.armstate === 'in_alarm' || state.armstate === 'entry_delay' || state.armstate === 'exit_delay';
  return {
    panelstatus: PANEL_STATUS[state.armstate],
    secondsremain: state.seconds_remaining,
    audiblenotif: sounding ? 1 : 0,
    alarmstatus: state.armstate === 'in_alarm' ? 1 : 0,
  };
}

export async function sendPanelStatus(endpoint: Models.Endpoint, state: Pick<AlarmStatePayload, 'armstate' | 'seconds_remaining'>): Promise<void> {
  await endpoint.commandResponse('ssIasAce', 'panelStatusChanged', panelPayload(state));
}

/**
 * The last panel status sent to each keypad, so a keypad that asks (getPanelStatus, e.g. when a
 * user wakes it) is answered with the same state and the seconds left by now.
 */
export class PanelMemory {
  private readonly shown = new Map<string, { state: Pick<AlarmStatePayload, 'armstate' | 'seconds_remaining'>; at: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  remember(ieee: string, endpoint: number, state: Pick<AlarmStatePayload, 'armstate' | 'seconds_remaining'>): void {
    this.shown.set(`${ieee}/${endpoint}`, { state, at: this.now() });
  }

  /** Answer a keypad's getPanelStatus; false when nothing was ever shown on it (nothing is sent). */
  async answer(endpoint: Models.Endpoint, ieee: string, seq: number): Promise<boolean> {
    const shown = this.shown.get(`${ieee}/${endpoint.ID}`);
    if (!shown) return false;
    const elapsed = Math.floor((this.now() - shown.at) / 1000);
    const state = { armstate: shown.state.armstate, seconds_remaining: Math.max(0, shown.state.seconds_remaining - elapsed) };
    await endpoint.commandResponse('ssIasAce', 'getPanelStatusRsp', panelPayload(state), {}, seq);
    return true;
  }
}

/** The arm response must carry the sequence number of the keypad's arm command. */
export async function sendArmResponse(endpoint: Models.Endpoint, result: ArmResult, seq: number): Promise<void> {
  await endpoint.commandResponse('ssIasAce', 'armRsp', { armnotification: ARM_NOTIFICATION[result] }, {}, seq);
}
