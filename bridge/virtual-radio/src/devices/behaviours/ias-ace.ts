/**
 * ssIasAce client (ZCL 8.3), the keypad side: it sends arm/emergency/fire/panic with a PIN to the
 * alarm panel (the coordinator) and shows whatever panel status the panel sends back.
 */
import type { Behaviour, BehaviourHost, CommandHandler } from '../behaviour';

const A = 'ssIasAce';

export const ArmMode = { disarm: 0, arm_day: 1, arm_night: 2, arm_all: 3 } as const;

/** Keeps what the keypad displays (not ZCL attributes: the client side has none). */
function show(values: (args: Record<string, unknown>) => Record<string, number>): CommandHandler {
  return (host, { endpoint, args }) => {
    host.memory.setClientState(endpoint, A, values(args));
    return { status: 0 };
  };
}

const panel = (args: Record<string, unknown>) => ({
  panelStatus: Number(args.panelstatus),
  secondsRemaining: Number(args.secondsremain),
  audibleNotification: Number(args.audiblenotif),
  alarmStatus: Number(args.alarmstatus),
});

export const iasAceClient: Behaviour = {
  clientCommands: {
    armRsp: show((args) => ({ armNotification: Number(args.armnotification) })),
    panelStatusChanged: show(panel),
    getPanelStatusRsp: show(panel),
    zoneStatusChanged: show((args) => ({ lastZoneId: Number(args.zoneid), lastZoneStatus: Number(args.zonestatus) })),
  },
};

export type PinCommand = keyof typeof ArmMode | 'emergency' | 'fire' | 'panic' | 'status';

/** What a person typing on the keypad makes it send. */
export function sendPin(host: BehaviourHost, ep: number, command: PinCommand, code: string): void {
  const options = { direction: 'toServer' as const };
  if (command in ArmMode) {
    host.sendCommand(ep, A, 'arm', { armmode: ArmMode[command as keyof typeof ArmMode], code, zoneid: 0 }, options);
  } else if (command === 'status') {
    host.sendCommand(ep, A, 'getPanelStatus', {}, options);
  } else {
    host.sendCommand(ep, A, command, {}, options);
  }
}
