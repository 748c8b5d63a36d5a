/**
 * "A person acts": the actions a device offers follow from its clusters and catalogue data (buttons,
 * zone type), never from its model id.
 */
import type { ActionResult } from '../network/types';
import type { Action } from './action';
import { type DataTypeName, Writer, commandByName, encodeCommand, resolveCluster, writeValue } from '../zcl/index';
import type { CatalogueEmission } from './catalogue-schema';
import { heartbeatAction } from './heartbeat-action';
import { presenceAction } from './presence-action';
import { chargingAction } from './charging-action';
import type { DeviceHost } from './device-host';
import { ArmMode, type PinCommand, sendPin } from './behaviours/ias-ace';
import { ZoneStatus, changeZoneStatus } from './behaviours/ias-zone';
import { cubeAction } from './cube-action';
import { setAction } from './set-action';
import { airAction } from './air-action';
import { vibrationAction } from './vibration-action';
import { windowAction } from './window-action';
import { datapointAction } from './datapoint-action';
import { inputAction } from './input-action';

type Params = Record<string, unknown>;

const ZoneType = { motion: 0x000d, contact: 0x0015, fire: 0x0028, water: 0x002a, carbonMonoxide: 0x002b } as const;
const fail = (error: string): ActionResult => ({ ok: false, error });

/** First endpoint serving `cluster` (in-cluster), or with it as a client when `client` is set. */
function endpointWith(host: DeviceHost, cluster: string, client = false): number | undefined {
  const id = resolveCluster(cluster)?.id;
  return host.entry.endpoints.find((e) => (client ? e.outClusters : e.inClusters).includes(id ?? -1))?.id;
}

function zoneEndpoint(host: DeviceHost, type: number): number | undefined {
  const ep = endpointWith(host, 'ssIasZone');
  return ep !== undefined && host.num(ep, 'ssIasZone', 'zoneType') === type ? ep : undefined;
}

function emit(host: DeviceHost, e: CatalogueEmission): void {
  const cluster = resolveCluster(e.cluster);
  const clusterId = typeof e.cluster === 'number' ? e.cluster : cluster!.id;
  const endpoint = e.endpoint ?? host.entry.endpoints[0].id;
  if (e.report) {
    host.announce(endpoint, cluster!.name, e.report.attribute, e.report.value);
    return;
  }
  let commandId: number;
  let payload: Uint8Array;
  if (e.command !== undefined) {
    const def = commandByName(cluster!, 'toServer', e.command)!;
    commandId = def.id;
    payload = encodeCommand(def, e.payload);
  } else {
    commandId = e.commandId!;
    const w = new Writer();
    for (const arg of e.args ?? []) writeValue(w, arg.type as DataTypeName, arg.value);
    payload = w.finish();
  }
  const header = {
    clusterSpecific: true,
    direction: e.direction,
    disableDefaultResponse: e.disableDefaultResponse,
    commandId,
    ...(e.manufacturerCode !== undefined ? { manufacturerCode: e.manufacturerCode } : {}),
  };
  host.emit(endpoint, clusterId, header, payload, host.commandDestinations(endpoint, clusterId));
}

function zoneAction(name: string, type: number, description: string, active: (p: Params) => boolean): (host: DeviceHost) => Action | undefined {
  return (host) => {
    const ep = zoneEndpoint(host, type);
    if (ep === undefined) return undefined;
    return {
      name,
      description,
      run: (h, params) => {
        const on = active(params);
        const status = changeZoneStatus(h, ep, on ? ZoneStatus.alarm1 : 0, on ? 0 : ZoneStatus.alarm1);
        return { ok: true, detail: { zoneStatus: status } };
      },
    };
  };
}

/** Any IAS zone: the tamper and low-battery bits of its zone status, as a sensor reports them. */
function zoneFlags(host: DeviceHost): Action | undefined {
  const ep = endpointWith(host, 'ssIasZone');
  if (ep === undefined) return undefined;
  return {
    name: 'zone-flags',
    description: 'set the tamper and low-battery bits ({tamper?:bool, lowBattery?:bool})',
    params: { tamper: 'true/false', lowBattery: 'true/false' },
    run: (h, params) => {
      let set = 0;
      let clear = 0;
      for (const [param, bit] of [
        ['tamper', ZoneStatus.tamper],
        ['lowBattery', ZoneStatus.battery],
      ] as const) {
        if (params[param] === true) set |= bit;
        else if (params[param] === false) clear |= bit;
        else if (params[param] !== undefined) return fail(`${param} must be true or false`);
      }
      return { ok: true, detail: { zoneStatus: changeZoneStatus(h, ep, set, clear) } };
    },
  };
}

function motion(host: DeviceHost): Action | undefined {
  const occ = endpointWith(host, 'msOccupancySensing');
  const zone = zoneEndpoint(host, ZoneType.motion);
  if (occ === undefined && zone === undefined) return undefined;
  return {
    name: 'motion',
    description: 'someone walks past; occupancy clears by itself after the sensor timeout',
    params: { clearAfter: 'seconds (default: pirOToUDelay or catalogue motionClearSeconds)' },
    run: (h, params) => {
      const seconds = Number(params.clearAfter ?? (occ !== undefined ? h.num(occ, 'msOccupancySensing', 'pirOToUDelay') : h.config.motionClearSeconds));
      if (occ !== undefined) h.set(occ, 'msOccupancySensing', 'occupancy', 1);
      if (zone !== undefined) changeZoneStatus(h, zone, ZoneStatus.alarm1);
      h.timers.set(
        'motion:clear',
        () => {
          if (occ !== undefined) h.set(occ, 'msOccupancySensing', 'occupancy', 0);
          if (zone !== undefined) changeZoneStatus(h, zone, 0, ZoneStatus.alarm1);
        },
        seconds * 1000,
      );
      return { ok: true, detail: { clearsAfterSeconds: seconds } };
    },
  };
}

function press(host: DeviceHost): Action | undefined {
  const buttons = host.entry.buttons;
  if (!buttons) return undefined;
  const names = Object.keys(buttons);
  return {
    name: 'press',
    description: 'press a button',
    params: { button: names.join('|'), kind: 'single|double|triple|hold|release' },
    run: (h, params) => {
      const button = String(params.button ?? names[0]);
      const kind = String(params.kind ?? 'single');
      const emissions = buttons[button]?.[kind as 'single'];
      if (!emissions) return fail(`no ${kind} press for button "${button}" (buttons: ${names.join(', ')})`);
      for (const e of emissions) emit(h, e);
      return { ok: true, detail: { frames: emissions.length } };
    },
  };
}

function pin(host: DeviceHost): Action | undefined {
  const ep = endpointWith(host, 'ssIasAce', true);
  if (ep === undefined) return undefined;
  const commands = [...Object.keys(ArmMode), 'emergency', 'fire', 'panic', 'status'];
  return {
    name: 'pin',
    description: 'type a PIN and press a keypad key',
    params: { code: 'PIN digits', command: commands.join('|') },
    run: (h, params) => {
      const command = String(params.command ?? 'arm_all');
      if (!commands.includes(command)) return fail(`unknown keypad command "${command}" (use ${commands.join(', ')})`);
      sendPin(h, ep, command as PinCommand, String(params.code ?? ''));
      return { ok: true };
    },
  };
}

const builders: Array<(host: DeviceHost) => Action | undefined> = [
  press,
  inputAction,
  zoneAction('open', ZoneType.contact, 'open the door or window', () => true),
  zoneAction('close', ZoneType.contact, 'close the door or window', () => false),
  motion,
  zoneAction('water', ZoneType.water, 'water leak detected ({active:false} to dry)', (p) => p.active !== false),
  zoneAction('smoke', ZoneType.fire, 'smoke detected ({active:false} to clear)', (p) => p.active !== false),
  zoneAction('co', ZoneType.carbonMonoxide, 'carbon monoxide detected ({active:false} to clear)', (p) => p.active !== false),
  zoneFlags,
  pin,
  cubeAction,
  setAction,
  windowAction,
  vibrationAction,
  airAction,
  heartbeatAction,
  presenceAction,
  chargingAction,
  datapointAction,
];

export function availableActions(host: DeviceHost): Action[] {
  return builders.map((b) => b(host)).filter((a): a is Action => a !== undefined);
}
